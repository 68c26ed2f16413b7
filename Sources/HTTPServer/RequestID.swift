/// The id that ties a request to its logs on both sides (X-Request-Id).
enum RequestID {
    /// The client's id when it is safe to echo and log (1 to 64 of `A-Z a-z 0-9 . _ -`: no header
    /// injection, no log forging), else a fresh random one.
    static func choose(_ sent: String?) -> String {
        if let sent, isSane(sent) { return sent }
        return fresh()
    }

    /// Whether `id` may be echoed as is.
    static func isSane(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D
            }
    }

    /// 32 lowercase hex digits (128 random bits), unique for every practical purpose.
    static func fresh() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next() as UInt64, generator.next() as UInt64].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
