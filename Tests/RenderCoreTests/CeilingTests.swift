import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// No export goes past `AudioCeiling`, as ffmpeg's true-peak meter reads the encoded file: not
/// music mastered hot, not a clip at a volume far beyond its range.
@Suite struct CeilingTests {
    static let seconds: Int64 = 2

    /// ffmpeg's true peak (ebur128, 4x oversampled) of a file's sound, in dBFS.
    func truePeak(_ path: String) throws -> Double { try LoudnessMeasure.ebur128(path).truePeak }

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

    /// Sound no limiter can keep where it put it: full band and dense, far past full scale.
    enum Content: String, CaseIterable, CustomTestStringConvertible {
        /// A clip at volume 4 whose sound is white noise, then a square wave, at full scale.
        case noiseAndSquare
        /// Music mastered hot (+2.6 dBFS sample peak) at the largest music volume (4).
        case hotMusic
        /// A loud voice (a buzz in bursts) and white-noise effects at volume 4 over hot music.
        case voiceAndEffects

        var testDescription: String { rawValue }
    }

    /// The AAC bit rates a render can get: 64 and 96 kb/s for a small video budget, 128 to 256
    /// through `--audio-bitrate` and the timeline (160 by default).
    static let bitrates = [64_000, 96_000, 128_000, 160_000, 192_000, 256_000]

    func worstCase(_ content: Content, in dir: TemporaryFolder) throws -> Timeline {
        let d = RationalTime(seconds: Self.seconds)
        let range = TimeRange(start: .zero, end: d)
        switch content {
        case .noiseAndSquare:
            let clip = dir.file("noise.mov")
            let half = Double(Self.seconds) / 2
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=\(Self.seconds)",
                "-f", "lavfi", "-i",
                "aevalsrc=if(lt(t\\,\(half))\\,2*random(0)-1\\,if(lt(mod(t*440\\,1)\\,0.5)\\,1\\,-1))|if(lt(t\\,\(half))\\,2*random(1)-1\\,if(lt(mod(t*440\\,1)\\,0.5)\\,-1\\,1)):s=48000:d=\(Self.seconds)",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le", "-shortest", clip,
            ])
            let c = VideoClip(id: "c", media: clip, kind: .video, timelineRange: range, sourceRange: range, volume: 4)
            return try timeline(dir, clips: [c], audio: [])
        case .hotMusic:
            let music = dir.file("hot.m4a")
            try hotMusic(music)
            return try timeline(dir, clips: [], audio: [AudioClip(id: "m", media: music, timelineRange: range, volume: 4)])
        case .voiceAndEffects:
            let music = dir.file("hot.m4a")
            try hotMusic(music)
            let voice = dir.file("voice.wav")
            try Tools.ffmpeg([
                "-f", "lavfi", "-i",
                "aevalsrc=(0.6*sin(2*PI*180*t)+0.3*sin(2*PI*2700*t)+0.3*if(lt(mod(t*180\\,1)\\,0.5)\\,1\\,-1))*lt(mod(t\\,1.3)\\,0.9):s=48000:d=\(Self.seconds)",
                "-ac", "2", "-c:a", "pcm_f32le", voice,
            ])
            let effect = dir.file("effect.wav")
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", "anoisesrc=color=white:amplitude=1:sample_rate=48000:duration=0.6:seed=3", "-ac", "2", "-c:a", "pcm_f32le",
                effect,
            ])
            var audio = [
                AudioClip(id: "m", media: music, timelineRange: range, volume: 1),
                AudioClip(id: "v", media: voice, role: .voice, timelineRange: range, volume: 4),
            ]
            for (i, at) in [RationalTime(seconds: 0), RationalTime(seconds: 1), RationalTime(value: 14, timescale: 10)].enumerated() {
                let r = TimeRange(start: at, duration: RationalTime(value: 6, timescale: 10))
                audio.append(AudioClip(id: "e\(i)", media: effect, role: .effect, timelineRange: r, volume: 4))
            }
            return try timeline(dir, clips: [], audio: audio)
        }
    }

    /// Every bit rate with one of the contents, each content at two bit rates (a low and a high):
    /// the whole grid of renders took too long for the suite.
    static let cases: [(Content, Int)] = bitrates.enumerated().map { (Content.allCases[$0.offset % Content.allCases.count], $0.element) }

    /// Whatever the content and the bit rate, with loudness off or pushed to -6 LUFS, ffmpeg's
    /// true-peak meter reads the file at or under the ceiling; and the sound is heard (within
    /// 5 dB of the ceiling where the content is limited).
    @Test(arguments: cases)
    func theCeilingHoldsForWorstCaseContent(content: Content, bitrate: Int) throws {
        let dir = TemporaryFolder()
        let tl = try worstCase(content, in: dir)
        for loudness in [nil, -6.0] {
            let out = dir.file("out.mp4")
            let started = ContinuousClock.now
            let report = try Exporter.export(
                tl, to: out, options: ExportOptions(preset: "ultrafast", loudnessTarget: loudness, audioBitrate: bitrate))
            let encodes = try #require(report.soundEncodes)
            #expect((1...SoundtrackEncoder.maxPasses).contains(encodes))
            print(
                "ceiling: \(content) at \(bitrate / 1000) kb/s, loudness \(loudness.map { "\($0)" } ?? "off"): \(encodes) encodes, \(ContinuousClock.now - started)"
            )
            let peak = try truePeak(out)
            #expect(
                peak <= AudioCeiling.decibels,
                "\(content) at \(bitrate / 1000) kb/s, loudness \(loudness.map { "\($0)" } ?? "off"): true peak \(peak) dBFS")
            #expect(peak > AudioCeiling.decibels - 5, "\(content) at \(bitrate / 1000) kb/s is heard: true peak \(peak) dBFS")
            // The whole sound is there, in step with the pictures.
            let samples = try Tools.audioSamples(out).count / 2
            #expect(abs(samples - Int(Self.seconds) * 48_000) <= 1024, "\(samples) samples")
        }
    }

    /// Sound that would still pass the ceiling after the last encode allowed is an error naming
    /// the file and its peak, never a file over the ceiling: the content that takes the most
    /// encodes, given one encode fewer than it needs.
    @Test func soundOverTheCeilingAfterTheLastTryIsAnError() throws {
        let dir = TemporaryFolder()
        let tl = try worstCase(.noiseAndSquare, in: dir)
        let bitrate = Self.bitrates[0]
        let samples = RationalTime(seconds: Self.seconds).seconds * 48_000
        func encode(tries: Int) throws(RenderError) -> SoundtrackEncoder.Result {
            let mixer = AudioMixer(timeline: tl, audioBitrate: bitrate)
            return try SoundtrackEncoder.encode(mixer: mixer, sampleCount: Int64(samples), bitrate: bitrate, file: "loud.mp4", tries: tries)
        }
        let needed = try encode(tries: SoundtrackEncoder.maxPasses).passes
        try #require(needed >= 2, "this content is encoded again at \(bitrate / 1000) kb/s")
        #expect(throws: RenderError.self) { try encode(tries: needed - 1) }
        do {
            _ = try encode(tries: needed - 1)
        } catch {
            let message = "\(error)"
            #expect(
                message.contains("loud.mp4") && message.contains("above the \(AudioCeiling.decibels) dBFS ceiling, after \(needed - 1) tr"),
                "\(message)")
        }
    }
}
