import Foundation
import ReelTestSupport
import Testing

/// A valid timeline mutated in exactly one way per rule: `reel render` refuses each with the
/// rule's code, exit status 3, and no output file, before any work.
@Suite struct TimelineRulesTests {
    /// A folder with generated media and a valid timeline naming them (3 s at 25 fps: a video, a
    /// photo, a crossfade across their cut at 1.6 s, a text, a sticker, music and a grade).
    static func project(in dir: TemporaryFolder) throws -> String {
        try TestMedia.colorClip(dir.file("a.mp4"), color: "red", seconds: "3")
        try TestMedia.jpeg(dir.file("b.jpg"), color: "green")
        try TestMedia.tone(dir.file("music.m4a"), seconds: "3")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=16x16,format=rgba", "-frames:v", "1", dir.file("sticker.png")])
        return dir.file("timeline.json")
    }

    static let valid = """
        {
          "format": 1,
          "canvas": { "width": 160, "height": 96 },
          "frameRate": "25",
          "duration": "3s",
          "clips": [
            { "id": "a", "media": "a.mp4", "kind": "video", "timelineRange": { "start": "0s", "duration": "1.6s" },
              "sourceRange": { "start": "0.4s", "duration": "1.6s" }, "volume": 0.5,
              "filters": [{ "kind": "vignette", "parameters": { "strength": 0.5, "radius": 0.8 } }] },
            { "id": "b", "media": "b.jpg", "kind": "image", "timelineRange": { "start": "1.6s", "duration": "1.4s" },
              "sourceRange": { "start": "0s", "duration": "1.4s" } }
          ],
          "transitions": [
            { "kind": "crossfade", "from": "a", "to": "b", "range": { "start": "1.4s", "duration": "0.4s" } }
          ],
          "texts": [
            { "id": "title", "text": "Hello", "timelineRange": { "start": "0s", "duration": "2s" }, "look": { "size": 20 },
              "in": { "kind": "fade", "duration": "0.5s" } }
          ],
          "overlays": [
            { "id": "sticker", "media": "sticker.png", "timelineRange": { "start": "0s", "duration": "1s" }, "width": 0.1 }
          ],
          "grade": [{ "kind": "saturation", "parameters": { "amount": 1.2 } }],
          "audio": [
            { "id": "music", "media": "music.m4a", "timelineRange": { "start": "0s", "duration": "3s" }, "volume": 0.8 }
          ]
        }
        """

    /// Each: what is replaced, by what, and the code that must refuse it.
    static let mutations: [(String, String, String)] = [
        ("\"start\": \"1.6s\", \"duration\": \"1.4s\"", "\"start\": \"1.8s\", \"duration\": \"1.2s\"", "L010"),  // a gap
        ("\"start\": \"1.6s\", \"duration\": \"1.4s\"", "\"start\": \"1.2s\", \"duration\": \"1.8s\"", "L010"),  // an overlap
        ("\"start\": \"0s\", \"duration\": \"1.6s\"", "\"start\": \"0.4s\", \"duration\": \"1.2s\"", "L010"),  // starts late
        ("{ \"id\": \"b\"", "{ \"id\": \"a\"", "L011"),
        ("\"duration\": \"3s\",", "\"duration\": \"3.01s\",", "L012"),
        (
            "\"sourceRange\": { \"start\": \"0.4s\", \"duration\": \"1.6s\" }", "\"sourceRange\": { \"start\": \"0.4s\", \"duration\": \"1s\" }",
            "L013"
        ),
        ("\"sourceRange\": { \"start\": \"0.4s\"", "\"sourceRange\": { \"start\": \"-0.4s\"", "L013"),
        (
            "\"timelineRange\": { \"start\": \"0s\", \"duration\": \"2s\" }", "\"timelineRange\": { \"start\": \"2.5s\", \"duration\": \"1s\" }",
            "L014"
        ),
        ("\"from\": \"a\", \"to\": \"b\"", "\"from\": \"b\", \"to\": \"a\"", "L015"),
        ("\"range\": { \"start\": \"1.4s\", \"duration\": \"0.4s\" }", "\"range\": { \"start\": \"1s\", \"duration\": \"0.4s\" }", "L015"),
        ("\"range\": { \"start\": \"1.4s\", \"duration\": \"0.4s\" }", "\"range\": { \"start\": \"0.4s\", \"duration\": \"2.4s\" }", "T053"),
        ("\"kind\": \"crossfade\"", "\"kind\": \"wipeDiagonal\"", "T014"),
        ("\"kind\": \"crossfade\"", "\"kind\": \"0/0s\"", "T014"),
        ("\"kind\": \"crossfade\"", "\"kind\": \"lumaWipe\"", "T011"),
        ("\"kind\": \"saturation\"", "\"kind\": \"posterize\"", "T014"),
        ("\"amount\": 1.2", "\"amount\": 40", "T050"),
        ("\"strength\": 0.5, \"radius\": 0.8", "\"strength\": 0.5, \"radius\": 0.8, \"angle\": 3", "T013"),
        ("\"kind\": \"fade\"", "\"kind\": \"spin\"", "T014"),
        ("\"volume\": 0.5", "\"volume\": 1e308", "T036"),
        ("\"look\": { \"size\": 20 }", "\"look\": { \"size\": 1500 }", "T015"),
        ("\"width\": 160", "\"width\": 16384", "T020"),
        ("\"width\": 160", "\"width\": 161", "T020"),
        ("\"text\": \"Hello\"", "\"text\": \"\(String(repeating: "x", count: 15000))\"", "T017"),
        ("\"frameRate\": \"25\"", "\"frameRate\": \"240\"", "T021"),
        ("\"width\": 0.1 }", "\"width\": 0.1, \"opactiy\": 1 }", "T013"),
        ("\"media\": \"b.jpg\"", "\"media\": \"c.jpg\"", "L020"),
        ("\"media\": \"b.jpg\"", "\"media\": \"a.mp4\"", "L021"),
        ("\"media\": \"sticker.png\"", "\"media\": \"nowhere/sticker.png\"", "L020"),
        ("\"sourceRange\": { \"start\": \"0.4s\"", "\"sourceRange\": { \"start\": \"1.4s\"", "L022"),  // a.mp4 ends at 3 s
        ("\"format\": 1", "\"format\": 99", "T010"),
        // Keyframes increase and lie within their item's time.
        (Self.photo, Self.photo + " \"motion\": [{ \"time\": \"0s\" }, { \"time\": \"50s\", \"scale\": 1.2 }],", "T052"),
        (Self.photo, Self.photo + " \"motion\": [{ \"time\": \"1s\" }, { \"time\": \"0.5s\" }],", "T052"),
        (
            Self.grade, Self.grade + ", \"animation\": { \"amount\": [{ \"time\": \"0s\", \"value\": 1 }, { \"time\": \"500s\", \"value\": 2 }] }",
            "T052"
        ),
        (Self.sticker, Self.sticker + " \"motion\": [{ \"time\": \"2s\" }],", "T052"),
        // Sounds: a voice is not ducked; ducking within its ranges.
        (Self.music, Self.music + ", \"role\": \"voice\", \"ducking\": \(Self.ducking)", "L016"),
        (Self.music, Self.music + ", \"ducking\": \(Self.ducking.replacingOccurrences(of: "-12dB", with: "-99dB"))", "T081"),
        // Crop paths.
        (Self.video, Self.video + " \"fit\": \"smart\", \"crop\": [{ \"time\": \"9s\" }],", "L031"),
        (Self.video, Self.video + " \"fit\": \"smart\", \"crop\": [{ \"time\": \"0s\", \"x\": 1.5 }],", "L032"),
        (Self.video, Self.video + " \"crop\": [{ \"time\": \"0s\" }],", "L033"),
        // The music map: its sound, its song times, the clips' beats, its beats where it plays.
        ("\"audio\": [", Self.musicMap(audio: "song") + "\"audio\": [", "L030"),
        ("\"audio\": [", Self.musicMap(songEnd: "1s") + "\"audio\": [", "L030"),
        ("\"audio\": [", Self.musicMap(beats: (0...8).map { "\"\(Double($0) * 0.5)s\"" }) + "\"audio\": [", "L030"),
        ("\"frameRate\": \"25\",", "\"frameRate\": \"25\", \"frameRate\": \"30\",", "T004"),
    ]

    static let video = "{ \"id\": \"a\", \"media\": \"a.mp4\", \"kind\": \"video\","
    static let photo = "{ \"id\": \"b\", \"media\": \"b.jpg\", \"kind\": \"image\","
    static let sticker = "{ \"id\": \"sticker\", \"media\": \"sticker.png\","
    static let grade = "{ \"kind\": \"saturation\", \"parameters\": { \"amount\": 1.2 }"
    static let music = "\"timelineRange\": { \"start\": \"0s\", \"duration\": \"3s\" }, \"volume\": 0.8"
    static let ducking = """
        { "amount": "-12dB", "threshold": "-40dB", "attack": "0.05s", "hold": "0.3s", "release": "0.5s" }
        """

    /// A `music` map of the valid timeline's music (beats every half second, 120 bpm), with one
    /// value changed; the photo counts its beats, which it spans only with `beats` 2.8.
    static func musicMap(audio: String = "music", songEnd: String = "3s", beats: [String]? = nil) -> String {
        let list = beats ?? (0...6).map { "\"\(Double($0) * 0.5)s\"" }
        return """
            "music": { "audio": "\(audio)", "tempo": 120, "songStart": "0s", "songEnd": "\(songEnd)", "beats": [\(list.joined(separator: ", "))] },
            """
    }

    /// With a music map, the valid timeline stays valid: what the new music fixtures change is the only problem.
    @Test func theValidTimelineWithAMusicMapRenders() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        let text = Self.valid.replacingOccurrences(of: "\"audio\": [", with: Self.musicMap() + "\"audio\": [")
            .replacingOccurrences(of: Self.photo, with: Self.photo + " \"beats\": \"14/5\",")
        try text.write(toFile: timeline, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["render", timeline, "-o", out, "-q", "--quality", "draft"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Tools.probe(out).video?.frames == 75)
    }

    /// A clip's `beats` is the count of the music's beats it spans (2.8 for the photo): 400 is refused.
    @Test func aClipsBeatsAreTheBeatsItSpans() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        let text = Self.valid.replacingOccurrences(of: "\"audio\": [", with: Self.musicMap() + "\"audio\": [")
            .replacingOccurrences(of: Self.photo, with: Self.photo + " \"beats\": \"400\",")
        try text.write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("error[L030]: /clips/1/beats: 400 beats end at 201.6s, but the clip ends at 3s"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")))
    }

    @Test func theValidTimelineRenders() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        try Self.valid.write(toFile: timeline, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["render", timeline, "-o", out, "-q", "--quality", "draft"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func everyBrokenRuleIsRefusedWithItsCodeAndNothingIsWritten() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        for (original, replacement, code) in Self.mutations {
            #expect(Self.valid.contains(original), "\(original)")
            try Self.valid.replacingOccurrences(of: original, with: replacement).write(toFile: timeline, atomically: true, encoding: .utf8)
            let out = dir.file("out-\(code).mp4")
            let r = try Reel.run(["render", timeline, "-o", out, "-q"])
            #expect(r.status == 3, "\(code) \(replacement.prefix(80)): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("error[\(code)]"), "\(code) \(replacement.prefix(80)): \(r.stderr)")
            #expect(r.stderr.contains("timeline.json:"), "each problem names its file, line and column: \(r.stderr)")
            #expect(!dir.files.contains { $0.hasPrefix("out-") }, "\(code): an output was written")
        }
    }

    /// Thousands of clips with one id: refused for the count and the ids, never rendered.
    @Test func aThousandCopiesOfAClipAreRefused() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        let clip = """
            { "id": "a", "media": "a.mp4", "kind": "video", "timelineRange": { "start": "0s", "duration": "1.6s" }, "sourceRange": { "start": "0.4s", "duration": "1.6s" } },
            """
        let text = Self.valid.replacingOccurrences(of: "\"clips\": [", with: "\"clips\": [" + String(repeating: clip, count: 1000))
        try text.write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("error[T016]") && r.stderr.contains("error[L011]") && r.stderr.contains("error[L010]"), "\(r.stderr.prefix(2000))")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")))
    }

    /// Independent problems are all reported in one run.
    @Test func everyProblemIsReportedAtOnce() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        let text = Self.valid.replacingOccurrences(of: "\"kind\": \"crossfade\"", with: "\"kind\": \"wipeDiagonal\"")
            .replacingOccurrences(of: "\"volume\": 0.5", with: "\"volume\": 9")
            .replacingOccurrences(of: "\"start\": \"1.6s\", \"duration\": \"1.4s\"", with: "\"start\": \"1.8s\", \"duration\": \"1.2s\"")
        try text.write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"])
        #expect(r.status == 3)
        for code in ["T014", "T036", "L010"] { #expect(r.stderr.contains("error[\(code)]"), "\(code): \(r.stderr)") }
        #expect(r.stderr.contains("note: "), "every problem says how to fix it: \(r.stderr)")
        #expect(r.stderr.contains("/transitions/0/kind"), "problems name their JSON pointer: \(r.stderr)")
    }

    /// A value that does not read holds back only the rules that read it, and a note says which;
    /// an unknown kind is answered with the nearest kinds, then all of them.
    @Test func anUnreadableClipHoldsBackOnlyItsRulesAndSaysSo() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        let text = Self.valid.replacingOccurrences(of: "\"volume\": 0.5", with: "\"volume\": 0.5, \"opacity\": \"x\"")
            .replacingOccurrences(of: "\"kind\": \"crossfade\"", with: "\"kind\": \"wipeDiagonal\"")
            .replacingOccurrences(
                of: "\"timelineRange\": { \"start\": \"0s\", \"duration\": \"2s\" }",
                with: "\"timelineRange\": { \"start\": \"50s\", \"duration\": \"1s\" }")
        try text.write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"])
        #expect(r.status == 3)
        for code in [
            "error[T012]: /clips/0/opacity", "error[T014]: /transitions/0/kind", "error[L014]: /texts/0/timelineRange", "note[L034]: /clips/0",
        ] {
            #expect(r.stderr.contains(code), "\(code): \(r.stderr)")
        }
        #expect(r.stderr.contains("note: write a number within 0...1"), "\(r.stderr)")
        #expect(r.stderr.contains("note: did you mean 'wipeRight' or 'wipeDown'?\n  note: use one of cut, crossfade"), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "the main track's order next to the clips that did not read, and their ids and place (L010, L011, L014) were not checked"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")))
    }

    /// export, preview and poster read timelines the same way.
    @Test func otherCommandsRefuseAnInvalidTimelineToo() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        try Self.valid.replacingOccurrences(of: "\"kind\": \"crossfade\"", with: "\"kind\": \"wipeDiagonal\"")
            .write(toFile: timeline, atomically: true, encoding: .utf8)
        for (command, out, extra) in [("export", "x.otio", ["--otio"]), ("preview", "x.png", ["-o"]), ("poster", "x.png", ["-o"])] {
            let r = try Reel.run([command, timeline] + extra + [dir.file(out), "-q"])
            #expect(r.status == 3, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("error[T014]"), "\(command): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.file(out)), "\(command) wrote \(out)")
        }
    }
}
