import CText
import Foundation
import Testing

@testable import MediaIO

/// Colour glyphs made of COLR layers (the vector colour format), drawn by FreeType in the
/// palette's colours: a square whose left half is one palette colour and right half another.
@Suite final class ColorLayerGlyphTests {
    let rasterizer: TextRasterizer
    let font: String
    init() throws {
        rasterizer = try TextRasterizer()
        font = try ColorLayerFont.write()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: (font as NSString).deletingLastPathComponent)
    }

    @Test func theFontIsReadAsAColourScalableFace() throws {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var loaded: FT_Face?
        try #require(FT_New_Face(library, font, 0, &loaded) == 0)
        let face = try #require(loaded)
        defer { FT_Done_Face(face) }
        #expect(face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0)
        #expect(face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0)
        #expect(FT_Get_Char_Index(face, 0x41) == 1)
    }

    @Test(arguments: ["A", "\u{1F7E5}"]) func layersKeepThePalettesColoursNotTheTextColour(_ text: String) throws {
        let style = TextLook(fontFile: font, size: 100, color: RGBAColor(red: 255, green: 255, blue: 255))
        let out = try rasterizer.render(text, style: style)
        let image = out.image
        // The ink: 0.8 em wide and 0.7 em tall; sample the middle of each half.
        let opaque = (0..<image.height).flatMap { y in (0..<image.width).map { (x: $0, y: y) } }.filter { image.pixel(x: $0.x, y: $0.y).a > 250 }
        let xs = opaque.map(\.x)
        let ys = opaque.map(\.y)
        let x0 = try #require(xs.min())
        let x1 = try #require(xs.max())
        let y0 = try #require(ys.min())
        let y1 = try #require(ys.max())
        #expect(abs(x1 - x0 + 1 - 80) <= 2 && abs(y1 - y0 + 1 - 70) <= 2, "ink \(x1 - x0 + 1)x\(y1 - y0 + 1), not 80x70")
        let midY = (y0 + y1) / 2
        let leftPixel = image.pixel(x: x0 + 20, y: midY)
        let rightPixel = image.pixel(x: x1 - 20, y: midY)
        for (pixel, colour) in [(leftPixel, ColorLayerFont.left), (rightPixel, ColorLayerFont.right)] {
            #expect(
                abs(Int(pixel.r) - Int(colour.0)) <= 2 && abs(Int(pixel.g) - Int(colour.1)) <= 2 && abs(Int(pixel.b) - Int(colour.2)) <= 2,
                "\(pixel) is the palette's \(colour)")
        }
    }

    @Test func strokeDoesNotOutlineALayeredGlyph() throws {
        let plain = try rasterizer.render("A", style: TextLook(fontFile: font, size: 60))
        let stroked = try rasterizer.render(
            "A", style: TextLook(fontFile: font, size: 60, stroke: TextStroke(color: RGBAColor(red: 0, green: 255, blue: 0), width: 6)))
        #expect(plain.image.width > 0 && stroked.image.pixels == plain.image.pixels)
    }
}
