import ReelTestSupport
import Testing

@testable import MediaIO

/// Real renderings with the fonts scripts/setup installs (DejaVu, WenQuanYi Micro Hei), checked by
/// where their ink lands.
@Suite struct TextRasterizerTests {
    /// The family these measures hold for, named rather than left to fontconfig's default (which
    /// is another font where more fonts are installed, with other widths and bearings).
    static let sans = "DejaVu Sans"
    let rasterizer: TextRasterizer
    init() throws { rasterizer = try TextRasterizer() }

    // MARK: Latin layout

    @Test func latinTextHasInkInsideItsBlock() throws {
        let out = try rasterizer.render("Hello", style: TextLook(fontFamily: Self.sans, size: 40))
        let ink = try #require(Ink(out.image))
        #expect(out.lineCount == 1 && !out.overflowed && out.fittedSize == 40)
        #expect(out.block.width > 80 && out.block.width < 140, "five letters at 40 px")
        #expect(abs(out.block.height - 48) < 0.01, "one line box of 1.2 × size")
        #expect(Double(ink.minX) >= out.block.x - 1 && Double(ink.maxX) <= out.block.x + out.block.width + 1)
        #expect(ink.height > 25 && ink.height < 40, "cap height of 40 px text")
    }

    @Test func alignmentMovesTheShorterLine() throws {
        let text = "A much longer line\nab"
        var positions: [TextAlignment: Int] = [:]
        for alignment in TextAlignment.allCases {
            let out = try rasterizer.render(text, style: TextLook(fontFamily: Self.sans, size: 30, alignment: alignment))
            let secondLine = Int(out.block.y + out.block.height * 0.5)..<out.image.height
            let ink = try #require(Ink(out.image, rows: secondLine))
            positions[alignment] = ink.minX - Int(out.block.x)
            let width = Int(out.block.width)
            switch alignment {
            case .left: #expect(ink.minX - Int(out.block.x) < 4)
            case .right: #expect(abs(ink.maxX - Int(out.block.x) - width) < 4)
            case .center: #expect(abs((ink.minX + ink.maxX) / 2 - Int(out.block.x) - width / 2) < 4)
            }
        }
        let left = try #require(positions[.left])
        let center = try #require(positions[.center])
        let right = try #require(positions[.right])
        #expect(left < center - 50 && center < right - 50)
    }

    @Test func wrapsAtSpacesToTheMaximumWidth() throws {
        let style = TextLook(fontFamily: "DejaVu Sans Mono", size: 20)
        let twoWords = try rasterizer.measure("abcd efgh", style: style)
        let out = try rasterizer.render("abcd efgh ijkl mnop qrst uvwx", style: style, maxWidth: Int(twoWords.width.rounded(.up)))
        #expect(out.lineCount == 3)
        #expect(!out.overflowed)
        #expect(out.block.width <= twoWords.width + 0.01)
        #expect(try rasterizer.render("first\nsecond\n\nfourth", style: style).lineCount == 4, "explicit line feeds, empty line kept")
    }

    @Test func breakOpportunitiesFollowPunctuationRules() {
        func breaks(_ text: String) -> [Int] {
            let s = text.unicodeScalars.map(\.value)
            return (1..<s.count).filter { LineBreaker.canBreak(before: $0, s) }
        }
        #expect(breaks("ab cd") == [3], "after the space, never before it")
        #expect(breaks("well-known") == [5], "after a hyphen between letters")
        #expect(breaks("你好，世界") == [1, 3, 4], "not before the comma")
        #expect(breaks("「你」") == [], "not after an opening bracket, not before a closing one")
    }

    @Test func breaksAWordLongerThanTheLine() throws {
        let out = try rasterizer.render("Supercalifragilistic", style: TextLook(fontFamily: Self.sans, size: 20), maxWidth: 60)
        #expect(out.lineCount > 3)
        #expect(out.block.width <= 60)
        #expect(out.overflowed, "nothing is lost off the edge, but a split word counts as not fitting")
    }

    @Test func shrinksToFitAndFlagsWhatCannotFit() throws {
        let text = "A caption that is far too long for its area"
        let shrunk = try rasterizer.render(text, style: TextLook(fontFamily: Self.sans, size: 40, minimumSize: 8), maxWidth: 200, maxHeight: 60)
        #expect(shrunk.fittedSize < 40 && shrunk.fittedSize >= 8)
        #expect(!shrunk.overflowed)
        #expect(shrunk.block.width <= 200 && shrunk.block.height <= 60)
        let bigger = try rasterizer.measure(text, style: TextLook(fontFamily: Self.sans, size: shrunk.fittedSize + 1), maxWidth: 200, maxHeight: 60)
        #expect(bigger.overflowed, "one pixel larger does not fit")

        let floor = try rasterizer.render(text, style: TextLook(fontFamily: Self.sans, size: 40, minimumSize: 30), maxWidth: 200, maxHeight: 60)
        #expect(floor.overflowed)
        #expect(floor.fittedSize == 30)
        let noShrink = try rasterizer.measure(text, style: TextLook(fontFamily: Self.sans, size: 40), maxWidth: 200, maxHeight: 60)
        #expect(noShrink.overflowed && noShrink.fittedSize == 40)
    }

    // MARK: Effects

    @Test func strokeWidensTheInkByItsWidthOnEachSide() throws {
        let plain = try #require(Ink(try rasterizer.render("Ink", style: TextLook(fontFamily: Self.sans, size: 50)).image))
        let stroked = try rasterizer.render(
            "Ink", style: TextLook(fontFamily: Self.sans, size: 50, color: .white, stroke: TextStroke(color: .black, width: 5)))
        let ink = try #require(Ink(stroked.image))
        #expect(abs((ink.width - plain.width) - 10) <= 2)
        #expect(abs((ink.height - plain.height) - 10) <= 2)
        let center = stroked.image.pixel(x: ink.minX + 1, y: (ink.minY + ink.maxY) / 2)
        #expect(center.r < 60 && center.a > 200, "the stroke is at the edge")
    }

    @Test func shadowIsTheInkMovedByItsOffset() throws {
        let style = TextLook(
            fontFamily: Self.sans, size: 50, color: .white, shadow: TextShadow(color: RGBAColor(red: 255, green: 0, blue: 0), dx: 10, dy: 6, blur: 0))
        let out = try rasterizer.render("T", style: style)
        let fill = try #require(Ink(out.image) { $0.g > 200 && $0.a > 200 })
        let shadow = try #require(Ink(out.image) { $0.r > 200 && $0.g < 50 && $0.a > 200 })
        #expect(abs(shadow.maxX - fill.maxX - 10) <= 1 && abs(shadow.maxY - fill.maxY - 6) <= 1)

        let blurred = try rasterizer.render(
            "T", style: TextLook(fontFamily: Self.sans, size: 50, shadow: TextShadow(color: .black, dx: 0, dy: 0, blur: 8)))
        let plain = try rasterizer.render("T", style: TextLook(fontFamily: Self.sans, size: 50))
        #expect(blurred.image.width > plain.image.width + 8, "the blur spreads beyond the glyph")
    }

    @Test func boxSurroundsTheBlockWithPaddingAndRoundedCorners() throws {
        let box = TextBox(color: RGBAColor(red: 0, green: 0, blue: 255), padding: 10, cornerRadius: 12)
        let out = try rasterizer.render("Box", style: TextLook(fontFamily: Self.sans, size: 30, box: box))
        #expect(abs(Double(out.image.width) - (out.block.width + 20)) <= 1)
        #expect(abs(Double(out.image.height) - (out.block.height + 20)) <= 1)
        #expect(out.image.pixel(x: 0, y: 0).a < 40, "the corner is rounded off")
        let edge = out.image.pixel(x: out.image.width / 2, y: 1)
        #expect(edge.b == 255 && edge.a == 255)
    }

    // MARK: Scripts

    @Test func chineseFallsBackToAFontThatHasIt() throws {
        let style = TextLook(fontFamily: "DejaVu Sans", size: 40)
        let layout = try rasterizer.fittedLayout("你好，世界", style: style, maxWidth: nil, maxHeight: nil).layout
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.count == 5)
        #expect(glyphs.allSatisfy { $0.glyph != 0 }, "no .notdef boxes")
        let dejaVu = try #require(TextRasterizer.resolveFont(family: "DejaVu Sans"))
        #expect(glyphs.allSatisfy { rasterizer.fontFile(ofFace: $0.face) != dejaVu })
        let out = try rasterizer.render("你好，世界", style: style)
        #expect(Ink(out.image) != nil)
        // A character no installed font has (as fontconfig tells) is drawn as the primary face's .notdef.
        let none = try #require(try Fontconfig.undrawable(1).first)
        let missing = try rasterizer.fittedLayout(String(Character(none)), style: style, maxWidth: nil, maxHeight: nil).layout
        #expect(missing.lines[0].glyphs.map(\.glyph) == [0])
    }

    @Test func chineseBreaksBetweenIdeographs() throws {
        let style = TextLook(fontFamily: Self.sans, size: 20)
        let out = try rasterizer.render("我们一起去看电影吧我们一起去看电影吧", style: style, maxWidth: 90)
        #expect(out.lineCount >= 4)
        #expect(out.block.width <= 90)
    }

    @Test func arabicIsJoinedAndRightToLeft() throws {
        let style = TextLook(fontFamily: "DejaVu Sans", size: 40)
        let word = "مرحبا"
        let joined = try rasterizer.fittedLayout(word, style: style, maxWidth: nil, maxHeight: nil).layout
        var isolated: [UInt32] = []
        for letter in word {
            let single = try rasterizer.fittedLayout(String(letter), style: style, maxWidth: nil, maxHeight: nil).layout
            isolated += single.lines[0].glyphs.map(\.glyph)
        }
        let shaped = joined.lines[0].glyphs
        #expect(shaped.allSatisfy { $0.glyph != 0 })
        #expect(Set(shaped.map(\.glyph)) != Set(isolated), "joined forms, not the isolated letters")
        // Right to left: the first letter (cluster 0) is rightmost, the last leftmost.
        let byCluster = shaped.sorted { $0.cluster < $1.cluster }
        #expect(try #require(byCluster.first).x > (try #require(byCluster.last)).x)

        // Pixels: alef, the only tall letter, comes first and so appears at the right end.
        let out = try rasterizer.render("اببب", style: style)
        let top = try #require(Ink(out.image))
        let tallest = try #require(Ink(out.image, rows: top.minY..<(top.minY + 5)))
        #expect(tallest.minX > top.minX + top.width * 2 / 3)
    }

    @Test func hebrewIsRightToLeft() throws {
        let style = TextLook(fontFamily: Self.sans, size: 40)
        let layout = try rasterizer.fittedLayout("שלום", style: style, maxWidth: nil, maxHeight: nil).layout
        let clusters = layout.lines[0].glyphs.map(\.cluster)
        #expect(clusters == [3, 2, 1, 0], "last letter leftmost")
        // Lamed, the only letter rising above the others, comes first and so appears at the right.
        let out = try rasterizer.render("למממ", style: style)
        let all = try #require(Ink(out.image))
        let tallest = try #require(Ink(out.image, rows: all.minY..<(all.minY + 5)))
        #expect(tallest.minX > all.minX + all.width * 2 / 3)
    }

    @Test func mixedDirectionsKeepWordsAndNumbersInOrder() throws {
        let style = TextLook(fontFamily: Self.sans, size: 30)
        let ltr = try rasterizer.fittedLayout("ab שלום cd", style: style, maxWidth: nil, maxHeight: nil).layout
        #expect(ltr.lines[0].glyphs.map(\.cluster) == [0, 1, 2, 6, 5, 4, 3, 7, 8, 9])
        let rtl = try rasterizer.fittedLayout("שלום 123", style: style, maxWidth: nil, maxHeight: nil).layout
        #expect(rtl.lines[0].glyphs.map(\.cluster) == [5, 6, 7, 4, 3, 2, 1, 0], "digits read left to right, at the left end")
    }

    @Test func combiningMarksSitOnTheirBase() throws {
        let layout = try rasterizer.fittedLayout("e\u{301}", style: TextLook(fontFamily: Self.sans, size: 40), maxWidth: nil, maxHeight: nil).layout
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
        #expect(layout.lines[0].width < 40 * 64, "one letter wide, the accent takes no room of its own")
    }

    // MARK: Errors and fonts

    @Test func missingFontFileIsNamed() throws {
        let path = "no-such-folder/Missing.ttf"
        #expect(TextRasterizer.canLoadFont(file: path) != nil)
        do {
            _ = try rasterizer.render("x", style: TextLook(fontFile: path, size: 20))
            Issue.record("expected an error")
        } catch {
            #expect(error.file == path)
            // FileAccess's own word for it: the media layer reports file refusals as they are.
            #expect(error.kind == .notFound)
        }
        let dejaVu = try #require(TextRasterizer.resolveFont(family: "DejaVu Sans"))
        #expect(TextRasterizer.canLoadFont(file: dejaVu) == nil)
        let out = try rasterizer.render("x", style: TextLook(fontFile: dejaVu, size: 20))
        #expect(Ink(out.image) != nil)
    }

    @Test func limitsAreEnforced() throws {
        #expect(throws: FileAccessError.self) {
            try rasterizer.render(String(repeating: "a", count: 2001), style: TextLook(fontFamily: Self.sans, size: 20))
        }
        #expect(throws: FileAccessError.self) { try rasterizer.render("a", style: TextLook(fontFamily: Self.sans, size: 0.5)) }
        #expect(throws: FileAccessError.self) { try rasterizer.render("a", style: TextLook(fontFamily: Self.sans, size: 1001)) }
        #expect(throws: FileAccessError.self) {
            try rasterizer.render(String(repeating: "W", count: 40), style: TextLook(fontFamily: Self.sans, size: 1000))
        }
        _ = try rasterizer.render(String(repeating: "a", count: 2000), style: TextLook(fontFamily: Self.sans, size: 8), maxWidth: 1000)
        do {
            _ = try rasterizer.render(String(repeating: "a", count: 2001), style: TextLook(fontFamily: Self.sans, size: 20))
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.reason.contains("2001"))
        }
    }

    @Test func blankTextGivesAnEmptyImage() throws {
        let out = try rasterizer.render("   ", style: TextLook(fontFamily: Self.sans, size: 20))
        #expect(out.image.width == 0 && out.lineCount == 1)
    }

    @Test func multiScriptSampleIsWrittenForInspection() throws {
        let style = TextLook(
            size: 48, color: .white, stroke: TextStroke(color: .black, width: 3),
            shadow: TextShadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), dx: 4, dy: 4, blur: 6),
            box: TextBox(color: RGBAColor(red: 40, green: 80, blue: 160, alpha: 200), padding: 16, cornerRadius: 20))
        let out = try rasterizer.render("Hello, world! é ñ\n你好，世界\nمرحبا بالعالم 123\nשלום עולם", style: style)
        #expect(out.lineCount == 4)
        let folder = TemporaryFolder()
        try PNGFile.write(out.image, to: folder.file("sample.png"))
    }
}

extension TextRasterizerTests {
    /// A word too wide for the box is made smaller before it is ever split.
    @Test func shrinksALongWordBeforeSplittingIt() throws {
        let r = try TextRasterizer()
        let style = TextLook(fontFamily: "DejaVu Sans:bold", size: 80, minimumSize: 20)
        let text = try r.render("WANDERLUST", style: style, maxWidth: 400)
        #expect(text.lineCount == 1, "one line, not a split word")
        #expect(text.fittedSize < 80 && text.fittedSize >= 20)
        #expect(!text.overflowed)
        let noShrink = try r.render("WANDERLUST", style: TextLook(fontFamily: "DejaVu Sans:bold", size: 80), maxWidth: 400)
        #expect(noShrink.lineCount == 2 && noShrink.overflowed, "without a minimum size the word is split, and said to overflow")
    }
}

/// The bounding box of the pixels that pass a test (by default, alpha above 64).
private struct Ink: Equatable {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }

    init?(
        _ image: RGBAImage, rows: Range<Int>? = nil,
        where test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { $0.a > 64 }
    ) {
        let rows = rows ?? 0..<image.height
        for y in rows where y >= 0 && y < image.height {
            for x in 0..<image.width where test(image.pixel(x: x, y: y)) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        if minX == Int.max { return nil }
    }

}
