import Foundation
import ReelTestSupport
import Testing

/// `reel beats`, as a person and a script use it, on a click track whose beats are known.
@Suite struct BeatsCommandTests {
    /// Runs reel with a cache folder of the test's own.
    static func beats(_ arguments: [String], in dir: TemporaryFolder) throws -> Tools.Output {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.file("cache")
        return try Tools.run(Reel.path, ["beats"] + arguments, environment: env, timeout: 60)
    }

    @Test func textAndJSONGiveTheTempoBeatsBarsAndSections() throws {
        let dir = TemporaryFolder()
        let song = dir.file("click.wav")
        try TestMedia.clickTrack(song, bpm: 100, seconds: 16)
        let text = try Self.beats([song], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(song): 100.") == true || lines.first?.hasPrefix("\(song): 99.") == true, "\(text.stdout)")
        #expect(lines.contains { $0.hasPrefix("beats: ") } && lines.contains { $0.hasPrefix("downbeats: ") })
        #expect(lines.contains("sections:") && lines.contains { $0.hasSuffix("strongest") })

        let json = try Self.beats([song, "--format", "json"], in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: json.data) as? [String: Any])
        #expect(doc["sampleRate"] as? Int == 48_000 && doc["sampleCount"] as? Int == 16 * 48_000)
        let tempo = try #require(doc["tempo"] as? Double)
        #expect(abs(tempo - 100) < 1)
        let beats = try #require(doc["beats"] as? [Int])
        let times = try #require(doc["beatTimes"] as? [String])
        #expect(beats.count == times.count && beats.count > 10)
        // Every listed beat is on a click (one every 0.6 s from 0.5 s) within 20 ms.
        for b in beats where b > 5 * 48_000 {
            let offset = (b - 24_000) % 28_800
            #expect(min(offset, 28_800 - offset) <= 960, "beat at sample \(b)")
        }
        // The exact times are the sample indices over 48000 (`"6001/48000s"`, `"3.5s"`).
        for (b, t) in zip(beats, times) {
            let parts = t.dropLast().split(separator: "/").map(String.init)
            let samples = parts.count == 2 ? Double(parts[0]).map { $0 * 48_000 / (Double(parts[1]) ?? 1) } : Double(parts[0]).map { $0 * 48_000 }
            #expect(t.hasSuffix("s") && abs((samples ?? -1) - Double(b)) < 1e-6, "\(t) against sample \(b)")
        }
        let downbeats = try #require(doc["downbeats"] as? [Int])
        let bars = try #require(doc["bars"] as? [[String: Any]])
        #expect(downbeats == bars.compactMap { $0["start"] as? Int })
        #expect((doc["sections"] as? [[String: Any]])?.isEmpty == false && doc["strongestSection"] is Int)
        #expect(doc["silent"] as? Bool == false)
    }

    @Test func badInputsFailInOneLineNamingTheFile() throws {
        let dir = TemporaryFolder()
        let missing = dir.file("missing.mp3")
        let picture = dir.file("photo.jpg")
        try TestMedia.jpeg(picture)
        let fifo = dir.file("pipe.m4a")
        #expect(mkfifo(fifo, 0o644) == 0)
        let silence = dir.file("silence.wav")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo", "-t", "3", silence])
        let tone = dir.file("tone.m4a")
        try TestMedia.tone(tone, seconds: "6")
        for (file, words) in [
            (missing, "no such file"), (picture, "no audio stream"), (fifo, "FIFO"), (silence, "no beat found (the sound is silent)"),
            (tone, "no beat found (no steady pulse"),
        ] {
            let r = try Self.beats([file], in: dir)
            #expect(r.status == 1 && !r.signaled, "\(file): \(r.status) \(r.stderr)")
            #expect(r.stdout.isEmpty)
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("reel: error: \(file): ") && lines[0].contains(words), "\(r.stderr)")
        }
        let none = try Self.beats([], in: dir)
        #expect(none.status == 2 && none.stderr.contains("give one audio file"))
        let format = try Self.beats([silence, "--format", "xml"], in: dir)
        #expect(format.status == 2 && format.stderr.contains("--format takes text or json"))
    }

    @Test func newTemplateWithMusicListsTheBeatsFoundAndStartsOnADownbeat() throws {
        let dir = TemporaryFolder()
        let song = dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 110, seconds: 14)
        let folder = dir.file("cut")
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let made = try Tools.run(Reel.path, ["new-template", folder, "--music", song], environment: env, timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: song, andPath: folder + "/music/song.wav"))
        let found = try Self.beats([song, "--format", "json"], in: dir)
        let doc = try #require(try JSONSerialization.jsonObject(with: found.data) as? [String: Any])
        let template = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/template.json"))) as? [String: Any])
        let music = try #require(template["music"] as? [String: Any])
        #expect(music["file"] as? String == "music/song.wav")
        #expect(music["beats"] as? [String] == doc["beatTimes"] as? [String])
        let firstDownbeat = try #require((doc["downbeats"] as? [Int])?.first)
        let start = try #require(music["start"] as? String)
        let beatIndex = try #require((doc["beats"] as? [Int])?.firstIndex(of: firstDownbeat))
        #expect(start == (doc["beatTimes"] as? [String])?[beatIndex])
        let slots = try #require(template["slots"] as? [[String: Any]])
        #expect(slots.allSatisfy { ($0["duration"] as? String)?.hasSuffix("beats") == true })
        let valid = try Reel.run(["validate", folder])
        #expect(valid.status == 0, "\(valid.stderr)")

        // A song without a beat leaves nothing behind.
        let quiet = dir.file("quiet.wav")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "3", quiet])
        let refused = try Tools.run(Reel.path, ["new-template", dir.file("none"), "--music", quiet], environment: env, timeout: 60)
        #expect(refused.status == 1 && refused.stderr.contains("quiet.wav: no beat found"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("none")))
    }

    /// Music without a tempo or beats: validate says what it found, and times in beats count on it.
    @Test func aTemplateWhoseMusicHasNoTypedBeatsIsCutOnTheBeatsFound() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("untyped")
        try FileManager.default.createDirectory(atPath: folder + "/music", withIntermediateDirectories: true)
        try TestMedia.clickTrack(folder + "/music/song.wav", bpm: 110, seconds: 12)
        try """
        { "format": 1, "name": "Untyped", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
          "music": { "file": "music/song.wav" }, "slots": [{ "id": "a", "duration": "4 beats" }, { "id": "b", "duration": "2 beats" }] }
        """.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.file("cache")
        let valid = try Tools.run(Reel.path, ["validate", folder], environment: env, timeout: 60)
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stderr.contains("note[T049]") && valid.stderr.contains("bpm"), "\(valid.stderr)")
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, seconds: "3")
        let timeline = dir.file("timeline.json")
        let resolved = try Tools.run(Reel.path, ["resolve", folder, clip, clip, "-o", timeline, "-q"], environment: env, timeout: 60)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        let clips = try #require(doc["clips"] as? [[String: Any]])
        let first = try #require((clips.first?["timelineRange"] as? [String: Any])?["duration"] as? String)
        let seconds = try #require(Double(first.dropLast()))
        #expect(abs(seconds - 4 * 60 / 110.0) <= 0.04, "4 beats at 110 bpm last \(seconds) s")
        // Without an inspector that can analyse sound, the same template needs typed beats (T047):
        // checked in TemplateCoreTests; here a held tone has no beat to find.
        try FileManager.default.removeItem(atPath: folder + "/music/song.wav")
        try TestMedia.tone(folder + "/music/song.wav", seconds: "6")
        let toneRun = try Tools.run(Reel.path, ["validate", folder], environment: env, timeout: 60)
        #expect(toneRun.status == 1 && toneRun.stderr.contains("error[T047]"), "\(toneRun.stderr)")
    }
}
