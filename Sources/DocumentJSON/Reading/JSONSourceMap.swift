/// Where each value of a JSON document starts in its text, found by one scan of the text.
///
/// json-c gives no positions for values, only for syntax errors; diagnostics need the line and
/// column of `slots[2].duration`. The scan also does what json-c's strict mode leaves undone:
/// it keeps each number's exact text, rejects `NaN`, `Infinity`, `1.` and raw control characters
/// in strings, and notes duplicated keys (json-c keeps the last silently).
package struct JSONSourceMap: Sendable, Hashable {
    /// What the scan recorded about one value.
    struct Entry: Sendable, Hashable {
        /// Byte offset of the value's first character.
        var valueOffset: Int
        /// Byte offset of the opening quote of its key, for object members.
        var keyOffset: Int?
        /// The exact text of a number.
        var numberText: String?
    }

    /// A key written twice in the same object.
    package struct DuplicateKey: Sendable, Hashable {
        /// Path of the repeated member (the value kept is the last one).
        package let path: JSONPath
        /// Where the later occurrence's key starts.
        package let position: TextPosition
    }

    private var entries: [JSONPath: Entry] = [:]
    private let lines: LineTable
    package private(set) var duplicateKeys: [DuplicateKey] = []

    /// Scans `bytes`, which json-c has already accepted; throws for what json-c lets through.
    init(scanning bytes: [UInt8]) throws(JSONSyntaxError) {
        lines = LineTable(bytes)
        var scanner = Scanner(bytes: bytes, lines: lines)
        try scanner.document()
        entries = scanner.entries
        duplicateKeys = scanner.duplicates
    }

    /// Line and column where the value at `path` starts; nil when the document has no such value.
    package func position(of path: JSONPath) -> TextPosition? {
        entries[path].map { lines.position(ofOffset: $0.valueOffset) }
    }

    /// Line and column of the key of the member at `path` (its value's position for array items and the root).
    package func keyPosition(of path: JSONPath) -> TextPosition? {
        entries[path].map { lines.position(ofOffset: $0.keyOffset ?? $0.valueOffset) }
    }

    /// The nearest known position: the value at `path`, or else that of its closest ancestor
    /// (a missing key is reported at the object that lacks it).
    func nearestPosition(of path: JSONPath) -> TextPosition? {
        var p = path
        while true {
            if let found = position(of: p) { return found }
            if p.isRoot { return nil }
            p = p.parent
        }
    }

    /// This map with the value at `to` placed where the value at `from` is written: an upgrade that
    /// renames a key (`duck` to `ducking`) keeps reporting problems at the text the person wrote.
    package func moving(_ from: JSONPath, to: JSONPath) -> JSONSourceMap {
        var moved = self
        if let entry = entries[from] { moved.entries[to] = Entry(valueOffset: entry.valueOffset, keyOffset: entry.keyOffset) }
        return moved
    }

    /// The exact text of the number at `path`.
    func numberText(at path: JSONPath) -> String? {
        entries[path]?.numberText
    }

    func position(ofOffset offset: Int) -> TextPosition {
        lines.position(ofOffset: offset)
    }
}

/// The recursive scan behind `JSONSourceMap`: a JSON tokenizer that records offsets by path.
private struct Scanner {
    let bytes: [UInt8]
    let lines: LineTable
    var i = 0
    var entries: [JSONPath: JSONSourceMap.Entry] = [:]
    var duplicates: [JSONSourceMap.DuplicateKey] = []

    init(bytes: [UInt8], lines: LineTable) {
        self.bytes = bytes
        self.lines = lines
    }

    mutating func document() throws(JSONSyntaxError) {
        try value(at: .root, keyOffset: nil)
        skipSpace()
        if i < bytes.count, bytes[i] != 0 { throw error("unexpected text after the document") }
    }

    private mutating func value(at path: JSONPath, keyOffset: Int?) throws(JSONSyntaxError) {
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of data") }
        var entry = JSONSourceMap.Entry(valueOffset: i, keyOffset: keyOffset)
        switch bytes[i] {
        case UInt8(ascii: "{"):
            entries[path] = entry
            try object(at: path)
        case UInt8(ascii: "["):
            entries[path] = entry
            try array(at: path)
        case UInt8(ascii: "\""):
            entries[path] = entry
            _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            entries[path] = entry
            try literal()
        default:
            entry.numberText = try number()
            entries[path] = entry
        }
    }

    private mutating func object(at path: JSONPath) throws(JSONSyntaxError) {
        i += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            i += 1
            return
        }
        var seen = Set<String>()
        while true {
            skipSpace()
            let keyOffset = i
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            if key.utf8.contains(0) { throw error("a key must not contain U+0000", at: keyOffset) }
            if !seen.insert(key).inserted {
                duplicates.append(.init(path: path.appending(key), position: lines.position(ofOffset: keyOffset)))
            }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            i += 1
            try value(at: path.appending(key), keyOffset: keyOffset)
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"):
                i += 1
                return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array(at path: JSONPath) throws(JSONSyntaxError) {
        i += 1
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            i += 1
            return
        }
        var index = 0
        while true {
            try value(at: path.appending(index), keyOffset: nil)
            index += 1
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"):
                i += 1
                return
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// Reads a string starting at its opening quote; returns its unescaped value.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let body = Array(bytes[(start + 1)..<i])
                i += 1
                guard let text = JSONParser.unescape(body) else { throw error("invalid escape in string", at: start) }
                return text
            }
            if b < 0x20 { throw error("control character in a string: write it escaped, such as \\n or \\t") }
            i += b == UInt8(ascii: "\\") ? 2 : 1
        }
        throw error("unterminated string", at: start)
    }

    private mutating func literal() throws(JSONSyntaxError) {
        for word in ["true", "false", "null"] {
            let w = Array(word.utf8)
            if i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w {
                i += w.count
                return
            }
        }
        throw error("unexpected word: expected true, false or null")
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        while i < bytes.count, Scanner.isNumberish(bytes[i]) { i += 1 }
        let token = bytes[start..<i]
        guard !token.isEmpty, JSONNumber.isValid(token) else {
            throw error("invalid number '\(String(decoding: token, as: UTF8.self))'", at: start)
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// Characters that can continue a number token, letters included so that `NaN` and
    /// `Infinity` are read whole and rejected.
    private static func isNumberish(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[i]) { i += 1 }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: .syntax, message: message, position: lines.position(ofOffset: offset ?? i))
    }
}
