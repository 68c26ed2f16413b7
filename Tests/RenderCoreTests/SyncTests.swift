import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateCore
import Testing

/// Picture and sound stay together: a flash and a beep made at the same instant come out within
/// one frame of each other.
@Suite struct SyncTests {
    static let rate = FrameRate(30)
    static func t(_ frames: Int64) -> RationalTime { rate.time(ofFrame: frames) }

    /// A 3 s clip, black and silent but for a white flash and a 1 kHz beep from 1.0 s to 1.1 s.
    func flashAndBeep(_ path: String) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=64x64:r=30:d=3,drawbox=c=white:t=fill:enable='between(t,1,1.1)'",
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=3,volume=volume='between(t,1,1.1)':eval=frame",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path,
        ])
    }

    func offsets(_ out: String) throws -> (flash: Double, beep: Double) {
        let flash = try Tools.frameBrightness(out).firstIndex { $0 > 128 } ?? -1
        let samples = try Tools.audioSamples(out)
        let beep = samples.firstIndex { abs($0) > 0.05 }.map { $0 / 2 } ?? -1
        return (Double(flash) / 30, Double(beep) / 48000)
    }

    @Test func flashAndBeepStayTogether() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("sync.mp4")
        try flashAndBeep(clip)
        // Source 0.5...2.5 s placed at 0: the flash is at 0.5 s of output.
        let c = VideoClip(
            id: "s", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(60)),
            sourceRange: TimeRange(start: Self.t(15), end: Self.t(75)), volume: 1)
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.rate, duration: Self.t(60), clips: [c],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)
        let o = try offsets(out)
        #expect(abs(o.flash - 0.5) < 0.001, "flash at frame 15: \(o.flash)")
        #expect(abs(o.beep - o.flash) <= 1.0 / 30, "beep \(o.beep) s vs flash \(o.flash) s")
    }

    @Test func flashAndBeepStayTogetherAfterATransition() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("sync.mp4")
        let grey = dir.file("grey.mp4")
        try flashAndBeep(clip)
        try TestMedia.colorClip(grey, color: "gray", width: 64, height: 64, seconds: "3")
        // A plays 0...1 s, B (the flash clip, from source 0.2 s) from 1 s with a 10-frame crossfade on the cut.
        let a = VideoClip(
            id: "a", media: grey, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(30)),
            sourceRange: TimeRange(start: .zero, end: Self.t(30)))
        let b = VideoClip(
            id: "b", media: clip, kind: .video, timelineRange: TimeRange(start: Self.t(30), end: Self.t(90)),
            sourceRange: TimeRange(start: Self.t(6), end: Self.t(66)), volume: 1)
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.rate, duration: Self.t(90), clips: [a, b],
            transitions: [Transition(kind: "crossfade", from: "a", to: "b", range: TimeRange(start: Self.t(25), end: Self.t(35)))],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)
        let o = try offsets(out)
        // Flash at source 1.0 s = timeline 1 s + (1.0 - 0.2) s = 1.8 s.
        #expect(abs(o.flash - 1.8) < 0.001, "flash at 1.8 s: \(o.flash)")
        #expect(abs(o.beep - o.flash) <= 1.0 / 30, "beep \(o.beep) s vs flash \(o.flash) s")
    }
}
