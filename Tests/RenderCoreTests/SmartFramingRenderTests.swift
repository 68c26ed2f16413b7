import Foundation
import MediaFacts
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateFormat
import TemplateResolver
import Testing
import TimelineModel

/// Smart framing through the real renderer: wide pictures with a red marker at one side, framed
/// into a 9:16 canvas, checked in the decoded output; and a real face found by the detectors and
/// framed by the resolver.
@Suite struct SmartFramingRenderTests {
    static let rate = FrameRate(30)
    static func t(_ frames: Int64) -> RationalTime { rate.time(ofFrame: frames) }
    static let canvas = Canvas(width: 90, height: 160)

    func render(_ clip: VideoClip, frames: Int64, in dir: TemporaryFolder, name: String) throws -> String {
        let timeline = Timeline(
            canvas: Self.canvas, frameRate: Self.rate, duration: Self.t(frames), clips: [clip], output: OutputSettings(crf: 10, preset: "superfast"))
        #expect(TimelineValidation.problems(timeline).isEmpty)
        let out = dir.file(name)
        try Exporter.export(timeline, to: out)
        return out
    }

    /// The reddest column of a frame's middle row, and how red it is.
    static func reddest(_ frame: RGBFrame) -> (x: Int, redness: Int) {
        var best = (x: 0, redness: Int.min)
        for x in 0..<frame.width {
            let p = frame.average(x, frame.height / 2, radius: 2)
            if p.r - p.b > best.redness { best = (x, p.r - p.b) }
        }
        return best
    }

    @Test func aPhotoFramedSmartShowsItsSideAndCoverDoesNot() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("wide.jpg")
        // 320x180: the window of a 9:16 frame is 101 pixels wide; the marker lies at 270-310.
        try TestMedia.jpeg(photo, width: 320, height: 180, color: "blue", marker: (270, 70, 40, "red"))
        let range = TimeRange(start: .zero, end: Self.t(10))
        var clip = VideoClip(id: "p", media: photo, kind: .image, timelineRange: range, sourceRange: range, fit: .smart)
        clip.crop = [CropKeyframe(time: .zero, x: 0.9, y: 0.5)]
        let smart = try Tools.rgbFrame(try render(clip, frames: 10, in: dir, name: "smart.mp4"), index: 5)
        let found = Self.reddest(smart)
        #expect(found.redness > 150, "marker shown: \(found)")
        // Held against the right edge: the marker's 40 of 101 pixels land at 45-81 of 90.
        #expect(found.x > 45 && found.x < 82, "\(found)")
        clip.fit = .cover
        clip.crop = []
        let cover = try Tools.rgbFrame(try render(clip, frames: 10, in: dir, name: "cover.mp4"), index: 5)
        #expect(Self.reddest(cover).redness < 40, "cover shows the centre only")
    }

    @Test func aVideoFramedSmartFollowsItsMarkerAlongTheCropPath() throws {
        let dir = TemporaryFolder()
        let clipFile = dir.file("pan.mp4")
        // The marker crosses the picture from x = 20 to x = 260 over 2 s.
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=blue:s=320x180:r=30:d=2", "-f", "lavfi", "-i", "color=c=red:s=40x40:r=30:d=2",
            "-filter_complex", "[0:v][1:v]overlay=x='20+t*120':y=70,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            clipFile,
        ])
        let range = TimeRange(start: .zero, end: Self.t(60))
        var clip = VideoClip(id: "v", media: clipFile, kind: .video, timelineRange: range, sourceRange: range, fit: .smart)
        // The marker's centre, 40 + 120 t pixels, as a fraction of 320.
        clip.crop = [CropKeyframe(time: .zero, x: 40.0 / 320), CropKeyframe(time: Self.t(59), x: (40 + 120 * 59.0 / 30) / 320)]
        let out = try render(clip, frames: 60, in: dir, name: "smart.mp4")
        for index in [0, 30, 59] {
            let found = Self.reddest(try Tools.rgbFrame(out, index: index))
            #expect(found.redness > 150, "frame \(index): \(found)")
        }
        // Mid-path the window is centred on the marker.
        let mid = Self.reddest(try Tools.rgbFrame(out, index: 30))
        #expect(abs(mid.x - 45) < 12, "\(mid)")
        clip.fit = .cover
        clip.crop = []
        let cover = try render(clip, frames: 60, in: dir, name: "cover.mp4")
        #expect(Self.reddest(try Tools.rgbFrame(cover, index: 0)).redness < 40, "cover misses the marker at the start")
    }

    @Test func aQuarterTurnedClipIsFramedInItsDisplayedAxes() throws {
        let dir = TemporaryFolder()
        let clipFile = dir.file("turned.mp4")
        // Stored 180x320 with the marker at the bottom (stored y 270-310); shown turned 90° clockwise
        // as 320x180, the marker is on the left (displayed x 10-50).
        try TestMedia.colorClip(clipFile, width: 180, height: 320, seconds: "1", marker: (70, 270, 40, "red"))
        let range = TimeRange(start: .zero, end: Self.t(10))
        var clip = VideoClip(
            id: "v", media: clipFile, kind: .video, timelineRange: range, sourceRange: range, orientation: Orientation(rotation: 90),
            fit: .smart)
        clip.crop = [CropKeyframe(time: .zero, x: 0.1, y: 0.5)]
        let found = Self.reddest(try Tools.rgbFrame(try render(clip, frames: 10, in: dir, name: "smart.mp4"), index: 3))
        #expect(found.redness > 150 && found.x < 45, "\(found)")
    }

    /// A real face, found by the detectors in a wide photo, is what the window frames.
    @Test(.enabled(if: FaceScenes.astronaut != nil, "\(FaceScenes.missing)"))
    func theDetectedFaceIsInsideTheWindow() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("scene.jpg")
        let placement = FaceScenes.Placement(x: 1500, y: 300, side: 400)
        try FaceScenes.photo(photo, width: 1920, height: 1080, faces: [placement])
        var asset = try #require(try AssetProbe.probe([photo]).first)
        asset.subjects = try AnalysisCache(folder: dir.file("cache")).subjects(of: photo)
        var template = Template(
            name: "t", canvas: Canvas(width: 360, height: 640), frameRate: Self.rate, slots: [SlotSpec(id: "s", duration: RationalTime(seconds: 1))])
        template.slots[0].motion = .preset(kind: "none", parameters: [:])
        let r = try Resolver.resolve(template: template, templateFolder: dir.path, media: [asset], options: ResolveOptions(reframe: .smart))
        let clip = try #require(r.timeline.clips.first)
        let c = try #require(clip.crop.first)
        let f = placement.face
        let window = CoverWindow(pictureWidth: 1920, pictureHeight: 1080, frameWidth: 360, frameHeight: 640)
        let face = SubjectFocus(x: f.x / 1920, y: f.y / 1080, width: f.width / 1920, height: f.height / 1080, kind: .face, faces: 1)
        #expect(face.isInside(window, x: c.x, y: c.y), "window at \(c.x) misses the face at \(face.minX)...\(face.maxX)")
        #expect(r.summary[0].contains("framed on a face"), "\(r.summary)")
    }
}
