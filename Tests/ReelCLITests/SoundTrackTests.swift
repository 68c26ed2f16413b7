import Foundation
import ReelTestSupport
import Testing

/// Sound beyond the music through `reel make` and the real renderer, measured in the decoded
/// output: ducking driven by the sound heard, a voice-over, effects on beats and looped.
@Suite struct SoundTrackTests {
    static let musicHz = 300.0

    /// A template folder with `music/m.m4a` (a 300 Hz tone at 0.1 for `seconds`) and `json`
    /// (the template's members besides format, name and canvas).
    static func template(in dir: TemporaryFolder, seconds: Int = 5, _ json: String) throws -> String {
        let folder = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: folder + "/music", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/sfx", withIntermediateDirectories: true)
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc='0.1*sin(2*PI*300*t)':s=48000:d=\(seconds)", "-c:a", "aac", "-b:a", "128k", folder + "/music/m.m4a",
        ])
        try """
        { "format": 1, "name": "Sound", "canvas": { "width": 160, "height": 284, "frameRate": "25" }, \(json) }
        """.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// A 160x284 clip of `seconds` whose sound is `expression` of t (ffmpeg's aevalsrc).
    static func clip(_ path: String, seconds: Int, sound expression: String) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:s=160x284:r=25:d=\(seconds)", "-f", "lavfi",
            "-i", "aevalsrc='\(expression)':s=48000:d=\(seconds)", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "128k", "-shortest", path,
        ])
    }

    static func level(_ s: [Float], _ hz: Double, _ from: Double, _ to: Double) -> Double {
        BandLevel.db(s, frequency: hz, from: from, to: to)
    }

    /// Silent for 1 s, a 1 kHz tone for 1 s, silent again: the music drops by the template's
    /// 12 dB while the tone plays (after the attack), is back up after hold and release, and
    /// stays where it was over the silent parts, which the clip's `volume` alone ducked before.
    @Test func theMusicDucksWhileTheClipIsHeardAndOnlyThen() throws {
        let dir = TemporaryFolder()
        let tpl = try Self.template(
            in: dir,
            """
            "music": { "file": "music/m.m4a" },
            "ducking": { "amount": "-12dB", "threshold": "-40dB", "attack": "0.05s", "hold": "0.3s", "release": "0.5s" },
            "slots": [{ "id": "talk", "duration": 4, "volume": 1 }]
            """)
        let clip = dir.file("talk.mp4")
        try Self.clip(clip, seconds: 4, sound: "0.3*sin(2*PI*1000*t)*gte(t,1)*lt(t,2)")
        let out = dir.file("out.mp4")
        let timeline = dir.file("t.json")
        let r = try Reel.run(["make", tpl, clip, "-o", out, "--timeline", timeline, "-q", "--loudness", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let written = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(written.contains("\"amount\": \"-12dB\"") && written.contains("\"hold\": \"0.3s\""), "the ducking is in the timeline")
        let s = try Tools.audioSamples(out)
        let before = Self.level(s, Self.musicHz, 0.2, 0.95)
        let under = Self.level(s, Self.musicHz, 1.1, 1.95)
        let held = Self.level(s, Self.musicHz, 2.05, 2.25)
        let after = Self.level(s, Self.musicHz, 2.95, 3.9)
        print(
            "ducking, 300 Hz music band: before \(before) dB, under the tone \(under) dB, in the hold \(held) dB, after release \(after) dB, clip tone \(Self.level(s, 1000, 1.1, 1.95)) dB"
        )
        // A 0.1 tone is -23 dB RMS, and a mono source comes into each channel 3 dB down.
        #expect(before > -27.5 && before < -24.5, "the music at its level over the silent start: \(before) dB")
        #expect(abs(under - before + 12) < 1, "down by 12 dB under the tone: \(under - before) dB")
        #expect(abs(held - under) < 1, "held down after the tone: \(held) dB")
        #expect(abs(after - before) < 0.5, "back up after hold and release: \(after) against \(before) dB")
    }

    /// `--voice` places a tone file where the voice slot says; the music dips under it.
    @Test func aVoiceOverIsHeardFromItsStartWithTheMusicDuckedUnderIt() throws {
        let dir = TemporaryFolder()
        let tpl = try Self.template(
            in: dir,
            """
            "music": { "file": "music/m.m4a" },
            "voice": { "start": 1, "volume": 1 },
            "slots": [{ "id": "p", "duration": 4 }]
            """)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo, width: 160, height: 284)
        let voice = dir.file("voice.m4a")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.3*sin(2*PI*2000*t)':s=48000:d=1.5", "-c:a", "aac", "-b:a", "128k", voice])
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", tpl, photo, "--voice", voice, "-o", out, "--loudness", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("voice <- voice.m4a 00:00.00-00:01.50 at 00:01.00"), "\(r.stdout)")
        let s = try Tools.audioSamples(out)
        let onset = try #require(BandLevel.onset(s, frequency: 2000, threshold: -40))
        print(
            "voice-over: onset \(onset) s; 2 kHz band \(Self.level(s, 2000, 1.1, 2.4)) dB; music \(Self.level(s, Self.musicHz, 0.2, 0.95)) dB before, \(Self.level(s, Self.musicHz, 1.2, 2.45)) dB under it"
        )
        #expect(abs(onset - 1) < 0.04, "the voice starts at 1 s: \(onset) s")
        #expect(Self.level(s, 2000, 1.1, 2.4) > -20, "a 0.3 tone (mono, so -3 dB in each channel)")
        #expect(Self.level(s, 2000, 3, 3.9) < -60, "and ends with its file")
        let drop = Self.level(s, Self.musicHz, 1.2, 2.45) - Self.level(s, Self.musicHz, 0.2, 0.95)
        #expect(abs(drop + 12) < 1, "the standard ducking under the voice: \(drop) dB")
    }

    /// An effect at 3 beats of a 120 bpm track starts at 1.5 s, within a frame; a 0.5 s effect
    /// looped over 2 s is heard throughout and not after.
    @Test func effectsLandOnTheirBeatAndLoopsFillTheirDuration() throws {
        let dir = TemporaryFolder()
        let tpl = try Self.template(
            in: dir,
            """
            "music": { "file": "music/m.m4a", "tempo": 120, "volume": 0.5 },
            "sounds": [
              { "file": "sfx/hit.wav", "at": "3 beats" },
              { "file": "sfx/hum.wav", "at": "2.5s", "loop": true, "duration": "2s", "volume": 0.8 }
            ],
            "slots": [{ "id": "p", "duration": 5 }]
            """)
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.5*sin(2*PI*3000*t)':s=48000:d=0.1", "-c:a", "pcm_s16le", tpl + "/sfx/hit.wav"])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.3*sin(2*PI*1500*t)':s=48000:d=0.5", "-c:a", "pcm_s16le", tpl + "/sfx/hum.wav"])
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo, width: 160, height: 284)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", tpl, photo, "-o", out, "-q", "--loudness", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try Tools.audioSamples(out)
        let onset = try #require(BandLevel.onset(s, frequency: 3000, threshold: -30))
        print("effect at 3 beats (1.5 s): onset \(onset) s")
        #expect(abs(onset - 1.5) <= 0.04, "within a frame of the beat: \(onset) s")
        #expect(Self.level(s, 3000, 1.7, 4.9) < -60, "a 0.1 s effect, not looped")
        // Every 100 ms of the looped hum's 2 s is heard, at its volume.
        let passes = stride(from: 2.5, to: 4.45, by: 0.1).map { Self.level(s, 1500, $0, $0 + 0.1) }
        print("looped 0.5 s effect over 2 s, 1.5 kHz band per 100 ms: \(passes.map { Int($0.rounded()) })")
        // 0.3 × 0.8 is -15.4 dB RMS; mono sources come into each channel 3 dB down.
        #expect(passes.allSatisfy { abs($0 - (20 * log10(0.3 * 0.8) - 6)) < 1 }, "\(passes)")
        #expect(Self.level(s, 1500, 4.6, 4.95) < -50, "silent after its duration")
    }
}
