import DocumentLimits
import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

@Suite struct LoudnessTests {
    /// A stereo 1 kHz sine of amplitude A reads 20·log10(A) LUFS (K-weighting is about +0.69 dB there,
    /// which the standard's -0.691 offsets).
    @Test func meterReadsASineAsTheStandardSays() {
        var meter = LoudnessMeter()
        let n = 48_000 * 3
        var samples = [Float](repeating: 0, count: n * 2)
        for i in 0..<n {
            let v = Float(0.1 * sin(2 * Double.pi * 1000 * Double(i) / 48_000))
            samples[2 * i] = v
            samples[2 * i + 1] = v
        }
        samples.withUnsafeBufferPointer { meter.add($0) }
        let l = try? #require(meter.integratedLoudness)
        #expect(abs((l ?? 0) - -20) < 0.2, "\(String(describing: l))")
        #expect(abs(meter.peak - 0.1) < 0.001)
    }

    @Test func silenceHasNoLoudness() {
        var meter = LoudnessMeter()
        let samples = [Float](repeating: 0, count: 48_000 * 2)
        samples.withUnsafeBufferPointer { meter.add($0) }
        #expect(meter.integratedLoudness == nil)
    }

    func ebur128(_ path: String) throws -> Double {
        let r = try Tools.run("ffmpeg", ["-nostats", "-i", path, "-vn", "-af", "ebur128", "-f", "null", "-"])
        // The summary's "I:  -14.1 LUFS" line.
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("I:") && $0.contains("LUFS") }
        guard let last = lines.last, let value = last.split(separator: " ").compactMap({ Double($0) }).first else {
            throw ToolError(message: "no loudness in ffmpeg's output: \(r.stderr.suffix(500))")
        }
        return value
    }

    func timeline(_ dir: TemporaryFolder) throws -> Timeline {
        let photo = dir.file("p.jpg")
        let music = dir.file("m.m4a")
        try TestMedia.jpeg(photo, width: 64, height: 64)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.05:sample_rate=48000:duration=6:seed=1", "-c:a", "aac", music])
        let d = RationalTime(seconds: 5)
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: d,
            clips: [
                VideoClip(
                    id: "p", media: photo, kind: .image, timelineRange: TimeRange(start: .zero, end: d),
                    sourceRange: TimeRange(start: .zero, end: d))
            ],
            audio: [AudioClip(id: "m", media: music, timelineRange: TimeRange(start: .zero, end: d))],
            output: OutputSettings(preset: "superfast"))
    }

    @Test func exportLandsOnTheLoudnessTarget() throws {
        let dir = TemporaryFolder()
        let tl = try timeline(dir)
        let out = dir.file("loud.mp4")
        let report = try Exporter.export(tl, to: out, options: ExportOptions(loudnessTarget: -16))
        #expect(report.measuredLoudness != nil && report.loudnessGain != nil)
        let measured = try ebur128(out)
        #expect(abs(measured - -16) <= 1, "ffmpeg measures \(measured) LUFS")
        let plain = dir.file("plain.mp4")
        try Exporter.export(tl, to: plain, options: ExportOptions(loudnessTarget: nil))
        #expect(abs(try ebur128(plain) - measured) > 3, "without a target the level is left as mixed")
    }

    func ebur128Peak(_ path: String) throws -> (loudness: Double, truePeak: Double) { try LoudnessMeasure.ebur128(path) }

    /// A clip whose sound is a steady 440 Hz tone at -20 dBFS with a hand clap every second: a
    /// burst of white noise that dies away in a few milliseconds, reaching 0 dBFS with the tone.
    /// The claps' peaks are 20 dB above the tone, so any gain past the threshold has the limiter
    /// act on them.
    func clapClip(_ dir: TemporaryFolder) throws -> String {
        let clip = dir.file("claps.mov")
        func channel(_ seed: Int) -> String {
            "0.1*sin(2*PI*440*t)+if(between(mod(t\\,1)\\,0.5\\,0.52)\\,clip(2*(2*random(\(seed))-1)*exp(-(mod(t\\,1)-0.5)*300)\\,-0.9\\,0.9)\\,0)"
        }
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=6",
            "-f", "lavfi", "-i", "aevalsrc=\(channel(0))|\(channel(1)):s=48000:d=6",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le", "-shortest", clip,
        ])
        return clip
    }

    func clipTimeline(_ clip: String) -> Timeline {
        let d = RationalTime(seconds: 6)
        let range = TimeRange(start: .zero, end: d)
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: d,
            clips: [VideoClip(id: "c", media: clip, kind: .video, timelineRange: range, sourceRange: range, volume: 1)],
            output: OutputSettings(preset: "ultrafast"))
    }

    /// The loud transient does not hold the gain back: the limiter holds it, and the file reaches
    /// -14 LUFS (ffmpeg's meter, within 1 LU) with its true peak under the -1 dBTP ceiling; the
    /// report says it is on target, what the mix measured before, and the limiting used.
    @Test func aClipWithALoudTransientReachesTheTarget() throws {
        let dir = TemporaryFolder()
        let clip = try clapClip(dir)
        let source = try Tools.audioSamples(clip).map(abs).max() ?? 0
        #expect(source > 0.9, "the claps reach full scale: \(source)")
        let out = dir.file("out.mp4")
        let report = try Exporter.export(clipTimeline(clip), to: out, options: ExportOptions(loudnessTarget: -14))
        let loudness = try #require(report.loudness)
        let measured = try ebur128Peak(out)
        #expect(abs(measured.loudness - -14) <= 1, "ffmpeg measures \(measured.loudness) LUFS")
        #expect(measured.truePeak <= AudioCeiling.decibels, "true peak \(measured.truePeak) dBTP")
        #expect(loudness.isOnTarget && loudness.reason == nil, "\(loudness)")
        #expect(abs(loudness.reached - measured.loudness) <= 0.5, "reported \(loudness.reached), ffmpeg \(measured.loudness)")
        #expect(loudness.measured < -17, "the clip alone is quieter than the target: \(loudness.measured)")
        // The gain is past what keeps the claps under the threshold: the limiter holds them.
        #expect(loudness.gain > 20 * log10(Double(AudioCeiling.limiterThreshold(audioBitrate: 160_000)) / Double(source)) + 3)
        #expect(loudness.limiting > 0 && loudness.limiting <= Limits.maxLimiting, "limiting \(loudness.limiting) dB")
    }

    /// A target the limiter could reach only by flattening whole stretches (-2 LUFS for the same
    /// clip) is not forced: the gain stops at `Limits.maxLimiting` of limiting, and the report
    /// says the loudness the file has (as ffmpeg reads it), by how much it is short, and why.
    @Test func aTargetOutOfReachIsReportedWithTheLoudnessReached() throws {
        let dir = TemporaryFolder()
        let clip = try clapClip(dir)
        let out = dir.file("out.mp4")
        let report = try Exporter.export(clipTimeline(clip), to: out, options: ExportOptions(loudnessTarget: -2))
        let loudness = try #require(report.loudness)
        let measured = try ebur128Peak(out)
        #expect(!loudness.isOnTarget && loudness.heldBack, "\(loudness)")
        #expect(loudness.reached < -2 - LoudnessReport.tolerance)
        #expect(abs(loudness.reached - measured.loudness) <= 0.5, "reported \(loudness.reached), ffmpeg \(measured.loudness)")
        #expect(measured.truePeak <= AudioCeiling.decibels, "true peak \(measured.truePeak) dBTP")
        // At the bound, not past it: the gain went as far as the limit allows.
        #expect(loudness.limiting <= Limits.maxLimiting && loudness.limiting > Limits.maxLimiting - 2, "limiting \(loudness.limiting) dB")
        let reason = try #require(loudness.reason)
        #expect(reason.contains("\(Int(Limits.maxLimiting))"), "\(reason)")
        #expect(loudness.line.contains("under the -2.0 LUFS target"), "\(loudness.line)")
    }
}
