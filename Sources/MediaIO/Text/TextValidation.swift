/// Checks of text and style against `TextLimits`, before any work.
enum TextValidation {
    /// A short quotation of the text, standing for the file in errors about it.
    static func label(_ text: String) -> String {
        let head = String(text.prefix(24).map { $0 == "\n" ? " " : $0 })
        return "text \"\(head)\(text.count > 24 ? "…" : "")\""
    }

    static func check(_ text: String, style: TextLook, maxWidth: Int?, maxHeight: Int?, maxLines: Int? = nil) throws(FileAccessError) {
        func fail(_ reason: String) -> FileAccessError {
            FileAccessError(.unsupported, file: label(text), operation: "laying out text", reason: reason)
        }
        let characters = text.count
        if characters > TextLimits.maxCharacters {
            throw fail("\(characters) characters, more than the \(TextLimits.maxCharacters) allowed")
        }
        if text.unicodeScalars.count > TextLimits.maxScalars {
            throw fail("\(text.unicodeScalars.count) Unicode scalars, more than the \(TextLimits.maxScalars) allowed")
        }
        let sizes = TextLimits.sizes
        if !sizes.contains(style.size) {
            throw fail("size \(style.size) px is outside \(sizes.lowerBound)...\(sizes.upperBound)")
        }
        if let minimum = style.minimumSize, !(sizes.lowerBound...style.size).contains(minimum) {
            throw fail("minimum size \(minimum) px is outside \(sizes.lowerBound)...\(style.size) (the size)")
        }
        if !TextLimits.lineSpacings.contains(style.lineSpacing) {
            throw fail("line spacing \(style.lineSpacing) is outside \(TextLimits.lineSpacings.lowerBound)...\(TextLimits.lineSpacings.upperBound)")
        }
        let lengths = 0...TextLimits.maxEffectLength
        let offsets = -TextLimits.maxEffectLength...TextLimits.maxEffectLength
        var checks: [(String, Double, ClosedRange<Double>)] = []
        if let stroke = style.stroke { checks.append(("stroke width", stroke.width, lengths)) }
        if let shadow = style.shadow {
            checks += [("shadow x offset", shadow.dx, offsets), ("shadow y offset", shadow.dy, offsets), ("shadow blur", shadow.blur, lengths)]
        }
        if let box = style.box { checks += [("box padding", box.padding, lengths), ("box corner radius", box.cornerRadius, lengths)] }
        for (name, value, range) in checks where !range.contains(value) {
            throw fail("\(name) \(value) px is outside \(range.lowerBound)...\(range.upperBound)")
        }
        if let maxLines, maxLines < 1 {
            throw fail("at most \(maxLines) lines: a text needs at least one")
        }
        for (name, value) in [("maximum width", maxWidth), ("maximum height", maxHeight)] {
            if let value, !(1...TextLimits.maxImageSide).contains(value) {
                throw fail("\(name) \(value) px is outside 1...\(TextLimits.maxImageSide)")
            }
        }
    }
}
