import ReelTestSupport
import Testing

@testable import MediaIO

/// A text's most lines: it shrinks to fit them first, and what still does not fit is cut at the end
/// of the last line with an ellipsis. Checked on real renderings by their bands of ink.
@Suite struct TextLineLimitTests {
    let rasterizer: TextRasterizer
    init() throws { rasterizer = try TextRasterizer() }

    static let long = "The quick brown fox jumps over the lazy dog by the river"
    /// Lines far enough apart that descenders never touch the next line's ink.
    static let style = TextLook(fontFamily: "DejaVu Sans", size: 40, lineSpacing: 1.6)

    /// Runs of rows with ink, top to bottom: one per line of text. Gaps under `gap` rows (the dot
    /// of an i above a line without ascenders) do not separate lines, which lie 0.6 em apart.
    static func inkBands(_ image: RGBAImage, gap: Int = 10) -> Int {
        var bands = 0
        var blank = Int.max
        for y in 0..<image.height {
            if (0..<image.width).contains(where: { image.pixel(x: $0, y: y).a > 64 }) {
                if blank >= gap { bands += 1 }
                blank = 0
            } else if blank < Int.max {
                blank += 1
            }
        }
        return bands
    }

    @Test func aLongTextInOneLineIsCutWithAnEllipsis() throws {
        let wrapped = try rasterizer.render(Self.long, style: Self.style, maxWidth: 400)
        #expect(wrapped.lineCount > 2 && Self.inkBands(wrapped.image) == wrapped.lineCount, "without a bound it wraps")

        let one = try rasterizer.render(Self.long, style: Self.style, maxWidth: 400, maxLines: 1)
        #expect(one.lineCount == 1 && one.truncated && !one.overflowed)
        #expect(Self.inkBands(one.image) == 1, "one line of ink")
        #expect(one.fittedSize == 40, "no minimum size: cut, not shrunk")
        #expect(one.block.width <= 400)
    }

    /// The cut text is the longest start of the text, spaces dropped, followed by "…", that fits.
    @Test func theCutKeepsTheLongestStartThatFits() throws {
        let one = try rasterizer.render(Self.long, style: Self.style, maxWidth: 400, maxLines: 1)
        let starts = (1..<Self.long.count).map { String(Self.long.prefix($0)) }.filter { !$0.hasSuffix(" ") }
        let fitting = try starts.filter { try rasterizer.measure($0 + "…", style: Self.style).width <= 400 }
        let expected = try #require(fitting.last)
        let matching = try fitting.filter { try rasterizer.render($0 + "…", style: Self.style).image.pixels == one.image.pixels }
        #expect(matching == [expected], "drawn as \"\(expected)…\"")
    }

    @Test func itShrinksToFitTheLinesBeforeCutting() throws {
        let text = "Lisbon in the spring"
        let twoLines = try rasterizer.render(text, style: Self.style, maxWidth: 300)
        #expect(twoLines.lineCount == 2)
        let style = TextLook(fontFamily: "DejaVu Sans", size: 40, minimumSize: 10)
        let shrunk = try rasterizer.render(text, style: style, maxWidth: 300, maxLines: 1)
        #expect(shrunk.lineCount == 1 && !shrunk.truncated && shrunk.fittedSize < 40 && shrunk.fittedSize >= 10)
        #expect(Self.inkBands(shrunk.image) == 1)
        // A floor too high to fit: shrunk to it, then cut.
        let floor = TextLook(fontFamily: "DejaVu Sans", size: 40, minimumSize: 36)
        let cut = try rasterizer.render(text, style: floor, maxWidth: 300, maxLines: 1)
        #expect(cut.lineCount == 1 && cut.truncated && cut.fittedSize == 36)
    }

    @Test func lineFeedsCountAndTheLastKeptLineCarriesTheEllipsis() throws {
        let out = try rasterizer.render("one\ntwo\nthree", style: Self.style, maxLines: 2)
        #expect(out.lineCount == 2 && out.truncated && Self.inkBands(out.image) == 2)
        let same = try rasterizer.render("one\ntwo…", style: Self.style).image.pixels == out.image.pixels
        #expect(same, "drawn as \"one\\ntwo…\"")
        #expect(try rasterizer.render("one\ntwo", style: Self.style, maxLines: 2).truncated == false, "exactly two lines fit")
    }

    @Test func aWordTooWideForTheLineIsCutNotSplit() throws {
        let out = try rasterizer.render("Incomprehensibilities", style: Self.style, maxWidth: 200, maxLines: 1)
        #expect(out.lineCount == 1 && out.truncated && !out.overflowed && out.block.width <= 200)
        #expect(Self.inkBands(out.image) == 1)
    }

    @Test func measureAgreesAndABadBoundIsRefused() throws {
        let m = try rasterizer.measure(Self.long, style: Self.style, maxWidth: 400, maxLines: 2)
        #expect(m.lineCount == 2 && m.truncated)
        #expect(throws: FileAccessError.self) { try rasterizer.render("a", style: Self.style, maxLines: 0) }
    }
}
