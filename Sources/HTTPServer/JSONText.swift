/// JSON string literals for the error bodies the server writes itself, without a JSON library.
enum JSONText {
    /// `text` as a JSON string, quotes included: quote, backslash and control characters escaped
    /// (RFC 8259 §7), and U+2028/U+2029 too, so the text is also safe inside JavaScript.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += "\\u\(hex4(scalar.value))"
            default:
                if scalar.value < 0x20 { out += "\\u\(hex4(scalar.value))" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
