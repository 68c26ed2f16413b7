/// Where a value sits in a JSON document, written like `slots[2].duration`.
///
/// Diagnostics name the place of a problem with it, and the source map finds its line and column.
/// The root is the empty path.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down the tree.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package private(set) var components: [Component]

    /// The path through `components` from the root; the default is the root itself.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The whole document: where readers start, and what a finding about the top-level value names.
    package static let root = JSONPath()

    /// True for the whole document, whose description and pointer are both empty.
    package var isRoot: Bool { components.isEmpty }

    /// This path followed by an object key.
    package func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// This path followed by an array index.
    package func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path of the object or array that holds this value; the root is its own parent.
    package var parent: JSONPath {
        JSONPath(Array(components.dropLast()))
    }

    /// The JSON Pointer (RFC 6901) of the value: `/slots/2/duration`; the root is the empty string.
    /// Diagnostics show it, since editors and JSON Schema validators name places the same way.
    package var pointer: String {
        components.map { component in
            switch component {
            case .index(let i): "/\(i)"
            case .key(let k): "/" + k.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
            }
        }.joined()
    }

    /// `slots[2].duration`; keys that are not plain identifiers are quoted: `labels["two words"]`.
    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k) where JSONPath.isIdentifier(k):
                out += out.isEmpty ? k : ".\(k)"
            case .key(let k):
                out += "[" + JSONWriter.quoted(k) + "]"
            }
        }
        return out
    }

    /// Reads the form `description` writes (`slots[2].duration`, `a["b c"]`); nil when malformed.
    public init?(_ text: String) {
        var components: [Component] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "." {
                guard !components.isEmpty else { return nil }
                rest = rest.dropFirst()
            }
            if rest.hasPrefix("[\"") {
                // The key ends at the first quote that is not escaped.
                let utf8 = Array(rest.utf8)
                var j = 2
                while j < utf8.count, utf8[j] != UInt8(ascii: "\"") { j += utf8[j] == UInt8(ascii: "\\") ? 2 : 1 }
                guard j + 1 < utf8.count, utf8[j + 1] == UInt8(ascii: "]"), let key = JSONParser.unescape(Array(utf8[2..<j])) else {
                    return nil
                }
                components.append(.key(key))
                rest = Substring(String(decoding: utf8[(j + 2)...], as: UTF8.self))
            } else if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]), i >= 0 else {
                    return nil
                }
                components.append(.index(i))
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
                let key = rest[..<end]
                guard JSONPath.isIdentifier(key) else { return nil }
                components.append(.key(String(key)))
                rest = rest[end...]
            }
        }
        self.components = components
    }

    /// ASCII letters, digits and `_`, not starting with a digit: keys written without quotes.
    static func isIdentifier<S: StringProtocol>(_ key: S) -> Bool {
        func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == 0x5f }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        guard let first = key.utf8.first, isLetter(first) else { return false }
        return key.utf8.allSatisfy { isLetter($0) || isDigit($0) }
    }
}
