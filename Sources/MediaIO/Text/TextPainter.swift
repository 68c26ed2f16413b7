/// Turns a layout into pixels: glyph outlines and colour glyphs, their masks, then the composited
/// layers.
struct TextPainter {
    let layout: TextLayout
    let style: TextLook
    let fonts: FontSet
    let library: FreeTypeLibrary
    /// Names the text in errors.
    let label: String
    /// Scalar offset of each paragraph in the text, to place `style.highlight`'s run.
    var paragraphStarts: [Int] = [0]

    /// The image and the text block's rectangle in it.
    func paint() throws(FileAccessError) -> (RGBAImage, TextRect) {
        let fill = GlyphOutlines()
        let highlighted = style.highlight.map { _ in GlyphOutlines() }
        let colored = ColorGlyphs()
        let stroke = (style.stroke?.width ?? 0) > 0 ? GlyphOutlines() : nil
        let stroker = try style.stroke.flatMap { s throws(FileAccessError) in s.width > 0 ? try GlyphStroker(library: library, width: s.width) : nil }
        for face in fonts.faces { try face.setSize(layout.size) }
        for (n, line) in layout.lines.enumerated() {
            let x = Int((layout.lineX(n, alignment: style.alignment) * 64).rounded())
            let y = Int((layout.baseline(n) * 64).rounded())
            let offset = line.paragraph < paragraphStarts.count ? paragraphStarts[line.paragraph] : 0
            for glyph in line.glyphs {
                let face = fonts.faces[glyph.face]
                if face.hasColor, try colored.add(face: face, id: glyph.glyph, x26: x + glyph.x, y26: y + glyph.y) { continue }
                let lit = style.highlight.map { $0.scalars.contains(offset + glyph.cluster) } ?? false
                try (lit ? highlighted ?? fill : fill).add(face: face, id: glyph.glyph, x26: x + glyph.x, y26: y + glyph.y, stroker: nil)
                if let stroke, let stroker {
                    try stroke.add(face: face, id: glyph.glyph, x26: x + glyph.x, y26: y + glyph.y, stroker: stroker)
                }
            }
        }
        let inkArea = fill.bounds.union(stroke?.bounds ?? .empty).union(colored.bounds).union(highlighted?.bounds ?? .empty)
        let block = TextRect(x: 0, y: 0, width: layout.width, height: layout.height)
        var compositor = TextCompositor(style: style, block: block, fill: [], stroke: nil, colored: nil, inkArea: inkArea)
        let area = compositor.canvas()
        let limit = TextLimits.maxImageSide
        guard area.width <= limit, area.height <= limit else {
            throw FileAccessError(
                .unsupported, file: label, operation: "rendering text",
                reason: "the image would be \(area.width)x\(area.height) pixels, more than \(limit) on a side")
        }
        compositor.fill = [UInt8](repeating: 0, count: inkArea.width * inkArea.height)
        fill.render(into: &compositor.fill, area: inkArea)
        if let highlighted {
            var mask = [UInt8](repeating: 0, count: inkArea.width * inkArea.height)
            highlighted.render(into: &mask, area: inkArea)
            compositor.highlight = mask
        }
        if let stroke {
            var mask = [UInt8](repeating: 0, count: inkArea.width * inkArea.height)
            stroke.render(into: &mask, area: inkArea)
            compositor.stroke = mask
        }
        if !colored.items.isEmpty {
            var layer = [UInt8](repeating: 0, count: inkArea.width * inkArea.height * 4)
            colored.render(into: &layer, area: inkArea)
            compositor.colored = layer
        }
        let image = compositor.composite(area: area)
        let placed = TextRect(x: block.x - Double(area.x0), y: block.y - Double(area.y0), width: block.width, height: block.height)
        return (image, placed)
    }
}
