import MediaIO
import MediaTime
import PixelKernels
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// Image layers turned by their rotation and rotation keyframes, about their anchor point,
/// checked on frames drawn by the real renderer.
///
/// The scene, on a 128 px canvas: a black photo fills the main track and a white bar 64 px wide
/// and 8 px tall (an image layer half the canvas wide) is placed over it.
@Suite struct OverlayRotationTests {
    static let rate = FrameRate(30)
    static let span = TimeRange(start: .zero, end: rate.time(ofFrame: 10))

    struct Scene {
        let dir = TemporaryFolder()
        let photo: String
        let bar: String

        init() throws {
            photo = dir.file("black.png")
            bar = dir.file("bar.png")
            try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x64", "-frames:v", "1", photo])
            try PNGFile.write(OverlayRotationTests.bar(), to: bar)
        }

        func frame(_ index: Int64, overlays: [OverlayItem]) throws -> Picture {
            let clip = VideoClip(
                id: "bg", media: photo, kind: .image, timelineRange: OverlayRotationTests.span,
                sourceRange: OverlayRotationTests.span)
            let timeline = Timeline(
                canvas: Canvas(width: 128, height: 128), frameRate: OverlayRotationTests.rate,
                duration: OverlayRotationTests.span.end, clips: [clip], overlays: overlays)
            let renderer = FrameRenderer(timeline: timeline)
            let picture = renderer.makePicture()
            try renderer.render(frame: index, into: picture)
            return picture
        }

        /// The bar, centred on the canvas unless placed otherwise.
        func overlay(
            x: Double = 0.5, y: Double = 0.5, anchorX: Double = 0.5, anchorY: Double = 0.5, opacity: Double = 1,
            motion: [TransformKeyframe] = []
        ) -> OverlayItem {
            OverlayItem(
                id: "bar", media: bar, timelineRange: OverlayRotationTests.span, x: x, y: y, anchorX: anchorX, anchorY: anchorY,
                width: 0.5, opacity: opacity, motion: motion)
        }
    }

    /// An opaque white bar, 64 x 8.
    static func bar() -> RGBAImage {
        RGBAImage(width: 64, height: 8, pixels: [UInt8](repeating: 255, count: 64 * 8 * 4))
    }

    static func turned(_ degrees: Double) -> [TransformKeyframe] { [TransformKeyframe(time: .zero, rotation: degrees)] }

    static func white(_ p: Picture, _ x: Int, _ y: Int) -> Bool { p.luma(x: x, y: y) > 220 }
    static func black(_ p: Picture, _ x: Int, _ y: Int) -> Bool { p.luma(x: x, y: y) < 30 }

    static func identical(_ a: Picture, _ b: Picture) -> Bool {
        (0..<a.height).allSatisfy { y in (0..<a.width).allSatisfy { x in a.luma(x: x, y: y) == b.luma(x: x, y: y) } }
            && (0..<a.chromaHeight).allSatisfy { y in
                (0..<a.chromaWidth).allSatisfy { x in a.chroma(x: 2 * x, y: 2 * y) == b.chroma(x: 2 * x, y: 2 * y) }
            }
    }

    @Test func aQuarterTurnMakesAWideBarTall() throws {
        let scene = try Scene()
        let flat = try scene.frame(5, overlays: [scene.overlay()])
        #expect(Self.white(flat, 40, 64) && Self.white(flat, 90, 63), "unturned, the bar lies across the middle")
        #expect(Self.black(flat, 64, 40) && Self.black(flat, 63, 90))
        let tall = try scene.frame(5, overlays: [scene.overlay(motion: Self.turned(90))])
        // Inside only when turned: above and below the centre, along the vertical middle.
        #expect(
            Self.white(tall, 64, 40) && Self.white(tall, 63, 90) && Self.white(tall, 61, 34) && Self.white(tall, 66, 94),
            "turned, it stands up the middle")
        #expect(
            Self.black(tall, 40, 64) && Self.black(tall, 90, 63) && Self.black(tall, 56, 40) && Self.black(tall, 71, 90),
            "and leaves the sides")
        let chroma = tall.chroma(x: 64, y: 50)
        #expect(abs(Int(chroma.u) - 128) <= 2 && abs(Int(chroma.v) - 128) <= 2, "white stays grey in chroma \(chroma)")
        // A half turn the other way lies flat again.
        let back = try scene.frame(5, overlays: [scene.overlay(motion: Self.turned(-180))])
        #expect(Self.white(back, 40, 64) && Self.black(back, 64, 40))
    }

    /// The anchor point stays put and the image turns about it: a bar whose top-left corner sits at
    /// (32, 32), turned a quarter clockwise, hangs down from there to the left of it.
    @Test func itTurnsAboutItsAnchorPoint() throws {
        let scene = try Scene()
        let flat = try scene.frame(0, overlays: [scene.overlay(x: 0.25, y: 0.25, anchorX: 0, anchorY: 0)])
        #expect(Self.white(flat, 60, 36) && Self.black(flat, 28, 80))
        let turned = try scene.frame(0, overlays: [scene.overlay(x: 0.25, y: 0.25, anchorX: 0, anchorY: 0, motion: Self.turned(90))])
        #expect(Self.white(turned, 28, 36) && Self.white(turned, 28, 80) && Self.white(turned, 25, 94), "it hangs from the corner")
        #expect(Self.black(turned, 60, 36) && Self.black(turned, 36, 60) && Self.black(turned, 28, 100), "not beside it")
    }

    @Test func rotationKeyframesAnimate() throws {
        let scene = try Scene()
        let motion = [TransformKeyframe(time: .zero, rotation: 0), TransformKeyframe(time: Self.rate.time(ofFrame: 8), rotation: 90)]
        let overlay = scene.overlay(motion: motion)
        let start = try scene.frame(0, overlays: [overlay])
        let middle = try scene.frame(4, overlays: [overlay])
        let end = try scene.frame(9, overlays: [overlay])
        #expect(Self.white(start, 40, 64) && Self.black(start, 64, 40), "flat at the start")
        // At 45 degrees the bar runs from the top left to the bottom right.
        #expect(Self.white(middle, 82, 82) && Self.white(middle, 46, 46), "diagonal halfway")
        #expect(Self.black(middle, 40, 64) && Self.black(middle, 64, 40) && Self.black(middle, 82, 46), "diagonal halfway, nowhere else")
        #expect(Self.white(end, 64, 40) && Self.black(end, 40, 64), "upright at the end")
    }

    @Test func opacityStillApplies() throws {
        let scene = try Scene()
        let half = try scene.frame(5, overlays: [scene.overlay(opacity: 0.5, motion: Self.turned(90))])
        let luma = Int(half.luma(x: 64, y: 40))
        let grey = (16 + 235) / 2
        #expect(abs(luma - grey) <= 4, "half of white over black \(luma)")
        #expect(Self.black(half, 40, 64))
        let none = try scene.frame(5, overlays: [scene.overlay(opacity: 0, motion: Self.turned(90))])
        #expect(Self.identical(none, try scene.frame(5, overlays: [])), "transparent draws nothing")
    }

    /// An overlay with no turn is drawn as it always was: the image blended at its rounded top-left.
    @Test func anUnturnedOverlayRendersExactlyAsBefore() throws {
        let scene = try Scene()
        let expected = try scene.frame(5, overlays: [])
        // The bar's top-left on the canvas: (64 - 32, 64 - 4), and a second one off-centre, at 0.7.
        Compositor.blend(Self.bar(), onto: expected, x: 32, y: 60, opacity: 1)
        Compositor.blend(
            Self.bar(), onto: expected, x: Int((0.3 * 128 - 0.5 * 64).rounded()), y: Int((0.7 * 128 - 0.5 * 8).rounded()),
            opacity: 0.7)
        for motion in [[], Self.turned(0), Self.turned(360), Self.turned(-720)] {
            let f = try scene.frame(5, overlays: [scene.overlay(motion: motion), scene.overlay(x: 0.3, y: 0.7, opacity: 0.7, motion: motion)])
            #expect(Self.identical(f, expected), "rotation \(motion.first?.rotation ?? 0)")
        }
    }
}
