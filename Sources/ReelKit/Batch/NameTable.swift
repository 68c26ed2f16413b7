import Foundation

/// Many short names kept in one buffer of bytes, each found again by its text: what a check of a
/// big jobs file keeps of each row (its id, its output's name), at a few bytes over the name's
/// own, where a dictionary of strings costs several times that. Names are numbered from 0 in the
/// order they are added; a name is added once. Names are alike as Swift's strings are (by
/// canonical equivalence: `é` written as one character or as `e` and an accent is one name), so
/// each is kept in its composed form, and as written beside it when that differs (rare).
struct NameTable {
    /// The names whose composed form differs from what was written, as written.
    private var written: [Int: String] = [:]
    private var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []
    /// Open addressing: each slot the number of a name plus 1, or 0 when empty; a power of 2 long,
    /// kept at most half full.
    private var slots: [Int32] = []

    var count: Int { ends.count }

    /// The name numbered `index`.
    subscript(index: Int) -> String {
        if let name = written[index] { return name }
        return String(decoding: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
    }

    /// The number of `name`, if it was added.
    func index(of name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let utf8 = Self.composed(name)
        var slot = Self.hash(utf8) & (slots.count - 1)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]].elementsEqual(utf8) { return index }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Adds `name` unless it is there; its number, and whether it was added.
    @discardableResult
    mutating func insert(_ name: String) -> (index: Int, inserted: Bool) {
        if let index = index(of: name) { return (index, false) }
        if (count + 1) * 2 > slots.count { grow() }
        let key = Self.composed(name)
        if !key.elementsEqual(name.utf8) { written[count] = name }
        bytes += key
        ends.append(bytes.count)
        place(count - 1)
        return (count - 1, true)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
        for index in 0..<count { place(index) }
    }

    /// Puts name `index` in its slot. The file's size bounds the names, far below Int32's range.
    private mutating func place(_ index: Int) {
        var slot = Self.hash(bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(index + 1)
    }

    /// The bytes of `name` in Unicode's composed form (NFC); ASCII is already.
    private static func composed(_ name: String) -> [UInt8] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return Array(name.utf8) }
        return Array(name.precomposedStringWithCanonicalMapping.utf8)
    }

    /// FNV-1a, 64 bits.
    private static func hash<C: Collection<UInt8>>(_ bytes: C) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
