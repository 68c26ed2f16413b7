import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

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

/// At a change of rate each source picture lands on the output frame nearest its own time: a flash
/// filmed with a beep comes out within half an output frame of it, for sources at 29.97, 25, 24
/// and 60 fps in 30 and 29.97 fps videos, whatever the phase of the cut against either grid.
@Suite struct RateChangeSyncTests {
    static let sources: [FrameRate] = [FrameRate(numerator: 30000, denominator: 1001), FrameRate(25), FrameRate(24), FrameRate(60)]
    static let outputs: [FrameRate] = [FrameRate(30), FrameRate(numerator: 30000, denominator: 1001)]
    /// Phases of the cut: source starts this many milliseconds after 0.5 s, spread over more than
    /// a frame of either rate.
    static let phases: [Int64] = [0, 7, 13, 20, 26, 33, 41]

    /// A 3 s clip at `rate`, black and silent but for a white flash (3 frames) and a 1 kHz beep
    /// (0.1 s) that start together on its first frame at or after 1 s; returns that frame's time.
    func flashAndBeep(_ path: String, rate: FrameRate) throws -> RationalTime {
        let first = rate.time(ofFrame: rate.frame(at: RationalTime(seconds: 1), rounding: .up))
        let start = String(format: "%.6f", first.seconds)
        let end = String(format: "%.6f", first.seconds + 0.1)
        try Tools.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=black:s=64x64:r=\(rate.numerator)/\(rate.denominator):d=3,drawbox=c=white:t=fill:enable='between(n,\(rate.frame(at: first, rounding: .down)),\(rate.frame(at: first, rounding: .down) + 2))'",
            // Gated per sample (a `volume` filter would gate per block of 1024 samples).
            "-f", "lavfi", "-i", "aevalsrc='0.125*sin(2*PI*1000*t)*between(t,\(start),\(end))':s=48000:d=3",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "256k", "-shortest", path,
        ])
        return first
    }

    @Test(arguments: sources, outputs) func flashAndBeepWithinHalfAFrame(source: FrameRate, output: FrameRate) throws {
        let dir = TemporaryFolder()
        let media = dir.file("flash.mp4")
        let flash = try flashAndBeep(media, rate: source)
        // One clip a second, each from a source start 0.5 s + phase: 30 output frames, speed 1.
        let length = output.time(ofFrame: 30)
        let clips = Self.phases.enumerated().map { j, ms in
            let start = RationalTime(value: 500 + ms, timescale: 1000)
            return VideoClip(
                id: "c\(j)", media: media, kind: .video,
                timelineRange: TimeRange(start: output.time(ofFrame: Int64(30 * j)), duration: length),
                sourceRange: TimeRange(start: start, duration: length), volume: 1)
        }
        let duration = output.time(ofFrame: Int64(30 * clips.count))
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: output, duration: duration, clips: clips,
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)
        let brightness = try Tools.frameBrightness(out)
        let samples = try Tools.audioSamples(out)
        let half = output.frameDuration.seconds / 2
        for (j, clip) in clips.enumerated() {
            let frames = 30 * j..<30 * (j + 1)
            let beepWindow =
                Int(
                    clip.timelineRange.start.ticks(timescale: 48000, rounding: .up))..<Int(
                    clip.timelineRange.end.ticks(timescale: 48000, rounding: .up))
            guard let f = frames.first(where: { brightness[$0] > 128 }) else {
                Issue.record("no flash in clip \(j) (\(source) fps in \(output))")
                continue
            }
            guard let b = beepWindow.first(where: { abs(samples[2 * $0]) > 0.05 }) else {
                Issue.record("no beep in clip \(j) (\(source) fps in \(output))")
                continue
            }
            let flashAt = output.time(ofFrame: Int64(f)).seconds
            let beepAt = Double(b) / 48000
            // Where the beep is made: the flash's own time on the timeline.
            let made = (clip.timelineRange.start + flash - clip.sourceRange.start).seconds
            #expect(abs(beepAt - made) < 0.002, "clip \(j): beep at \(beepAt) s, made at \(made) s")
            #expect(
                abs(flashAt - beepAt) <= half + 0.001,
                "\(source) fps in \(output), clip \(j): flash at \(flashAt) s, beep at \(beepAt) s (\(Int((flashAt - beepAt) * 1000)) ms)")
        }
    }
}
