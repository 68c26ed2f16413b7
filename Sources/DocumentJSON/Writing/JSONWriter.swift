/// Writes a `JSONValue` as deterministic text: the same value always gives the same bytes.
///
/// Keys are sorted (by their UTF-8 bytes, so the order does not depend on locale or Unicode
/// tables), indentation is two spaces, the text ends with a newline, numbers are written from
/// their kept text, and strings escape only what JSON requires (non-ASCII stays UTF-8).
package enum JSONWriter {
    /// `value` as indented text with sorted keys and a final newline: for files that are compared or diffed.
    package static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, sorted: true, into: &out)
        out += "\n"
        return out
    }

    /// `value` as `write` gives it, but each object's keys in the order the value holds them: for
    /// documents whose order is read by people (the template schema), not compared by tools.
    package static func writeInDocumentOrder(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, sorted: false, into: &out)
        out += "\n"
        return out
    }

    /// `value` on one line without spaces, keys sorted as in `write`: a line of a JSON Lines file.
    package static func line(_ value: JSONValue) -> String {
        var out = ""
        writeLine(value, into: &out)
        return out
    }

    private static func writeLine(_ value: JSONValue, into out: inout String) {
        switch value {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                writeLine(item, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
                if i > 0 { out += "," }
                out += quoted(member.key) + ":"
                writeLine(member.value, into: &out)
            }
            out += "}"
        default:
            write(value, indent: 0, sorted: true, into: &out)
        }
    }

    private static func write(_ value: JSONValue, indent: Int, sorted: Bool, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): out += quoted(s)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(item, indent: indent + 2, sorted: sorted, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let object):
            guard !object.isEmpty else {
                out += "{}"
                return
            }
            let members = sorted ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : object.members
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2) + quoted(member.key) + ": "
                write(member.value, indent: indent + 2, sorted: sorted, into: &out)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
