import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateCore
import Testing

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
}
