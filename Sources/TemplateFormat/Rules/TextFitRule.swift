import DocumentJSON
import EffectCatalog
import TimelineModel

/// A text layer's text fits its box at its minimum size (T063, a warning): else the renderer
/// breaks a word between characters, cuts lines with "…", or runs off the canvas.
///
/// An estimate without the font: glyphs average 0.55 em wide and lines are 1.2 em apart, which is
/// close for the sans-serif faces templates use. The renderer measures exactly; this catches texts
/// that clearly cannot fit.
package enum TextFitRule: TemplateRule {
    package static let code = DiagnosticCode.textFit
    package static let part = TemplatePart.layers

    static let averageAdvance = 0.55
    /// Distance between lines, in ems.
    package static let lineHeight = 1.2

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let layer = input.facts.layers[item]
        guard let text = layer.fit else {
            guard layer.fitBroken else { return [] }
            return [
                .skipped(
                    "whether the text of \(layer.name) fits is not checked", at: layer.path,
                    because: "the fit needs its text, size, minSize, maxWidth, maxLines and box, and one of them has an error")
            ]
        }
        guard let canvas = input.facts.canvas else {
            return [
                .skipped(
                    "whether the text of \(layer.name) fits is not checked", at: layer.path.appending("text"),
                    because: "the fit needs the canvas size, which has an error")
            ]
        }
        return problem(text, canvas: canvas).map {
            [
                .problem(
                    .warning, $0, at: layer.path.appending("text"),
                    notes: ["shorten the text, widen \"maxWidth\", allow more \"maxLines\", or lower \"minSize\""])
            ]
        } ?? []
    }

    /// What does not fit, said as the renderer will treat it; nil when the text fits.
    static func problem(_ text: TextLayerSpec, canvas: Canvas) -> String? {
        let boxWidth = text.maxWidth * Double(canvas.width) - 2 * (text.look.box?.padding ?? 0)
        let lines = wrappedLines(text.text, size: text.minSize, width: boxWidth)
        let tooWide = lines == nil
        let tooMany = (lines ?? 0) > text.maxLines
        // What is drawn: at most maxLines lines, the rest cut.
        let shown = min(lines ?? 0, text.maxLines)
        let tooTall = Double(shown) * text.minSize * lineHeight > Double(canvas.height)
        guard tooWide || tooMany || tooTall else { return nil }
        let size = Catalog.number(text.minSize)
        if tooWide {
            // The renderer breaks such a word between characters, and cuts what then needs too many lines.
            return
                "a word is wider than the box even at its minimum size \(size): it will be broken between characters at render time (and cut with \"…\" if that makes more than \(text.maxLines) \(text.maxLines == 1 ? "line" : "lines"))"
        }
        if tooMany {
            var message =
                "the text needs \(lines ?? 0) lines at its minimum size \(size), more than maxLines (\(text.maxLines)): it will be cut with \"…\" at the end of line \(text.maxLines) at render time"
            if tooTall { message += ", and even those lines are taller than the canvas" }
            return message
        }
        return
            "the text's \(shown) \(shown == 1 ? "line is" : "lines are") taller than the canvas at its minimum size \(size): it will run off the canvas"
    }

    /// Lines the text wraps onto at `size` in `width` pixels; nil when one word alone is too wide.
    static func wrappedLines(_ text: String, size: Double, width: Double) -> Int? {
        let em = size * averageAdvance
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            var used = 0.0
            for word in paragraph.split(separator: " ") {
                let w = Double(word.count) * em
                if w > width { return nil }
                let needed = used == 0 ? w : used + em + w
                if needed > width {
                    lines += 1
                    used = w
                } else {
                    used = needed
                }
            }
        }
        return lines
    }
}
