/// Text from a document shown on a terminal with its control characters made visible.
///
/// A timeline's texts, ids and paths, and a journal's operations and summaries, are anyone's
/// bytes: printed raw, an escape sequence in them would move the cursor, recolour or clear the
/// terminal, or hide the lines before it. Each control character (C0, DEL, C1), line or paragraph
/// separator and bidirectional override is shown as its code instead, `\u001b` for ESC.
enum VisibleText {
    static func escaped(_ text: String) -> String { escaping(text, isHidden) }

    /// JSON text with the same characters escaped as JSON escapes (`\u009b`), which JSON allows
    /// raw but a terminal may act on; C0 controls are escaped by `JSONWriter` already (and the line
    /// ends between values must stay). The value read back is the same: these characters occur
    /// only inside strings.
    static func json(_ text: String) -> String { escaping(text) { $0.value >= 0x7F && isHidden($0) } }

    private static func escaping(_ text: String, _ hidden: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: hidden) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if hidden(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isHidden(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
