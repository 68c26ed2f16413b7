import CText

/// Lays out and renders text layers: fontconfig finds the fonts, HarfBuzz shapes, FreeType draws.
///
/// Owns a FreeType library and caches the faces it loads, so it is not thread-safe: make one per
/// rendering thread. Paragraphs are separated by "\n"; within each, runs of Arabic or Hebrew are
/// laid out right to left, and a paragraph whose first strong letter is right-to-left reads right
/// to left as a whole. Characters the chosen font lacks come from fontconfig's fallback fonts.
public final class TextRasterizer {
    private let library: FreeTypeLibrary
    private let fonts: FontSet
    private let shaper: Shaper

    public init() throws(MediaError) {
        library = try FreeTypeLibrary()
        fonts = FontSet(library: library)
        shaper = try Shaper()
    }

    /// Renders `text`, wrapped to `maxWidth` and shrunk (down to `style.minimumSize`) until it fits
    /// `maxWidth` × `maxHeight`; nil bounds are unlimited.
    public func render(_ text: String, style: TextStyle, maxWidth: Int? = nil, maxHeight: Int? = nil) throws(MediaError) -> RenderedText {
        let (layout, overflowed) = try fittedLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
        let painter = TextPainter(layout: layout, style: style, fonts: fonts, library: library, label: TextValidation.label(text))
        let (image, block) = try painter.paint()
        return RenderedText(image: image, block: block, fittedSize: layout.size, lineCount: layout.lines.count, overflowed: overflowed)
    }

    /// The layout `render` would produce, without drawing it: for validation to warn about text that
    /// cannot fit its area, cheaply.
    public func measure(_ text: String, style: TextStyle, maxWidth: Int? = nil, maxHeight: Int? = nil) throws(MediaError) -> TextMeasurement {
        let (layout, overflowed) = try fittedLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
        return TextMeasurement(width: layout.width, height: layout.height, fittedSize: layout.size,
                               lineCount: layout.lines.count, overflowed: overflowed)
    }

    /// The font file fontconfig picks for a family pattern, for diagnostics ("Impact" may well
    /// resolve to DejaVu Sans on a system without it). nil when fontconfig has no fonts at all.
    public static func resolveFont(family: String) -> String? {
        FontLookup.match(family)?.file
    }

    /// nil when FreeType loads the font file as a scalable face; otherwise what is wrong with it.
    public static func canLoadFont(file: String) -> String? {
        do {
            _ = try FontFace(FontFaceKey(file: file, index: 0), library: FreeTypeLibrary())
            return nil
        } catch {
            return error.reason
        }
    }

    /// The laid-out text at the largest size that fits, in quarter pixels, and whether it overflows.
    ///
    /// Fitting is a binary search between the minimum and the requested size. Wrapping makes fit
    /// nearly but not strictly monotonic in size, so the answer is a size that fits, not
    /// necessarily the largest one.
    func fittedLayout(_ text: String, style: TextStyle, maxWidth: Int?, maxHeight: Int?) throws(MediaError) -> (TextLayout, Bool) {
        try TextValidation.check(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
        let primary = try fonts.primary(for: style)
        let family = style.fontFamily ?? FontLookup.defaultFamily
        let paragraphs = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            Paragraph(line.last == "\r" ? line.dropLast() : line, fonts: fonts, primary: primary, family: family)
        }
        func layout(_ size: Double) throws(MediaError) -> TextLayout {
            try TextLayout(paragraphs, fonts: fonts, primary: primary, shaper: shaper, size: size,
                           lineSpacing: style.lineSpacing, maxWidth: maxWidth)
        }
        let full = try layout(style.size)
        if full.fits(maxWidth: maxWidth, maxHeight: maxHeight) { return (full, false) }
        guard let minimum = style.minimumSize, minimum < style.size else { return (full, true) }
        var best = try layout(minimum)
        if !best.fits(maxWidth: maxWidth, maxHeight: maxHeight) { return (best, true) }
        var low = Int((minimum * 4).rounded(.up)), high = Int((style.size * 4).rounded(.up)) - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = try layout(Double(middle) / 4)
            if candidate.fits(maxWidth: maxWidth, maxHeight: maxHeight) {
                if candidate.size > best.size { best = candidate }
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return (best, false)
    }

    /// The font file behind a face index of a layout, for tests and diagnostics.
    func fontFile(ofFace index: Int) -> String { fonts.faces[index].key.file }
}
