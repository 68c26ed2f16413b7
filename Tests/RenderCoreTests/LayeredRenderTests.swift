import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// Timelines with transitions, motion, texts, overlays, grades and layers, rendered and checked
/// by decoding the output with the ffmpeg command line.
@Suite struct LayeredRenderTests {
    static let rate = FrameRate(30)
    static func t(_ frames: Int64) -> RationalTime { rate.time(ofFrame: frames) }
    static func range(_ a: Int64, _ b: Int64) -> TimeRange { TimeRange(start: t(a), end: t(b)) }

    /// Two flat photos cut at frame 30, optionally with a crossfade centred on the cut.
    func twoColours(_ dir: TemporaryFolder, transition: String?) throws -> Timeline {
        let red = dir.file("red.png")
        let blue = dir.file("blue.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", red])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=64x64", "-frames:v", "1", blue])
        let clips = [
            VideoClip(id: "a", media: red, kind: .image, timelineRange: Self.range(0, 30), sourceRange: Self.range(0, 30)),
            VideoClip(id: "b", media: blue, kind: .image, timelineRange: Self.range(30, 60), sourceRange: Self.range(0, 30)),
        ]
        let transitions = transition.map { [Transition(kind: $0, from: "a", to: "b", range: Self.range(25, 35))] } ?? []
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.rate, duration: Self.t(60), clips: clips,
            transitions: transitions, output: OutputSettings(crf: 10, preset: "superfast"))
    }

    @Test func cutsAreFrameExact() throws {
        let dir = TemporaryFolder()
        let out = dir.file("cut.mp4")
        try Exporter.export(try twoColours(dir, transition: nil), to: out)
        let before = try Tools.rgbFrame(out, index: 29).average(32, 32)
        let after = try Tools.rgbFrame(out, index: 30).average(32, 32)
        #expect(before.r > 200 && before.b < 50, "last frame before the cut is A: \(before)")
        #expect(after.b > 200 && after.r < 50, "first frame after the cut is B: \(after)")
    }

    @Test func crossfadeIsCentredOnTheCut() throws {
        let dir = TemporaryFolder()
        let out = dir.file("fade.mp4")
        try Exporter.export(try twoColours(dir, transition: "crossfade"), to: out)
        let v = try #require(try Tools.probe(out).video)
        #expect(v.frames == 60, "transitions do not change the length")
        let a = try Tools.rgbFrame(out, index: 24).average(32, 32)
        let mid = try Tools.rgbFrame(out, index: 30).average(32, 32)
        let b = try Tools.rgbFrame(out, index: 35).average(32, 32)
        #expect(a.r > 200 && a.b < 50, "before the transition: A \(a)")
        #expect(b.b > 200 && b.r < 50, "after the transition: B \(b)")
        #expect(abs(mid.r - mid.b) < 30 && mid.r > 90 && mid.b > 90, "at the cut: half and half \(mid)")
    }

    @Test func wipeEdgeFollowsProgress() throws {
        let dir = TemporaryFolder()
        let out = dir.file("wipe.mp4")
        try Exporter.export(try twoColours(dir, transition: "wipeLeft"), to: out)
        // Halfway: the edge has moved half the width leftward from the right edge; B on the right.
        let mid = try Tools.rgbFrame(out, index: 30)
        #expect(mid.average(8, 32).r > 180, "left part still A")
        #expect(mid.average(56, 32).b > 180, "right part already B")
    }

    /// A timeline built in code may name a transition or filter the catalog lacks: the error names
    /// the effect by its kind in a field of its own, never as a file.
    @Test func anUnknownEffectIsNamedAsAnEffect() throws {
        let dir = TemporaryFolder()
        var failure: RenderError?
        let unknown = try twoColours(dir, transition: "nope")
        do { try Exporter.export(unknown, to: dir.file("nope.mp4")) } catch { failure = error }
        let transition = try #require(failure)
        guard case .effect(let effect) = transition.cause else {
            Issue.record("not an effect error: \(transition)")
            return
        }
        #expect(effect == EffectError(effect: "nope", operation: "drawing a transition", reason: "'nope' is not a transition of the catalog"))
        #expect(transition.media == nil)
        #expect(
            transition.description == "nope: drawing a transition: 'nope' is not a transition of the catalog (clip transition 0, output frame 25)")
        var graded = try twoColours(dir, transition: nil)
        graded.grade = [Effect(kind: "blur-ish")]
        failure = nil
        do { try Exporter.export(graded, to: dir.file("graded.mp4")) } catch { failure = error }
        let grade = try #require(failure)
        #expect(grade.description == "blur-ish: applying a filter: unknown filter 'blur-ish' (clip grade, output frame 0)")
    }

    @Test func kenBurnsZoomsTheStill() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo, width: 200, height: 200, color: "blue", marker: (0, 0, 40, "red"))
        let clip = VideoClip(
            id: "p", media: photo, kind: .image, timelineRange: Self.range(0, 30), sourceRange: Self.range(0, 30),
            motion: [TransformKeyframe(time: .zero, scale: 1), TransformKeyframe(time: Self.t(29), scale: 2)])
        let timeline = Timeline(
            canvas: Canvas(width: 200, height: 200), frameRate: Self.rate, duration: Self.t(30), clips: [clip],
            output: OutputSettings(crf: 10, preset: "superfast"))
        let out = dir.file("kb.mp4")
        try Exporter.export(timeline, to: out)
        let first = try Tools.rgbFrame(out, index: 0)
        let last = try Tools.rgbFrame(out, index: 29)
        #expect(first.average(10, 10).r > 180, "marker visible at the start")
        #expect(first.average(60, 60).b > 180)
        // Doubled about the centre, the 40 px corner marker has left the picture.
        #expect(last.average(10, 10).b > 180, "zoomed in: corner is now blue \(last.average(10, 10))")
    }

    @Test func gridOfFourVideosPlaysTogether() throws {
        let dir = TemporaryFolder()
        let colours = ["red", "green", "blue", "yellow"]
        var clips: [VideoClip] = []
        for (i, c) in colours.enumerated() {
            let path = dir.file("\(c).mp4")
            try TestMedia.colorClip(path, color: c, width: 160, height: 90, seconds: "1")
            clips.append(
                VideoClip(
                    id: c, media: path, kind: .video, timelineRange: Self.range(0, 20), sourceRange: Self.range(0, 20),
                    layer: 1, frame: LayerRect(x: Double(i % 2) * 0.5, y: Double(i / 2) * 0.5, width: 0.5, height: 0.5)))
        }
        let timeline = Timeline(
            canvas: Canvas(width: 128, height: 128), frameRate: Self.rate, duration: Self.t(20), clips: clips,
            output: OutputSettings(crf: 10, preset: "superfast"))
        let out = dir.file("grid.mp4")
        try Exporter.export(timeline, to: out)
        let f = try Tools.rgbFrame(out, index: 10)
        let tl = f.average(32, 32)
        let tr = f.average(96, 32)
        let bl = f.average(32, 96)
        let br = f.average(96, 96)
        #expect(tl.r > 180 && tl.g < 80, "top-left red \(tl)")
        #expect(tr.g > 90 && tr.r < 80, "top-right green \(tr)")
        #expect(bl.b > 180 && bl.r < 80, "bottom-left blue \(bl)")
        #expect(br.r > 180 && br.g > 180 && br.b < 80, "bottom-right yellow \(br)")
    }

    /// Nine videos at once, each in its cell, every frame: the decoder pool holds them all open.
    @Test func gridOfNineVideos() throws {
        let dir = TemporaryFolder()
        let levels = [0, 128, 255]
        var clips: [VideoClip] = []
        for i in 0..<9 {
            let (r, g) = (levels[i % 3], levels[i / 3])
            let path = dir.file("c\(i).mp4")
            try TestMedia.colorClip(path, color: String(format: "0x%02x%02x80", r, g), width: 64, height: 64, seconds: "1")
            clips.append(
                VideoClip(
                    id: "c\(i)", media: path, kind: .video, timelineRange: Self.range(0, 15), sourceRange: Self.range(0, 15),
                    layer: 1, frame: LayerRect(x: Double(i % 3) / 3, y: Double(i / 3) / 3, width: 1.0 / 3, height: 1.0 / 3)))
        }
        let timeline = Timeline(
            canvas: Canvas(width: 192, height: 192), frameRate: Self.rate, duration: Self.t(15), clips: clips,
            output: OutputSettings(crf: 10, preset: "superfast"))
        let out = dir.file("grid9.mp4")
        try Exporter.export(timeline, to: out)
        let f = try Tools.rgbFrame(out, index: 12)
        for i in 0..<9 {
            let p = f.average(32 + 64 * (i % 3), 32 + 64 * (i / 3))
            #expect(abs(p.r - levels[i % 3]) < 30 && abs(p.g - levels[i / 3]) < 30, "cell \(i): \(p)")
        }
    }

    /// A filter parameter with keyframes moves over the clip: brightness from -0.8 to 0.
    @Test func animatedFilterParametersMove() throws {
        let dir = TemporaryFolder()
        let grey = dir.file("grey.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0x808080:s=64x64", "-frames:v", "1", grey])
        let fade = Effect(
            kind: "brightness", parameters: ["amount": -0.4],
            animation: ["amount": [EffectKeyframe(time: .zero, value: -0.8), EffectKeyframe(time: Self.t(29), value: 0)]])
        let clip = VideoClip(id: "g", media: grey, kind: .image, timelineRange: Self.range(0, 30), sourceRange: Self.range(0, 30), filters: [fade])
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.rate, duration: Self.t(30), clips: [clip],
            output: OutputSettings(crf: 10, preset: "superfast"))
        let out = dir.file("anim.mp4")
        try Exporter.export(timeline, to: out)
        let levels = try Tools.frameBrightness(out)
        #expect(levels.count == 30)
        #expect(levels[0] < 50, "dark at the start: \(levels[0])")
        #expect(abs(levels[29] - 128) < 10, "unchanged at the end: \(levels[29])")
        #expect(levels[15] > levels[0] + 20 && levels[15] < levels[29] - 20, "in between halfway: \(levels[15])")
    }

    @Test func textOverlayAndGradeAreDrawn() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("p.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0x2060c0:s=64x64", "-frames:v", "1", photo])
        let sticker = dir.file("sticker.png")
        var image = RGBAImage(width: 40, height: 40)
        for i in 0..<(40 * 40) {
            image.pixels[i * 4] = 255
            image.pixels[i * 4 + 3] = 255
        }
        try PNGFile.write(image, to: sticker)
        let clip = VideoClip(id: "p", media: photo, kind: .image, timelineRange: Self.range(0, 10), sourceRange: Self.range(0, 10))
        let text = TextItem(
            id: "title", text: "HELLO", timelineRange: Self.range(0, 10),
            look: TextLook(fontFamily: "DejaVu Sans:bold", size: 40, color: .white), x: 0.5, y: 0.25)
        let overlay = OverlayItem(id: "s", media: sticker, timelineRange: Self.range(0, 10), x: 0.5, y: 0.8, width: 0.2)
        let timeline = Timeline(
            canvas: Canvas(width: 200, height: 200), frameRate: Self.rate, duration: Self.t(10), clips: [clip],
            texts: [text], overlays: [overlay], grade: [Effect(kind: "grayscale", parameters: ["strength": 1])],
            output: OutputSettings(crf: 10, preset: "superfast"))
        let out = dir.file("layers.mp4")
        try Exporter.export(timeline, to: out)
        let f = try Tools.rgbFrame(out, index: 5)
        let bg = f.average(20, 120)
        #expect(abs(bg.r - bg.b) < 12, "grade made the clip grey \(bg)")
        let sticker2 = f.average(100, 160)
        #expect(sticker2.r > 180 && sticker2.g < 80, "the sticker is drawn after the grade, in colour \(sticker2)")
        // White text ink somewhere in the title band.
        var brightest = 0
        for x in stride(from: 30, to: 170, by: 2) { brightest = max(brightest, f.pixel(x, 50).g) }
        #expect(brightest > 220, "title ink present")
    }

    @Test func renderingTwiceGivesIdenticalFrames() throws {
        let dir = TemporaryFolder()
        let timeline = try twoColours(dir, transition: "circleOpen")
        let a = dir.file("a.mp4")
        let b = dir.file("b.mp4")
        try Exporter.export(timeline, to: a)
        try Exporter.export(timeline, to: b)
        let ha = try Tools.run("ffmpeg", ["-v", "error", "-i", a, "-f", "framemd5", "-"]).stdout
        let hb = try Tools.run("ffmpeg", ["-v", "error", "-i", b, "-f", "framemd5", "-"]).stdout
        #expect(!ha.isEmpty && ha == hb)
    }
}
