/// A parsed JSON document as a small value tree.
///
/// Two things set it apart from Foundation's `JSONSerialization`: numbers keep their decimal text
/// exactly as written (times are read from it without going through `Double`), and objects keep
/// the order of their keys (diagnostics and upgrades see the document as its author wrote it).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON name of the value's type, for messages such as "expected a string, found a number".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The text when this is a string, else nil: readers use it to check a type and read in one step.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The exact number when this is a number, else nil; its text, not a `Double`, is what times are read from.
    package var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The boolean when this is `true` or `false`, else nil (no truthiness: `0` and `""` are not booleans).
    package var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The items when this is an array, else nil.
    package var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members in document order when this is an object, else nil.
    package var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
}

/// A JSON number kept as its decimal text, so that `0.1` stays one tenth and not the nearest double.
///
/// Two numbers are equal when their texts are: `1.0` and `1` differ, which is what a lossless
/// round trip of a document needs.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written, matching JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    package let text: String

    /// Accepts only text that follows JSON's number grammar; nil otherwise.
    public init?(text: String) {
        guard JSONNumber.isValid(text.utf8) else { return nil }
        self.text = text
    }

    /// An integer, written in decimal.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// A finite double in its shortest round-trip form (`0.8`, `1e-07`), integers without `.0`;
    /// nil for infinities and NaN, which JSON cannot express.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    public var description: String { text }

    /// The value as an `Int` when the text is a plain integer that fits.
    package var intValue: Int? { Int(text) }

    /// The nearest `Double`, for values such as gains where binary floating point is fine.
    package var doubleValue: Double? { Double(text) }

    /// True when `bytes` follow JSON's number grammar exactly.
    static func isValid<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var i = bytes.startIndex
        func peek() -> UInt8? { i < bytes.endIndex ? bytes[i] : nil }
        func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        func digits() -> Int {
            var n = 0
            while isDigit(peek()) {
                i = bytes.index(after: i)
                n += 1
            }
            return n
        }
        if peek() == UInt8(ascii: "-") { i = bytes.index(after: i) }
        if peek() == UInt8(ascii: "0") {
            i = bytes.index(after: i)
        } else if digits() == 0 {
            return false
        }
        if peek() == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            if digits() == 0 { return false }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i = bytes.index(after: i) }
            if digits() == 0 { return false }
        }
        return i == bytes.endIndex
    }
}

/// A JSON object that keeps its keys in document order.
///
/// Keys are unique: the parser keeps the last of duplicated keys (as json-c does) and reports the
/// duplicates separately.
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// Unique within its object; the writer sorts by it unless asked for document order.
        package var key: String
        /// Never absent: a key written with `null` holds `.null`, unlike a missing key.
        package var value: JSONValue

        /// One pair; the object it goes into decides what a duplicate key does (the last wins).
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    package private(set) var members: [Member]

    /// Members in order; a repeated key keeps its first place and takes the last value, as the subscript setter does.
    public init(_ members: [Member] = []) {
        self.members = []
        for member in members { self[member.key] = member.value }
    }

    /// Members whose keys are known to be unique (as json-c's objects are): no search for duplicates.
    init(uniqueMembers: [Member]) {
        self.members = uniqueMembers
    }

    /// Builds an object from pairs in the given order.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.init(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// The keys in document order, e.g. to report unknown keys in the order the author wrote them.
    package var keys: [String] { members.map(\.key) }
    /// Number of distinct keys.
    package var count: Int { members.count }
    /// True for `{}`, which the writer prints on one line.
    package var isEmpty: Bool { members.isEmpty }

    /// The value of `key`; setting replaces it in place or appends a new key at the end,
    /// and setting nil removes it.
    package subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            let index = members.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let i?, let v?): members[i].value = v
            case (nil, let v?): members.append(Member(key: key, value: v))
            case (let i?, nil): members.remove(at: i)
            case (nil, nil): break
            }
        }
    }
}

extension JSONNumber {
    /// `x` as a document writes it (shortest exact text), for messages that quote a number; Swift's
    /// own text for values JSON cannot hold.
    package static func plainText(_ x: Double) -> String {
        JSONNumber(x)?.text ?? "\(x)"
    }
}
