import CText

/// Lays out and renders text layers: fontconfig finds the fonts, HarfBuzz shapes, FreeType draws.
///
/// Owns a FreeType library and caches the faces it loads, so it is not thread-safe: make one per
/// rendering thread. Paragraphs are separated by "\n"; within each, runs of Arabic or Hebrew are
/// laid out right to left, and a paragraph whose first strong letter is right-to-left reads right
/// to left as a whole. Characters the chosen font lacks come from fontconfig's fallback fonts.
/// Emoji (a character with emoji presentation, or any sequence Unicode defines: ZWJ families,
/// flags, skin tones, keycaps) come whole from fontconfig's "emoji" font, in their own colours.
package final class TextRasterizer {
    private let library: FreeTypeLibrary
    private let fonts: FontSet
    private let shaper: Shaper

    /// Sets up FreeType and the shaper, throwing when either cannot start; not thread-safe, so one rasterizer per thread.
    package init() throws(FileAccessError) {
        library = try FreeTypeLibrary()
        fonts = FontSet(library: library)
        shaper = try Shaper()
    }

    /// Renders `text`, wrapped to `maxWidth` and shrunk (down to `style.minimumSize`) until it fits
    /// `maxWidth` × `maxHeight` in at most `maxLines` lines; nil bounds are unlimited. Text that
    /// still needs more than `maxLines` lines at the minimum size is cut with an ellipsis.
    package func render(
        _ text: String, style: TextLook, maxWidth: Int? = nil, maxHeight: Int? = nil,
        maxLines: Int? = nil
    ) throws(FileAccessError) -> RenderedText {
        let fitted = try fittedLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, maxLines: maxLines)
        let layout = fitted.layout
        var paragraphStarts = [0]
        for (i, scalar) in text.unicodeScalars.enumerated() where scalar == "\n" { paragraphStarts.append(i + 1) }
        let painter = TextPainter(
            layout: layout, style: style, fonts: fonts, library: library, label: TextValidation.label(text), paragraphStarts: paragraphStarts)
        let (image, block) = try painter.paint()
        return RenderedText(
            image: image, block: block, fittedSize: layout.size, lineCount: layout.lines.count,
            overflowed: fitted.overflowed, truncated: fitted.truncated)
    }

    /// The layout `render` would produce, without drawing it: for validation to warn about text that
    /// cannot fit its area, cheaply.
    package func measure(
        _ text: String, style: TextLook, maxWidth: Int? = nil, maxHeight: Int? = nil,
        maxLines: Int? = nil
    ) throws(FileAccessError) -> TextMeasurement {
        let fitted = try fittedLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, maxLines: maxLines)
        let layout = fitted.layout
        return TextMeasurement(
            width: layout.width, height: layout.height, fittedSize: layout.size,
            lineCount: layout.lines.count, overflowed: fitted.overflowed, truncated: fitted.truncated)
    }

    /// The font file fontconfig picks for a family pattern, for diagnostics ("Impact" may well
    /// resolve to DejaVu Sans on a system without it). nil when fontconfig has no fonts at all.
    static func resolveFont(family: String) -> String? {
        FontLookup.match(family)?.file
    }

    /// The family fontconfig puts in place of the one `family` names ("Comic Sans MS" on a system
    /// without it gives "DejaVu Sans"); nil when the family is installed, or generic ("serif").
    package static func substituteFamily(for family: String) -> String? {
        FontCoverage.substitute(for: family)
    }

    /// The characters of `text` that no installed font can draw in `style`, each once, in order:
    /// they would render as empty boxes. Found with the fonts rendering would use, without drawing.
    package func undrawableCharacters(in text: String, style: TextLook) throws(FileAccessError) -> [Unicode.Scalar] {
        let primary = try fonts.primary(for: style)
        let family = style.fontFamily ?? FontLookup.defaultFamily
        let paragraphs = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true).map {
            Paragraph($0, fonts: fonts, primary: primary, family: family)
        }
        return FontCoverage.undrawable(paragraphs, fonts: fonts)
    }

    /// nil when FreeType loads the font file as a scalable face; otherwise what is wrong with it.
    package static func canLoadFont(file: String) -> String? {
        do {
            _ = try FontFace(FontFaceKey(file: file, index: 0), library: FreeTypeLibrary())
            return nil
        } catch {
            return error.reason
        }
    }

    /// Text laid out for drawing, and how it met its bounds.
    struct FittedLayout {
        let layout: TextLayout
        /// Wider or taller than its bounds (or a word split between characters), even as drawn.
        let overflowed: Bool
        /// Cut with an ellipsis to keep within its most lines.
        let truncated: Bool
    }

    /// The laid-out text at the largest size that fits, in quarter pixels; cut with an ellipsis when
    /// even the minimum size needs more than `maxLines` lines.
    ///
    /// Fitting is a binary search between the minimum and the requested size. Wrapping makes fit
    /// nearly but not strictly monotonic in size, so the answer is a size that fits, not
    /// necessarily the largest one.
    func fittedLayout(_ text: String, style: TextLook, maxWidth: Int?, maxHeight: Int?, maxLines: Int? = nil) throws(FileAccessError) -> FittedLayout
    {
        try TextValidation.check(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, maxLines: maxLines)
        let primary = try fonts.primary(for: style)
        let family = style.fontFamily ?? FontLookup.defaultFamily
        let scalars = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Array(line.last == "\r" ? line.dropLast() : line)
        }
        func paragraphs(_ lines: [[Unicode.Scalar]]) -> [Paragraph] {
            lines.map { Paragraph($0, fonts: fonts, primary: primary, family: family) }
        }
        let itemized = paragraphs(scalars)
        func layout(_ paragraphs: [Paragraph], _ size: Double) throws(FileAccessError) -> TextLayout {
            try TextLayout(
                paragraphs, fonts: fonts, primary: primary, shaper: shaper, size: size,
                lineSpacing: style.lineSpacing, maxWidth: maxWidth)
        }
        func fits(_ l: TextLayout) -> Bool { l.fits(maxWidth: maxWidth, maxHeight: maxHeight, maxLines: maxLines) }

        var best = try layout(itemized, style.size)
        if !fits(best), let minimum = style.minimumSize, minimum < style.size {
            best = try layout(itemized, minimum)
            if fits(best) {
                var low = Int((minimum * 4).rounded(.up))
                var high = Int((style.size * 4).rounded(.up)) - 1
                while low <= high {
                    let middle = (low + high) / 2
                    let candidate = try layout(itemized, Double(middle) / 4)
                    if fits(candidate) {
                        if candidate.size > best.size { best = candidate }
                        low = middle + 1
                    } else {
                        high = middle - 1
                    }
                }
            }
        }
        if fits(best) { return FittedLayout(layout: best, overflowed: false, truncated: false) }
        guard let maxLines, best.lines.count > maxLines else { return FittedLayout(layout: best, overflowed: true, truncated: false) }
        let size = best.size
        let cut = try TextTruncation.truncate(scalars, layout: best, maxLines: maxLines) { lines throws(FileAccessError) in
            try layout(paragraphs(lines), size)
        }
        return FittedLayout(layout: cut, overflowed: !cut.fits(maxWidth: maxWidth, maxHeight: maxHeight), truncated: true)
    }

    /// The font file behind a face index of a layout, for tests and diagnostics.
    func fontFile(ofFace index: Int) -> String { fonts.faces[index].key.file }
}
