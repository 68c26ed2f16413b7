import CText
import Testing

@testable import MediaIO

/// Colour emoji from Noto Color Emoji (scripts/setup installs it), checked against the same
/// glyph drawn by FreeType directly: colour, shape, one glyph per sequence, own colours kept.
@Suite struct EmojiRenderingTests {
    let rasterizer: TextRasterizer
    init() throws { rasterizer = try TextRasterizer() }

    /// A party popper, a ZWJ family (Noto draws families in grays), ZWJ sequences in colour (a
    /// rainbow flag, an astronaut), a flag, a skin tone, a keycap and a flag of tag characters
    /// (England): one user-perceived character each, one glyph each.
    static let sequences = [
        "🎉", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "👩\u{200D}🚀", "🇵🇹", "👍🏽", "1\u{FE0F}\u{20E3}",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    ]

    @Test(arguments: sequences) func emojiSequenceIsOneColourGlyphShapedLikeTheFontsOwn(_ emoji: String) throws {
        let style = TextLook(size: 64)
        let layout = try rasterizer.fittedLayout(emoji, style: style, maxWidth: nil, maxHeight: nil).layout
        let glyphs = layout.lines.flatMap(\.glyphs)
        #expect(glyphs.count == 1, "\(emoji.unicodeScalars.count) scalars shape as one glyph")
        let glyph = try #require(glyphs.first)
        let file = rasterizer.fontFile(ofFace: glyph.face)
        #expect(file == FontLookup.match("emoji")?.file, "drawn from the emoji font, not \(file)")

        let first = try #require(emoji.unicodeScalars.first).value
        let reference = try ReferenceGlyph(file: file, glyph: glyph.glyph, firstScalar: first)
        if emoji.unicodeScalars.count > 1 {
            #expect(glyph.glyph != reference.firstScalarGlyph, "a ligature, not the first character alone")
        }
        let out = try rasterizer.render(emoji, style: style)
        let rendered = CellGrid(out.image.pixels, width: out.image.width, height: out.image.height, premultiplied: false)
        let expected = reference.grid
        if expected.meanChroma > 40 {
            #expect(rendered.meanChroma > 40, "coloured, not gray: mean chroma \(rendered.meanChroma)")
        }
        #expect(abs(rendered.meanChroma - expected.meanChroma) < 10, "chroma \(rendered.meanChroma), the font's \(expected.meanChroma)")
        let alike = rendered.correlation(with: expected)
        #expect(alike > 0.95, "the font's own shape (correlation \(alike))")
        let colourDifference = rendered.meanColourDifference(from: expected)
        #expect(colourDifference < 24, "the font's own colours (mean difference \(colourDifference))")
        // Scaled from the strike (109 px) to the text size.
        let height = Double(expected.inkHeight) * 64 / 109
        #expect(abs(Double(rendered.inkHeight) - height) < 2, "ink height \(rendered.inkHeight), not \(height)")
    }

    @Test func comparisonTellsOtherGlyphsAndBoxesApart() throws {
        let style = TextLook(size: 64)
        let flag = try #require(rasterizer.fittedLayout("🇵🇹", style: style, maxWidth: nil, maxHeight: nil).layout.lines.first?.glyphs.first)
        let other = try ReferenceGlyph(file: rasterizer.fontFile(ofFace: flag.face), glyph: flag.glyph, firstScalar: 0x1F1F5)
        let party = try rasterizer.render("🎉", style: style)
        let rendered = CellGrid(party.image.pixels, width: party.image.width, height: party.image.height, premultiplied: false)
        #expect(rendered.correlation(with: other.grid) < 0.8, "a party popper is not a flag")
        let box = try rasterizer.render("\u{E000}", style: TextLook(fontFamily: "DejaVu Sans", size: 64))
        let tofu = CellGrid(box.image.pixels, width: box.image.width, height: box.image.height, premultiplied: false)
        #expect(tofu.meanChroma < 1 && rendered.correlation(with: tofu) < 0.8, "the missing-glyph box is neither coloured nor alike")
    }

    @Test func textColourDoesNotTintEmojiAndStrokeDoesNotOutlineThem() throws {
        let red = try rasterizer.render("🎉", style: TextLook(size: 48, color: RGBAColor(red: 255, green: 0, blue: 0)))
        let blue = try rasterizer.render("🎉", style: TextLook(size: 48, color: RGBAColor(red: 0, green: 0, blue: 255)))
        let stroked = try rasterizer.render(
            "🎉", style: TextLook(size: 48, color: RGBAColor(red: 0, green: 0, blue: 255), stroke: TextStroke(color: .black, width: 6)))
        #expect(red.image.width > 0 && red.image.pixels == blue.image.pixels, "same pixels whatever the text colour")
        #expect(stroked.image.width == blue.image.width && stroked.image.pixels == blue.image.pixels, "no stroke around a picture")
        let halfOpaque = try rasterizer.render("🎉", style: TextLook(size: 48, color: RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)))
        let opaqueAlpha = stride(from: 3, to: blue.image.pixels.count, by: 4).map { Int(blue.image.pixels[$0]) }.max() ?? 0
        let halfAlpha = stride(from: 3, to: halfOpaque.image.pixels.count, by: 4).map { Int(halfOpaque.image.pixels[$0]) }.max() ?? 0
        #expect(opaqueAlpha == 255 && abs(halfAlpha - 128) <= 1, "the text colour's opacity applies: \(halfAlpha)")
    }

    @Test func emojiCastTheShadowWithTheirAlpha() throws {
        let shadow = TextShadow(color: RGBAColor(red: 0, green: 0, blue: 0), dx: 20, dy: 20, blur: 0)
        let plain = try rasterizer.render("🎉", style: TextLook(size: 48))
        let shadowed = try rasterizer.render("🎉", style: TextLook(size: 48, shadow: shadow))
        #expect(shadowed.image.width == plain.image.width + 20 && shadowed.image.height == plain.image.height + 20)
        // The shadow's far corner shows where the emoji's ink was, in the shadow's colour.
        let image = shadowed.image
        var darkInk = 0
        for y in (image.height - 20)..<image.height {
            for x in 20..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.a > 128 { darkInk += p.r < 10 && p.g < 10 && p.b < 10 ? 1 : -1000 }
            }
        }
        #expect(darkInk > 20, "black shadow pixels below the emoji")
    }

    @Test func emojiAmongWordsKeepTheWordsInTheTextFont() throws {
        let style = TextLook(fontFamily: "DejaVu Sans", size: 40, color: RGBAColor(red: 255, green: 255, blue: 255))
        let layout = try rasterizer.fittedLayout("Hi 🇵🇹 ok 👍🏽!", style: style, maxWidth: nil, maxHeight: nil).layout
        let glyphs = layout.lines.flatMap(\.glyphs)
        let emojiFont = FontLookup.match("emoji")?.file
        let inEmojiFont = glyphs.filter { rasterizer.fontFile(ofFace: $0.face) == emojiFont }
        #expect(glyphs.count == 10, "H i space flag space o k space thumb !")
        #expect(inEmojiFont.count == 2, "the flag and the thumb")
        #expect(Set(inEmojiFont.map(\.cluster)) == [3, 9], "clusters start at the flag and the thumb")
    }

    @Test func theEmojiFontAsTheTextsOwnFontDrawsWordsFromFallbacks() throws {
        let style = TextLook(fontFamily: "Noto Color Emoji", size: 40)
        let layout = try rasterizer.fittedLayout("🎉 ok", style: style, maxWidth: nil, maxHeight: nil).layout
        let faces = layout.lines.flatMap(\.glyphs).map { rasterizer.fontFile(ofFace: $0.face) }
        let emojiFont = FontLookup.match("emoji")?.file
        #expect(faces.first == emojiFont && faces.last != emojiFont, "\(faces)")
        #expect(layout.ascent > 30 && layout.ascent < 45 && layout.descent > 5, "the bitmap font's own metrics: \(layout.ascent), \(layout.descent)")
        let out = try rasterizer.render("🎉 ok", style: style)
        #expect(out.image.width > 80)
    }

    @Test func textPresentationSelectorKeepsTheTextFont() throws {
        let style = TextLook(fontFamily: "DejaVu Sans", size: 40)
        let layout = try rasterizer.fittedLayout("\u{2764}\u{FE0E}", style: style, maxWidth: nil, maxHeight: nil).layout
        let glyph = try #require(layout.lines.first?.glyphs.first)
        #expect(rasterizer.fontFile(ofFace: glyph.face) != FontLookup.match("emoji")?.file)
        let colour = try rasterizer.fittedLayout("\u{2764}\u{FE0F}", style: style, maxWidth: nil, maxHeight: nil).layout
        let red = try #require(colour.lines.first?.glyphs.first)
        #expect(rasterizer.fontFile(ofFace: red.face) == FontLookup.match("emoji")?.file)
    }

    @Test func scalerAveragesWhenShrinking() {
        // A one-pixel checkerboard shrunk by four is an even gray, neither black nor white.
        var bytes = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 where (x + y) % 2 == 0 {
                for c in 0..<4 { bytes[(y * 64 + x) * 4 + c] = 255 }
            }
        }
        let (out, rect) = bytes.withUnsafeMutableBufferPointer { buffer in
            ColorBitmapScaler.resample(
                .init(bytes: buffer.baseAddress!, width: 64, height: 64, pitch: 256), scale: 0.25, originX: 0, originY: 0)
        }
        let inside = (4..<12).flatMap { y in (4..<12).map { x in Int(out[((y - rect.y0) * rect.width + x - rect.x0) * 4 + 3]) } }
        #expect(inside.allSatisfy { abs($0 - 128) <= 2 }, "\(inside.min() ?? 0)...\(inside.max() ?? 0)")
    }
}

/// The glyph drawn by FreeType straight from the font at its strike, without Reel's code.
private struct ReferenceGlyph {
    let grid: CellGrid
    /// The glyph the font maps the sequence's first character to, alone.
    let firstScalarGlyph: UInt32

    init(file: String, glyph: UInt32, firstScalar: UInt32) throws {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var loaded: FT_Face?
        try #require(FT_New_Face(library, file, 0, &loaded) == 0)
        let face = try #require(loaded)
        defer { FT_Done_Face(face) }
        firstScalarGlyph = FT_Get_Char_Index(face, FT_ULong(firstScalar))
        try #require(FT_Select_Size(face, 0) == 0)
        try #require(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0)
        let bitmap = try #require(face.pointee.glyph?.pointee.bitmap)
        try #require(bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue))
        let buffer = try #require(bitmap.buffer)
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = buffer + y * Int(bitmap.pitch) + x * 4
                let o = (y * width + x) * 4
                (rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]) = (p[2], p[1], p[0], p[3])
            }
        }
        grid = CellGrid(rgba, width: width, height: height, premultiplied: true)
    }
}

/// A picture reduced to 16 × 16 cells over its ink's bounding box (alpha above 32): two
/// renderings of one glyph at different sizes compare cell by cell.
private struct CellGrid {
    static let side = 16
    /// Mean straight R, G, B and alpha of each cell, 0...255.
    var cells: [(r: Double, g: Double, b: Double, a: Double)] = []
    var inkHeight = 0
    /// Mean of max − min channel over opaque pixels.
    var meanChroma = 0.0

    init(_ rgba: [UInt8], width: Int, height: Int, premultiplied: Bool) {
        var x0 = width
        var y0 = height
        var x1 = -1
        var y1 = -1
        var chroma = 0.0
        var opaque = 0
        for y in 0..<height {
            for x in 0..<width where rgba[(y * width + x) * 4 + 3] > 32 {
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        guard x1 >= x0 else { return }
        inkHeight = y1 - y0 + 1
        let n = CellGrid.side
        var sums = [(r: Double, g: Double, b: Double, a: Double, count: Double)](repeating: (0, 0, 0, 0, 0), count: n * n)
        for y in y0...y1 {
            for x in x0...x1 {
                let i = (y * width + x) * 4
                let a = Double(rgba[i + 3])
                let unpremultiply = premultiplied ? (a > 0 ? 255 / a : 0) : 1
                let r = Double(rgba[i]) * unpremultiply
                let g = Double(rgba[i + 1]) * unpremultiply
                let b = Double(rgba[i + 2]) * unpremultiply
                if a > 200 {
                    chroma += max(r, g, b) - min(r, g, b)
                    opaque += 1
                }
                let cell = (y - y0) * n / (y1 - y0 + 1) * n + (x - x0) * n / (x1 - x0 + 1)
                sums[cell].r += r * a
                sums[cell].g += g * a
                sums[cell].b += b * a
                sums[cell].a += a
                sums[cell].count += 1
            }
        }
        meanChroma = opaque > 0 ? chroma / Double(opaque) : 0
        cells = sums.map { s in
            let a = max(s.a, 1)
            return (s.r / a, s.g / a, s.b / a, s.count > 0 ? s.a / s.count : 0)
        }
    }

    /// Pearson correlation of the cells' premultiplied luma: the outline (alpha) and the drawing
    /// inside it (the digit of a keycap, the figures of a family on their tile).
    func correlation(with other: CellGrid) -> Double {
        guard cells.count == other.cells.count, !cells.isEmpty else { return 0 }
        func luma(_ c: (r: Double, g: Double, b: Double, a: Double)) -> Double { (0.3 * c.r + 0.59 * c.g + 0.11 * c.b) * c.a / 255 }
        let a = cells.map(luma)
        let b = other.cells.map(luma)
        let ma = a.reduce(0, +) / Double(a.count)
        let mb = b.reduce(0, +) / Double(b.count)
        let cov = zip(a, b).map { ($0 - ma) * ($1 - mb) }.reduce(0, +)
        let va = a.map { ($0 - ma) * ($0 - ma) }.reduce(0, +)
        let vb = b.map { ($0 - mb) * ($0 - mb) }.reduce(0, +)
        return va > 0 && vb > 0 ? cov / (va * vb).squareRoot() : 0
    }

    /// Mean absolute difference of R, G and B over cells mostly covered in both.
    func meanColourDifference(from other: CellGrid) -> Double {
        let both = zip(cells, other.cells).filter { $0.0.a > 200 && $0.1.a > 200 }
        guard !both.isEmpty else { return 255 }
        let total = both.map { abs($0.0.r - $0.1.r) + abs($0.0.g - $0.1.g) + abs($0.0.b - $0.1.b) }.reduce(0, +)
        return total / Double(both.count * 3)
    }
}
