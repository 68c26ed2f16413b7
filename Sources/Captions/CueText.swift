import MediaTime

/// The words of a cue's text, without its markup, with the times WebVTT's inline timestamps give.
///
/// Markup is what players hide: HTML-ish tags (`<i>`, `</b>`, `<c.yellow>`, `<v Roger>`,
/// `<lang en>`), SSA overrides some SRT files carry (`{\an8}`), and the entities WebVTT defines
/// (`&amp;`, `&lt;`, `&gt;`, `&nbsp;`, `&lrm;`, `&rlm;`, numeric ones). A `<` that opens no tag
/// is text. A timestamp tag (`<00:00:01.500>`) times the word that follows it.
package enum CueText {
    /// A word as written, and the inline timestamp before it, if any.
    package struct Word: Hashable {
        /// The word with markup and entities removed.
        package var text: String
        /// The time of the WebVTT timestamp tag just before the word; nil when it is timed otherwise (words file, or spread over the cue).
        package var start: RationalTime?
    }

    /// The words of a cue's `text` split on whitespace, markup removed, entities decoded; empty for text that is only markup.
    package static func words(_ text: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var pendingStart: RationalTime?
        func endWord() {
            guard !current.isEmpty else { return }
            words.append(Word(text: current, start: pendingStart))
            current = ""
            pendingStart = nil
        }
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "<", let close = chars[(i + 1)...].firstIndex(of: ">") {
                let tag = String(chars[(i + 1)..<close])
                if let time = CaptionTimeText.time(Substring(tag)) {
                    endWord()
                    pendingStart = time
                }
                i = close + 1
                continue
            }
            if c == "{", i + 1 < chars.count, chars[i + 1] == "\\", let close = chars[(i + 1)...].firstIndex(of: "}") {
                i = close + 1
                continue
            }
            if c == "&", let (decoded, length) = entity(chars, at: i) {
                if isInvisibleMark(decoded) {
                    // Nothing to show.
                } else if decoded.isWhitespace && decoded != "\u{a0}" {
                    endWord()
                } else {
                    current.append(decoded)
                }
                i += length
                continue
            }
            if c.isWhitespace {
                endWord()
            } else if !isInvisibleMark(c) {
                current.append(c)
            }
            i += 1
        }
        endWord()
        return words
    }

    /// Direction marks (`&lrm;`, `&rlm;`) carry no text of their own.
    private static func isInvisibleMark(_ c: Character) -> Bool { c == "\u{200e}" || c == "\u{200f}" }

    /// The character an entity at `i` stands for and the entity's length; nil when it is no entity.
    private static func entity(_ chars: [Character], at i: Int) -> (Character, Int)? {
        guard let semicolon = chars[i...].prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(chars[(i + 1)..<semicolon])
        let length = semicolon - i + 1
        switch name {
        case "amp": return ("&", length)
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        case "nbsp": return ("\u{a0}", length)
        case "lrm": return ("\u{200e}", length)
        case "rlm": return ("\u{200f}", length)
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
            return (Character(scalar), length)
        }
    }
}
