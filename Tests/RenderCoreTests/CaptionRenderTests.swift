import MediaIO
import MediaTime
import ReelTestSupport
import Testing
import TimelineModel

@testable import RenderCore

/// Karaoke captions drawn by the real renderer: each word-state item is rasterized once however
/// many frames show it, lights its own word, and leaves the cache when it leaves the screen.
@Suite struct CaptionRenderTests {
    static let rate = FrameRate(25)

    /// Three items of ten frames each, "One two six" with word k lit in the k-th.
    func timeline() throws -> (Timeline, TemporaryFolder) {
        let dir = TemporaryFolder()
        let black = dir.file("black.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x64", "-frames:v", "1", black])
        let all = TimeRange(start: .zero, end: Self.rate.time(ofFrame: 30))
        let look = TextLook(fontFamily: "DejaVu Sans:bold", size: 20)
        let words = [(0, 3), (4, 3), (8, 3)]
        let texts = words.enumerated().map { k, w in
            TextItem(
                id: "caption-1.\(k + 1)", text: "One two six",
                timelineRange: TimeRange(start: Self.rate.time(ofFrame: Int64(k * 10)), end: Self.rate.time(ofFrame: Int64(k * 10 + 10))),
                look: look, maxWidth: 0.95, highlight: TextHighlight(start: w.0, length: w.1, color: RGBAColor(red: 255, green: 220, blue: 0)))
        }
        let clip = VideoClip(id: "bg", media: black, kind: .image, timelineRange: all, sourceRange: all)
        return (Timeline(canvas: Canvas(width: 160, height: 64), frameRate: Self.rate, duration: all.end, clips: [clip], texts: texts), dir)
    }

    /// Mean x of the yellow pixels.
    func litCentre(_ p: Picture) -> Double? {
        var (sum, n) = (0, 0)
        for y in 0..<p.height {
            for x in 0..<p.width {
                let c = p.chroma(x: x, y: y)
                let v = YCbCr(y: p.luma(x: x, y: y), cb: c.u, cr: c.v).rgb
                if v.red > 150, v.green > 120, v.blue < 80 { (sum, n) = (sum + x, n + 1) }
            }
        }
        return n > 5 ? Double(sum) / Double(n) : nil
    }

    @Test func eachWordStateIsRasterizedOnceAndLightsItsWord() throws {
        let (timeline, dir) = try timeline()
        defer { withExtendedLifetime(dir) {} }
        let renderer = FrameRenderer(timeline: timeline)
        let picture = renderer.makePicture()
        var centres: [Double] = []
        for frame in 0..<30 {
            try renderer.render(frame: Int64(frame), into: picture)
            #expect(renderer.graphics.cachedTexts <= 1, "only the text on screen is kept")
            if frame % 10 == 5 { centres.append(try #require(litCentre(picture), "frame \(frame) has a lit word")) }
        }
        #expect(renderer.graphics.textRasterizations == 3, "one rasterization per item, not per frame")
        #expect(centres.count == 3 && centres[0] < centres[1] && centres[1] < centres[2], "the lit word moves right: \(centres)")
    }
}
