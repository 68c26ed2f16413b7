import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// Media layers, images and texts drawn in one order, and the grade colouring the video but never
/// the graphics, checked on frames drawn by the real renderer from small media made here.
///
/// The scene, on a 128 px canvas: a blue photo fills the main track; a red card (an image layer)
/// covers all but a 13 px margin; a lime video inset fills the middle half; a label (a text with a
/// magenta box) sits at the centre.
@Suite struct StackingRenderTests {
    static let rate = FrameRate(30)
    static let span = TimeRange(start: .zero, end: rate.time(ofFrame: 10))

    struct Scene {
        let dir = TemporaryFolder()
        let timeline: Timeline

        /// Stacking numbers of the card, inset and label (the inset's is a clip layer, at least 1).
        init(card: Int?, inset: Int, label: Int?, grade: [Effect] = []) throws {
            let photo = dir.file("blue.png")
            let video = dir.file("lime.mp4")
            let cardFile = dir.file("card.png")
            try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=64x64", "-frames:v", "1", photo])
            try TestMedia.colorClip(video, color: "lime", width: 64, height: 64, seconds: "1")
            var red = RGBAImage(width: 40, height: 40)
            for i in 0..<(40 * 40) {
                red.pixels[i * 4] = 255
                red.pixels[i * 4 + 3] = 255
            }
            try PNGFile.write(red, to: cardFile)
            let clips = [
                VideoClip(id: "main", media: photo, kind: .image, timelineRange: StackingRenderTests.span, sourceRange: StackingRenderTests.span),
                VideoClip(
                    id: "inset", media: video, kind: .video, timelineRange: StackingRenderTests.span, sourceRange: StackingRenderTests.span,
                    layer: inset, frame: LayerRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)),
            ]
            let look = TextLook(
                fontFamily: "DejaVu Sans:bold", size: 16, color: .white, box: TextBox(color: RGBAColor(red: 255, green: 0, blue: 255), padding: 8))
            timeline = Timeline(
                canvas: Canvas(width: 128, height: 128), frameRate: StackingRenderTests.rate,
                duration: StackingRenderTests.span.end, clips: clips,
                texts: [TextItem(id: "label", text: "Hi", timelineRange: StackingRenderTests.span, look: look, layer: label)],
                overlays: [OverlayItem(id: "card", media: cardFile, timelineRange: StackingRenderTests.span, width: 0.8, layer: card)],
                grade: grade)
        }

        func frame() throws -> Picture {
            let renderer = FrameRenderer(timeline: timeline)
            let picture = renderer.makePicture()
            try renderer.render(frame: 5, into: picture)
            return picture
        }
    }

    static func rgb(_ p: Picture, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let c = p.chroma(x: x, y: y)
        let v = YCbCr(y: p.luma(x: x, y: y), cb: c.u, cr: c.v).rgb
        return (Int(v.red), Int(v.green), Int(v.blue))
    }

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 180 && c.g < 70 && c.b < 70 }
    static func isLime(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.g > 180 && c.r < 70 && c.b < 70 }
    static func isMagenta(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 180 && c.b > 180 && c.g < 70 }
    static func isGrey(_ c: (r: Int, g: Int, b: Int)) -> Bool { abs(c.r - c.g) < 12 && abs(c.g - c.b) < 12 }

    // Where to look: the card's margin-free part outside the inset, the inset outside the label,
    // the label's box above its text, and the main track in the margin.
    static let card = (x: 20, y: 20), inset = (x: 40, y: 40), label = (x: 64, y: 50), margin = (x: 4, y: 4)

    @Test func anImageListedBeforeAMediaLayerIsDrawnUnderItAndATextAfterOverIt() throws {
        let f = try Scene(card: 1, inset: 2, label: 3).frame()
        #expect(Self.isRed(Self.rgb(f, Self.card.x, Self.card.y)), "the card over the main track \(Self.rgb(f, Self.card.x, Self.card.y))")
        #expect(Self.isLime(Self.rgb(f, Self.inset.x, Self.inset.y)), "the inset over the card \(Self.rgb(f, Self.inset.x, Self.inset.y))")
        #expect(Self.isMagenta(Self.rgb(f, Self.label.x, Self.label.y)), "the label over the inset \(Self.rgb(f, Self.label.x, Self.label.y))")
        let blue = Self.rgb(f, Self.margin.x, Self.margin.y)
        #expect(blue.b > 180 && blue.r < 70, "the main track in the margin \(blue)")
    }

    @Test func theGradeColoursAMediaLayerAboveAnImageButNotTheImage() throws {
        let f = try Scene(card: 1, inset: 2, label: 3, grade: [Effect(kind: "grayscale", parameters: ["strength": 1])]).frame()
        let main = Self.rgb(f, Self.margin.x, Self.margin.y)
        let inset = Self.rgb(f, Self.inset.x, Self.inset.y)
        #expect(Self.isGrey(main), "the main track is graded \(main)")
        #expect(Self.isGrey(inset) && inset.g > 100, "the inset, above the card, is graded on its own \(inset)")
        #expect(Self.isRed(Self.rgb(f, Self.card.x, Self.card.y)), "the card under it keeps its colour \(Self.rgb(f, Self.card.x, Self.card.y))")
        #expect(Self.isMagenta(Self.rgb(f, Self.label.x, Self.label.y)), "and so does the label \(Self.rgb(f, Self.label.x, Self.label.y))")
    }

    /// Overlays and texts without stacking numbers (timelines written before them) are drawn over
    /// every clip, after the grade, exactly as before; numbered in that same order they draw the same.
    @Test func timelinesWithoutNumbersRenderAsBefore() throws {
        let grade = [Effect(kind: "grayscale", parameters: ["strength": 1])]
        let old = try Scene(card: nil, inset: 2, label: nil, grade: grade).frame()
        #expect(Self.isRed(Self.rgb(old, Self.inset.x, Self.inset.y)), "the card hides the inset \(Self.rgb(old, Self.inset.x, Self.inset.y))")
        #expect(Self.isGrey(Self.rgb(old, Self.margin.x, Self.margin.y)))
        #expect(Self.isMagenta(Self.rgb(old, Self.label.x, Self.label.y)))
        let numbered = try Scene(card: 3, inset: 2, label: 4, grade: grade).frame()
        let same =
            (0..<old.height).allSatisfy { y in (0..<old.width).allSatisfy { x in old.luma(x: x, y: y) == numbered.luma(x: x, y: y) } }
            && (0..<old.chromaHeight).allSatisfy { y in
                (0..<old.chromaWidth).allSatisfy { x in old.chroma(x: 2 * x, y: 2 * y) == numbered.chroma(x: 2 * x, y: 2 * y) }
            }
        #expect(same, "graded once, then the graphics: the same picture")
    }

    /// A long title with at most one line renders one line of ink; without the bound it wraps.
    @Test func aTextsMostLinesReachTheRenderer() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("black.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x64", "-frames:v", "1", photo])
        func bands(maxLines: Int?) throws -> Int {
            let text = TextItem(
                id: "title", text: "A long title that cannot fit on one line of this narrow video", timelineRange: Self.span,
                look: TextLook(fontFamily: "DejaVu Sans", size: 24, lineSpacing: 1.6), maxWidth: 0.9, maxLines: maxLines)
            let clip = VideoClip(id: "bg", media: photo, kind: .image, timelineRange: Self.span, sourceRange: Self.span)
            let timeline = Timeline(
                canvas: Canvas(width: 200, height: 360), frameRate: Self.rate, duration: Self.span.end, clips: [clip],
                texts: [text])
            let renderer = FrameRenderer(timeline: timeline)
            let picture = renderer.makePicture()
            try renderer.render(frame: 0, into: picture)
            // Rows with ink, in runs separated by at least 8 blank rows (lines lie 0.6 em apart).
            var count = 0
            var blank = Int.max
            for y in 0..<picture.height {
                if (0..<picture.width).contains(where: { picture.luma(x: $0, y: y) > 100 }) {
                    if blank >= 8 { count += 1 }
                    blank = 0
                } else if blank < Int.max {
                    blank += 1
                }
            }
            return count
        }
        #expect(try bands(maxLines: nil) > 2, "unbounded, it wraps")
        #expect(try bands(maxLines: 1) == 1, "one line, cut with an ellipsis")
        #expect(try bands(maxLines: 2) == 2)
    }
}
