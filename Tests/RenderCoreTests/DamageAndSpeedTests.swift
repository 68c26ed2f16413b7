import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateResolver
import Testing
import TimelineModel

@Suite struct DamageAndSpeedTests {
    /// Garbage written over the middle of a clip's media data: the export still completes, holds the
    /// last good picture over the damage, and says which file was damaged.
    @Test func damagedClipIsReportedNotFatal() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=4", "-c:v", "libx264", "-preset", "ultrafast",
            "-g", "100", "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip,
        ])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clip)))
        let from = bytes.count / 2
        // Seeded: the same garbage every run, so a failure names bytes that can be looked at again.
        var rng = SeededGenerator(seed: 25)
        for i in from..<(from + 3000) { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
        try Data(bytes).write(to: URL(fileURLWithPath: clip))
        let d = RationalTime(seconds: 4)
        let timeline = Timeline(
            canvas: Canvas(width: 160, height: 120), frameRate: FrameRate(25), duration: d,
            clips: [
                VideoClip(
                    id: "c", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: d),
                    sourceRange: TimeRange(start: .zero, end: d))
            ],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("out.mp4")
        let report = try Exporter.export(timeline, to: out)
        #expect(report.warnings.count == 1, "\(report.warnings)")
        #expect(report.warnings.first?.contains("clip.mp4") == true)
        #expect(try Tools.probe(out).video?.frames == 100)
    }

    /// A clip at 2x: its flash and its beep both come twice as early, together.
    @Test func soundFollowsSpeed() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("sync.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=64x64:r=30:d=4,drawbox=c=white:t=fill:enable='between(t,2,2.1)'",
            "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=4,volume=volume='between(t,2,2.1)':eval=frame",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip,
        ])
        let rate = FrameRate(30)
        let d = rate.time(ofFrame: 60)
        let c = VideoClip(
            id: "fast", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: d),
            sourceRange: TimeRange(start: .zero, end: d * 2), speed: RationalTime(seconds: 2), volume: 1)
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: rate, duration: d, clips: [c],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out, options: ExportOptions(loudnessTarget: nil))
        let flash = Double(try Tools.frameBrightness(out).firstIndex { $0 > 128 } ?? -1) / 30
        let samples = try Tools.audioSamples(out)
        let beep = Double((samples.firstIndex { abs($0) > 0.05 } ?? -2) / 2) / 48_000
        #expect(abs(flash - 1.0) <= 1.0 / 30, "flash at 1 s: \(flash)")
        #expect(abs(beep - flash) <= 1.0 / 30, "beep \(beep) s vs flash \(flash) s")
    }
}
