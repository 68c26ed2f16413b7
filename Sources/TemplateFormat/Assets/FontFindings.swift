import DocumentJSON

/// The words of the font warnings (T065, T066), shared by template validation and by the check
/// of texts a person gives `make` (`--text`, `--text-file`), so that both read alike.
package enum FontFindings {
    /// Most characters a warning lists; the count says how many more there are.
    static let listedCharacters = 8

    static let missingNote = "install a font that has them, or use other characters"

    /// `text "Hello 𝋠" has a character no installed font can draw: U+1D2E0 '𝋠'; it will show as an empty box`.
    static func missingMessage(_ text: String, _ missing: [Unicode.Scalar]) -> String {
        missingMessage(subject: label(text), missing)
    }

    private static func missingMessage(subject: String, _ missing: [Unicode.Scalar]) -> String {
        let listed = missing.prefix(listedCharacters).map(codePoint).joined(separator: ", ")
        let more = missing.count > listedCharacters ? " and \(missing.count - listedCharacters) more" : ""
        let one = missing.count == 1
        return "\(subject) has \(one ? "a character" : "\(missing.count) characters") no installed font can draw: \(listed)\(more); "
            + (one ? "it will show as an empty box" : "they will show as empty boxes")
    }

    /// A warning about the text a person gave for placeholder `key` (`--text`, `--text-file`):
    /// `the text given for 'title' ("party 𝋠") has a character ...`.
    package static func missingInGivenText(key: String, _ text: String, _ missing: [Unicode.Scalar]) -> Diagnostic {
        let subject = "the text given for '\(key)' (\(label(text).dropFirst(5)))"
        return Diagnostic(.warning, .glyphMissing, missingMessage(subject: subject, missing), notes: [missingNote])
    }

    /// A cue of a caption file with characters no installed font can draw.
    package static func missingInCaption(file: String, line: Int, _ text: String, _ missing: [Unicode.Scalar]) -> Diagnostic {
        Diagnostic(
            .warning, .glyphMissing, missingMessage(subject: "the cue (\(label(text).dropFirst(5)))", missing),
            at: SourceLocation(file: file, path: nil, line: line), notes: [missingNote])
    }

    /// "U+1D2E0 '𝋠'": the code point, and the character itself for those who can see it.
    static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " '\(Character(s))'"
    }

    /// A short quotation of a text: `text "Lisbon 2026 🎉"`.
    package static func label(_ text: String) -> String {
        let head = String(text.prefix(24).map { $0 == "\n" ? " " : $0 })
        return "text \"\(head)\(text.count > 24 ? "…" : "")\""
    }
}
