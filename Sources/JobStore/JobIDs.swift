import Synchronization

/// Sortable unique ids: a prefix, then 26 Crockford base32 characters of a 48-bit millisecond time
/// and 80 random bits (ULID's layout). Within one process ids only grow: an id made in the same
/// millisecond as the last (or while the clock stepped back) is the last one plus one.
package enum JobIDs {
    /// The digits, in order: no I, L, O or U, so ids read aloud and compare as plain text.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// The last id's time and random bits (high 16, low 64), so the next id is larger.
    private static let last = Mutex<(time: UInt64, high: UInt16, low: UInt64)>((0, 0, 0))

    /// A new id such as "r_01J9Z3...": `JobIDs.make(prefix: "r_")` for jobs, "m_" for uploads.
    package static func make(prefix: String) -> String {
        let now = WallClock.milliseconds()
        let (time, high, low) = last.withLock { last in
            var generator = SystemRandomNumberGenerator()
            if now > last.time {
                last = (now, UInt16.random(in: .min ... .max, using: &generator), generator.next())
            } else {
                let (low, carry) = last.low.addingReportingOverflow(1)
                let (high, overflow) = last.high.addingReportingOverflow(carry ? 1 : 0)
                // 2^80 ids in one millisecond cannot happen; should it, time moves on by one.
                last = overflow ? (last.time + 1, 0, 0) : (last.time, high, low)
            }
            return last
        }
        var characters = [UInt8]()
        characters.reserveCapacity(26)
        for index in 0..<10 { characters.append(alphabet[Int((time >> UInt64(45 - 5 * index)) & 31)]) }
        for index in 0..<16 {
            let shift = 75 - 5 * index
            let bits: UInt64
            if shift >= 64 {
                bits = UInt64(high) >> UInt64(shift - 64)
            } else if shift + 5 <= 64 {
                bits = low >> UInt64(shift)
            } else {
                bits = (low >> UInt64(shift)) | (UInt64(high) << UInt64(64 - shift))
            }
            characters.append(alphabet[Int(bits & 31)])
        }
        return prefix + String(decoding: characters, as: UTF8.self)
    }

    /// Whether `id` has the shape `make(prefix:)` gives: lets a server answer 404 for a malformed
    /// id in a path without asking the database.
    package static func isWellFormed(_ id: String, prefix: String) -> Bool {
        guard id.hasPrefix(prefix) else { return false }
        let body = id.utf8.dropFirst(prefix.utf8.count)
        // The first digit holds the top 3 of 130 bits, of which 2 are zero: at most "7".
        return body.count == 26 && body.allSatisfy { alphabet.contains($0) } && body.first! <= UInt8(ascii: "7")
    }
}
