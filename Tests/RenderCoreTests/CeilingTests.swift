import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateCore
import Testing

/// No export goes past `AudioCeiling`, as ffmpeg's true-peak meter reads the encoded file: not
/// music mastered hot, not a clip at a volume far beyond its range.
@Suite struct CeilingTests {
    static let seconds: Int64 = 3

    /// ffmpeg's true peak (ebur128, 4x oversampled) of a file's sound, in dBFS.
    func truePeak(_ path: String) throws -> Double {
        let r = try Tools.run("ffmpeg", ["-nostats", "-i", path, "-vn", "-af", "ebur128=peak=true", "-f", "null", "-"])
        // The summary's "True peak:" section, then "Peak:  -1.2 dBFS".
        guard let section = r.stderr.range(of: "True peak:"),
            let line = r.stderr[section.upperBound...].split(separator: "\n").first(where: { $0.contains("Peak:") }),
            let value = line.split(separator: " ").compactMap({ Double($0) }).first
        else {
            throw ToolError(message: "no true peak in ffmpeg's output: \(r.stderr.suffix(500))")
        }
        return value
    }

    /// Music mastered hot: a chord and pink noise whose samples reach +2.6 dBFS, kept past full
    /// scale by AAC's float input.
    func hotMusic(_ path: String) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.55*sin(2*PI*110*t)+0.35*sin(2*PI*165*t)+0.25*sin(2*PI*1320*t):s=48000:d=\(Self.seconds + 1)",
            "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.25:sample_rate=48000:duration=\(Self.seconds + 1):seed=7",
            "-filter_complex", "[0][1]amix=inputs=2:normalize=0,volume=1.75,aformat=channel_layouts=stereo",
            "-c:a", "aac", "-b:a", "256k", path,
        ])
    }

    func timeline(_ dir: TemporaryFolder, clips: [VideoClip], audio: [AudioClip], audioBitrate: Int = 160_000) throws -> Timeline {
        let d = RationalTime(seconds: Self.seconds)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo, width: 64, height: 64)
        let still = VideoClip(
            id: "p", media: photo, kind: .image, timelineRange: TimeRange(start: .zero, end: d),
            sourceRange: TimeRange(start: .zero, end: d))
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: d, clips: clips.isEmpty ? [still] : clips,
            audio: audio, output: OutputSettings(preset: "superfast", audioBitrate: audioBitrate))
    }

    @Test(arguments: [nil, -14.0, -6.0]) func hotMusicStaysUnderTheCeiling(loudness: Double?) throws {
        let dir = TemporaryFolder()
        let music = dir.file("hot.m4a")
        try hotMusic(music)
        let source = try Tools.audioSamples(music).map(abs).max() ?? 0
        #expect(source > 1.3, "the music is hot: \(source)")
        let d = RationalTime(seconds: Self.seconds)
        let tl = try timeline(
            dir, clips: [], audio: [AudioClip(id: "m", media: music, timelineRange: TimeRange(start: .zero, end: d))],
            audioBitrate: loudness == nil ? 64_000 : 160_000)
        let out = dir.file("out.mp4")
        try Exporter.export(tl, to: out, options: ExportOptions(loudnessTarget: loudness))
        let peak = try truePeak(out)
        #expect(peak <= AudioCeiling.decibels, "true peak \(peak) dBFS")
        let samples = try Tools.audioSamples(out).map(abs).max() ?? 0
        #expect(samples <= AudioCeiling.linear)
        if loudness == nil {
            // Limited, not muted: the loudest stretch is within 3 dB of the threshold.
            #expect(
                peak > AudioCeiling.decibels - AudioCeiling.codecHeadroom(audioBitrate: tl.output.audioBitrate) - 3,
                "true peak \(peak) dBFS")
        }
    }

    /// A clip's volume of 1e308 is heard as the loudest volume allowed (4), limited to the ceiling.
    @Test func aLoudClipStaysUnderTheCeiling() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("tone.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=\(Self.seconds)",
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*220*t)+0.2*sin(2*PI*3000*t):s=48000:d=\(Self.seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-shortest", clip,
        ])
        let d = RationalTime(seconds: Self.seconds)
        let range = TimeRange(start: .zero, end: d)
        for volume in [1e308, Double.infinity] {
            let c = VideoClip(id: "c", media: clip, kind: .video, timelineRange: range, sourceRange: range, volume: volume)
            let tl = try timeline(dir, clips: [c], audio: [])
            let out = dir.file("loud.mp4")
            try Exporter.export(tl, to: out, options: ExportOptions(loudnessTarget: nil))
            let peak = try truePeak(out)
            #expect(peak <= AudioCeiling.decibels, "volume \(volume): true peak \(peak) dBFS")
            #expect(
                peak > AudioCeiling.decibels - AudioCeiling.codecHeadroom(audioBitrate: tl.output.audioBitrate) - 1,
                "volume \(volume) is heard: true peak \(peak) dBFS")
        }
    }
}
