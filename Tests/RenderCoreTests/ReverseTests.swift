import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// Reversed clips, exported: their pictures in exact reverse order (long groups of pictures too),
/// their sound played backwards, to the sample.
@Suite struct ReverseTests {
    static let rate = FrameRate(30)
    static func t(_ frames: Int64) -> RationalTime { rate.time(ofFrame: frames) }

    func timeline(_ clips: [VideoClip], duration: RationalTime) -> Timeline {
        Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.rate, duration: duration, clips: clips,
            output: OutputSettings(preset: "superfast"))
    }

    /// 80 frames of grey levels 16 + 3n, keyframes every 60, B-frames: exported reversed, output
    /// frame k shows what the same clip exported forward shows at frame 79 - k.
    @Test func picturesComeOutInExactReverseOrder() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "nullsrc=s=64x64:r=30,format=gray,geq=lum='16+N*3',format=yuv420p", "-frames:v", "80",
            "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", "-bf", "3", "-g", "60", "-keyint_min", "60",
            "-sc_threshold", "0", "-pix_fmt", "yuv420p", clip,
        ])
        var c = VideoClip(
            id: "c", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(80)),
            sourceRange: TimeRange(start: .zero, end: Self.t(80)))
        let forward = dir.file("forward.mp4")
        let reversed = dir.file("reversed.mp4")
        try Exporter.export(timeline([c], duration: Self.t(80)), to: forward)
        c.reverse = true
        try Exporter.export(timeline([c], duration: Self.t(80)), to: reversed)
        let f = try Tools.frameBrightness(forward)
        let r = try Tools.frameBrightness(reversed)
        #expect(f.count == 80 && r.count == 80)
        // Levels 3 apart: one frame off would be seen.
        #expect(Set(zip(f, f.dropFirst()).map { $1 - $0 }).allSatisfy { $0 >= 2 }, "forward levels \(f)")
        let wrong = (0..<min(80, r.count, f.count)).filter { abs(r[$0] - f[79 - $0]) > 1 }
        #expect(wrong.isEmpty, "output frames not showing frame 79 - k: \(wrong.prefix(8)); reversed \(r)")
    }

    /// Previews (skimming, every third frame, as an animated preview asks) draw a reversed clip with
    /// the same pictures as export does.
    @Test func previewsOfAReversedClipShowTheExportsPictures() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "nullsrc=s=64x64:r=30,format=gray,geq=lum='16+N*3',format=yuv420p", "-frames:v", "80",
            "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", "-bf", "3", "-g", "60", "-pix_fmt", "yuv420p", clip,
        ])
        var c = VideoClip(
            id: "c", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(80)),
            sourceRange: TimeRange(start: .zero, end: Self.t(80)))
        c.reverse = true
        let t = timeline([c], duration: Self.t(80))
        let exporting = FrameRenderer(timeline: t)
        let skimming = FrameRenderer(timeline: t, economy: .skimming)
        let a = exporting.makePicture()
        let b = skimming.makePicture()
        for frame in stride(from: Int64(0), to: 80, by: 3) {
            try exporting.render(frame: frame, into: a)
            try skimming.render(frame: frame, into: b)
            #expect(abs(Int(a.luma(x: 32, y: 32)) - Int(b.luma(x: 32, y: 32))) <= 1, "frame \(frame)")
        }
    }

    /// A clip with a grey picture and a different sound on each channel (a rising chirp, a pulsing
    /// tone), `seconds` long, AAC at 48 kHz.
    func toneClip(_ path: String, seconds: Int) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=30:d=\(seconds)",
            "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*(300+40*t)*t)|0.3*sin(2*PI*523*t)*(0.5+0.5*sin(2*PI*3*t)):s=48000:d=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-shortest", path,
        ])
    }

    /// The clip's own sound decoded straight through, as the mixer's decoder gives it.
    func forwardSamples(_ path: String) throws -> [Float] {
        let d = try AudioDecoder(path: path)
        var all: [Float] = []
        var chunk = [Float](repeating: 0, count: 4096 * 2)
        while true {
            let n = try chunk.withUnsafeMutableBufferPointer { p throws(FileAccessError) -> Int in try d.read(into: p.baseAddress!, count: 4096) }
            all.append(contentsOf: chunk.prefix(n * 2))
            if n < 4096 { return all }
        }
    }

    func mixAll(_ timeline: Timeline) throws -> [Float] {
        let mixer = AudioMixer(timeline: timeline)
        let total = Int(mixer.planner.totalSamples)
        var out = [Float](repeating: 0, count: total * 2)
        var at = 0
        try out.withUnsafeMutableBufferPointer { p throws(FileAccessError) in
            while at < total {
                let n = min(1600, total - at)
                try mixer.mix(start: Int64(at), count: n, into: p.baseAddress! + at * 2)
                at += n
            }
        }
        return out
    }

    /// Mixed backwards, sample k of a reversed clip is source sample (top - 1 - k), across the seams
    /// of the 4 s blocks it is read in; at speed 2, sample k is source sample (top - 1 - 2k).
    @Test(arguments: [1, 2]) func soundIsTheSourceBackwardsToTheSample(speed: Int64) throws {
        let dir = TemporaryFolder()
        let clip = dir.file("tone.mp4")
        try toneClip(clip, seconds: 12)
        let x = try forwardSamples(clip)
        // 5 s of output, reading 5 s or 10 s of source: one or two seams between blocks.
        let source = TimeRange(start: Self.t(30), end: Self.t(30 + 150 * speed))
        let length = Self.t(150)
        let c = VideoClip(
            id: "r", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: length), sourceRange: source,
            speed: RationalTime(seconds: speed), volume: 1, reverse: true)
        let mixed = try mixAll(timeline([c], duration: length))
        let top = Int(source.end.ticks(timescale: 48_000, rounding: .toNearestOrAwayFromZero))
        var worst: Float = 0
        var at = -1
        for k in 0..<(mixed.count / 2) {
            let j = top - 1 - k * Int(speed)
            for ch in 0..<2 where abs(mixed[k * 2 + ch] - x[j * 2 + ch]) > worst {
                worst = abs(mixed[k * 2 + ch] - x[j * 2 + ch])
                at = k
            }
        }
        #expect(worst < 1e-5, "largest difference \(worst) at output sample \(at)")
    }

    /// A clip with a flash and a beep from 0.5 s to 0.6 s and a long flash and beep from 2.0 s to
    /// 2.4 s, exported reversed: the long ones come first (0.6 s to 1.0 s), the short ones from 2.4 s
    /// to 2.5 s, pictures and sound together.
    @Test func exportedSoundIsReversedWithThePictures() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("beeps.mp4")
        let on = "gte(t,0.5)*lt(t,0.6)+gte(t,2.0)*lt(t,2.4)"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=64x64:r=30:d=3,drawbox=c=white:t=fill:enable='\(on)'",
            "-f", "lavfi", "-i", "aevalsrc=exprs='0.5*sin(2*PI*1000*t)*(\(on))':s=48000:d=3",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip,
        ])
        let c = VideoClip(
            id: "r", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(90)),
            sourceRange: TimeRange(start: .zero, end: Self.t(90)), volume: 1, reverse: true)
        let out = dir.file("out.mp4")
        try Exporter.export(timeline([c], duration: Self.t(90)), to: out, options: ExportOptions(loudnessTarget: nil))
        // Loud stretches of the sound, in seconds.
        let samples = try Tools.audioSamples(out)
        var bursts: [(start: Double, end: Double)] = []
        var k = 0
        while k < samples.count / 2 {
            guard abs(samples[k * 2]) > 0.05 else {
                k += 1
                continue
            }
            var last = k
            var j = k
            while j < samples.count / 2 && j - last < 480 {
                if abs(samples[j * 2]) > 0.05 { last = j }
                j += 1
            }
            bursts.append((Double(k) / 48_000, Double(last) / 48_000))
            k = j
        }
        #expect(bursts.count == 2, "\(bursts)")
        guard bursts.count == 2 else { return }
        #expect(abs(bursts[0].start - 0.6) < 0.01 && abs(bursts[0].end - 1.0) < 0.01, "long beep first: \(bursts[0])")
        #expect(abs(bursts[1].start - 2.4) < 0.01 && abs(bursts[1].end - 2.5) < 0.01, "short beep last: \(bursts[1])")
        // Source frames 60...71 and 15...17 are lit: output frames 18...29 and 72...74.
        let bright = try Tools.frameBrightness(out).enumerated().filter { $0.element > 128 }.map(\.offset)
        #expect(bright == Array(18...29) + Array(72...74), "flash frames \(bright)")
    }
}
