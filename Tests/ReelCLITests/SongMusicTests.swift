import Foundation
import ReelTestSupport
import Testing

/// `reel make --music song [--music-start auto|<time>]`: a template written in beats re-timed to a
/// person's song, checked in the rendered file: every cut (a jump in the decoded pictures) falls
/// within one frame of a beat that `reel beats` finds in the song.
@Suite struct SongMusicTests {
    /// Six beat-written slots (14 beats: 7 s at the template's own 120 bpm), cut without
    /// transitions, over a tone; six photos of clearly different colours.
    struct BeatProject {
        let dir = TemporaryFolder("reel-song")
        let template: String
        let media: String

        init(loop: Bool = false, slots: [String] = ["2 beats", "3 beats", "2 beats", "4 beats", "1 beat", "2 beats"]) throws {
            template = dir.file("beats")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            try TestMedia.tone(template + "/music.m4a", seconds: "10")
            let slotText = slots.enumerated().map { "{ \"id\": \"s\($0.offset + 1)\", \"duration\": \"\($0.element)\", \"motion\": \"none\" }" }
            let json = """
                { "format": 1, "name": "Beats", "canvas": { "width": 64, "height": 64, "frameRate": "30" },
                  "music": { "file": "music.m4a", "tempo": 120, "fadeOut": 0.5, "loop": \(loop) },
                  "slots": [\(slotText.joined(separator: ", "))] }
                """
            try json.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            media = dir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            for (i, color) in ["white", "black", "red", "navy", "yellow", "green"].enumerated() {
                try TestMedia.jpeg(media + "/\(i + 1).jpg", width: 64, height: 64, color: color)
            }
        }
    }

    /// The beats `reel beats` finds in `song`, in seconds.
    static func detectedBeats(_ song: String) throws -> [Double] {
        let r = try Reel.run(["beats", song, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let rate = try #require(o["sampleRate"] as? Double)
        return try #require(o["beats"] as? [Double]).map { $0 / rate }
    }

    /// Makes the video over `song`; returns each cut's distance to the nearest detected beat, in
    /// frames, and the summary's `music` object.
    static func cutOffsets(song: String, project: BeatProject, extra: [String] = []) throws -> (offsets: [Double], music: [String: Any]) {
        let out = project.dir.file("out.mp4")
        let r = try Reel.run(["make", project.template, project.media, "--music", song, "-o", out, "--format", "json", "-q"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let music = try #require(summary["music"] as? [String: Any])
        let from = try #require(seconds(music["from"] as? String))
        let beats = try detectedBeats(song).map { $0 - from }
        let cuts = try Tools.cutFrames(out)
        #expect(cuts.count == 5, "cuts at frames \(cuts)")
        let offsets = cuts.map { frame in beats.map { abs(Double(frame) / 30 - $0) * 30 }.min() ?? .infinity }
        return (offsets, music)
    }

    /// `"12.5s"`, `"1001/30000s"` in seconds.
    static func seconds(_ text: String?) -> Double? {
        guard var t = text, t.hasSuffix("s") else { return nil }
        t.removeLast()
        let parts = t.split(separator: "/")
        guard let n = Double(parts[0]) else { return nil }
        return parts.count == 2 ? Double(parts[1]).map { n / $0 } : n
    }

    @Test func everyCutLandsOnABeatOfASteadySong() throws {
        let project = try BeatProject()
        let song = project.dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 100, seconds: 30, firstBeat: 0.4)
        let (offsets, music) = try Self.cutOffsets(song: song, project: project)
        #expect(offsets.allSatisfy { $0 <= 1 }, "cut offsets in frames: \(offsets)")
        // At 100 bpm 14 beats last 8.4 s, not the template's 7 s.
        let length = try #require(Self.seconds(music["to"] as? String)) - (Self.seconds(music["from"] as? String) ?? 0)
        #expect(abs(length - 8.4) < 0.1, "\(music)")
        #expect(music["retimed"] as? Bool == true)
    }

    @Test func everyCutLandsOnABeatOfASongWhoseTempoDrifts() throws {
        let project = try BeatProject()
        let song = project.dir.file("drift.wav")
        try TestMedia.clickTrack(song, bpm: 96, seconds: 30, firstBeat: 0.4, drift: 0.05)
        let (offsets, _) = try Self.cutOffsets(song: song, project: project, extra: ["--music-start", "18"])
        #expect(offsets.allSatisfy { $0 <= 1 }, "cut offsets in frames: \(offsets)")
    }

    @Test func autoStartsOnADownbeatOfTheLoudChorus() throws {
        let project = try BeatProject()
        let song = project.dir.file("intro.wav")
        // 16 s of quiet clicks, then 20 s loud.
        try TestMedia.clickTrack(song, bpm: 120, seconds: 36, firstBeat: 0.5, quietUntil: 16.5)
        let timeline = project.dir.file("t.json")
        let r = try Reel.run(["resolve", project.template, project.media, "--music", song, "-o", timeline, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let music = try #require(summary["music"] as? [String: Any])
        let from = try #require(Self.seconds(music["from"] as? String))
        #expect(from >= 16.4, "\(music)")
        let beats = try Reel.run(["beats", song, "--format", "json"])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(beats.stdout.utf8)) as? [String: Any])
        let downbeats = try #require(o["downbeats"] as? [Double]).map { $0 / 48_000 }
        #expect(downbeats.contains { abs($0 - from) < 1e-6 }, "\(from) is not a downbeat: \(downbeats)")
        #expect((music["reason"] as? String)?.contains("downbeat") == true)
        // The timeline keeps the song's beats, in timeline time, and each clip's count of beats.
        let t = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        let map = try #require(t["music"] as? [String: Any])
        let mapped = try #require(map["beats"] as? [String]).compactMap(Self.seconds)
        #expect(mapped.first.map { $0 < 0.01 } == true && mapped.count >= 14, "\(mapped.prefix(4))")
        let clips = try #require(t["clips"] as? [[String: Any]])
        #expect(clips.map { $0["beats"] as? String } == ["2", "3", "2", "4", "1", "2"])
    }

    @Test func aStartIsMovedToTheNearestBeat() throws {
        let project = try BeatProject()
        let song = project.dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 120, seconds: 20, firstBeat: 0.5)
        let r = try Reel.run(["resolve", project.template, project.media, "--music", song, "--music-start", "3.1", "-o", project.dir.file("t.json")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("music <- \(song) 00:03.0"), "\(r.stdout)")
        #expect(r.stdout.contains("from the beat nearest 00:03.10"), "\(r.stdout)")
    }

    @Test func aSongTooShortIsAnErrorUnlessTheTemplateLoops() throws {
        let project = try BeatProject()
        let song = project.dir.file("short.wav")
        try TestMedia.clickTrack(song, bpm: 120, seconds: 5, firstBeat: 0.5)
        let r = try Reel.run(["resolve", project.template, project.media, "--music", song, "-o", project.dir.file("t.json")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("short.wav: the song is 00:05.00 long; the video needs"), "\(r.stderr)")
        let looping = try BeatProject(loop: true)
        let again = try Reel.run(["resolve", looping.template, looping.media, "--music", song, "-o", looping.dir.file("t.json")])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("looped"), "\(again.stdout)")
    }

    @Test func editMusicReTimesToAnotherSongAndSnapMovesACutToABeat() throws {
        let project = try BeatProject()
        let first = project.dir.file("first.wav")
        let second = project.dir.file("second.wav")
        try TestMedia.clickTrack(first, bpm: 120, seconds: 20, firstBeat: 0.5)
        try TestMedia.clickTrack(second, bpm: 100, seconds: 20, firstBeat: 0.4)
        let timeline = project.dir.file("t.json")
        let r = try Reel.run(["resolve", project.template, project.media, "--music", first, "--music-start", "2.5", "-o", timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        func durations() throws -> [Double] {
            let t = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
            return try #require(t["clips"] as? [[String: Any]]).compactMap {
                Self.seconds(($0["timelineRange"] as? [String: Any])?["duration"] as? String)
            }
        }
        let before = try durations()
        #expect(abs(before.reduce(0, +) - 7) < 0.1, "\(before)")
        let edit = try Reel.run(["edit", timeline, "music", second, "--start", "3"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains("cuts on its beats"), "\(edit.stdout)")
        let after = try durations()
        // 14 beats at 100 bpm.
        #expect(abs(after.reduce(0, +) - 8.4) < 0.1 && abs(after[0] - 1.2) < 0.05, "\(after)")
        let snap = try Reel.run(["edit", timeline, "snap", "1", "next"])
        #expect(snap.status == 0, "\(snap.stderr)")
        let snapped = try durations()
        #expect(abs(snapped[0] - 1.8) < 0.05 && abs(snapped[0] + snapped[1] - after[0] - after[1]) < 0.001, "\(snapped)")
        #expect(try Reel.run(["edit", timeline, "undo"]).status == 0)
        #expect(try Reel.run(["edit", timeline, "undo"]).status == 0)
        #expect(try durations() == before)
    }

    @Test func aSongWithoutABeatKeepsTheTemplatesTimingWithAWarning() throws {
        let project = try BeatProject()
        let song = project.dir.file("held.m4a")
        try TestMedia.tone(song, seconds: "12")
        let timeline = project.dir.file("t.json")
        let r = try Reel.run(["resolve", project.template, project.media, "--music", song, "-o", timeline])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning[R020]") && r.stdout.contains("no beat found in the song"), "\(r.stderr) \(r.stdout)")
        let t = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        // 14 beats at the template's own 120 bpm.
        #expect(Self.seconds(t["duration"] as? String) == 7)
        #expect((t["audio"] as? [[String: Any]])?.first?["media"] as? String == "held.m4a")
        let strict = try Reel.run(["make", project.template, project.media, "--music", song, "--strict", "-o", project.dir.file("o.mp4")])
        #expect(strict.status == 1 && strict.stderr.contains("held.m4a: no beat found"), "\(strict.stderr)")
    }

    @Test func anUnreadableSongNamesTheFile() throws {
        let project = try BeatProject()
        let song = project.dir.file("song.mp3")
        try "not a song".write(toFile: song, atomically: true, encoding: .utf8)
        let r = try Reel.run(["make", project.template, project.media, "--music", song, "-o", project.dir.file("o.mp4")])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("reel: error: \(song)"), "\(r.stderr)")
    }

    /// A 6 s song whose beats are found from 3 s and its only downbeat at 4.5 s, under 2 s of
    /// video: the automatic start leaves enough of the song (a beat from which 2 s remain), where
    /// it once took the downbeat at 4.5 s and then failed for want of song.
    @Test func autoStartsWhereEnoughOfAShortSongIsLeft() throws {
        let project = try BeatProject(slots: ["2 beats", "2 beats"])
        let song = project.dir.file("short.wav")
        try TestMedia.clickTrack(song, bpm: 120, seconds: 6, firstBeat: 0.5)
        let beats = try Self.detectedBeats(song)
        let seconded = try makeTemplate(in: project.dir, name: "seconds")
        for template in [project.template, seconded] {
            let out = project.dir.file("short.mp4")
            let r = try Reel.run(["make", template, project.media, "--music", song, "-o", out, "--format", "json", "-q", "--quality", "draft"])
            #expect(r.status == 0, "\(template): \(r.stderr)")
            guard r.status == 0 else { continue }
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let music = try #require(summary["music"] as? [String: Any])
            let from = try #require(Self.seconds(music["from"] as? String))
            let to = try #require(Self.seconds(music["to"] as? String))
            #expect(to <= 6 + 1e-9 && abs(to - from - 2) < 0.05 && music["loops"] as? Bool == false, "\(music)")
            #expect(beats.contains { abs($0 - from) < 1e-3 }, "\(from) is not a beat of \(beats)")
            #expect(abs(try Tools.probe(out).duration - 2) < 0.1)
        }
    }

}
