import Foundation
import ReelTestSupport
import Testing

/// Every file a timeline names is opened once, as a regular file, and read for its kind by the
/// library that renders it, before any work: a sound with no audio stream, an overlay or mask that
/// is no PNG, a font FreeType cannot load, a LUT that does not parse, a FIFO in any of these
/// places, are each refused with the pointer of the field and a code, exit 3, nothing written.
@Suite struct TimelineFileKindTests {
    /// The project of `TimelineRulesTests`, and files of the wrong kinds beside it.
    static func project(in dir: TemporaryFolder) throws -> String {
        let timeline = try TimelineRulesTests.project(in: dir)
        try "hello\n".write(toFile: dir.file("notes.txt"), atomically: true, encoding: .utf8)
        try "TITLE \"x\"\nhello 1 2 3\n".write(toFile: dir.file("bad.cube"), atomically: true, encoding: .utf8)
        #expect(mkfifo(dir.file("pipe"), 0o644) == 0)
        return timeline
    }

    static let sound = "\"media\": \"music.m4a\""
    static let sticker = "\"media\": \"sticker.png\""
    static let look = "\"look\": { \"size\": 20 }"
    static let grade = "\"grade\": [{ \"kind\": \"saturation\", \"parameters\": { \"amount\": 1.2 } }]"
    static let transition = "\"kind\": \"crossfade\""

    /// Each: what is replaced, by what, the code and the pointer of the refusal.
    static let mutations: [(String, String, String, String)] = [
        (sound, "\"media\": \"b.jpg\"", "L042", "/audio/0/media"),  // a photo
        (sound, "\"media\": \"a.mp4\"", "L042", "/audio/0/media"),  // a video without sound
        (sticker, "\"media\": \"b.jpg\"", "L043", "/overlays/0/media"),  // a JPEG
        (sticker, "\"media\": \"notes.txt\"", "L043", "/overlays/0/media"),  // text
        (look, "\"look\": { \"size\": 20, \"fontFile\": \"notes.txt\" }", "L044", "/texts/0/look/fontFile"),
        (grade, "\"grade\": [{ \"kind\": \"lut\", \"file\": \"bad.cube\" }]", "L045", "/grade/0/file"),
        (transition, "\"kind\": \"lumaWipe\", \"mask\": \"b.jpg\"", "L043", "/transitions/0/mask"),
        (sound, "\"media\": \"pipe\"", "L020", "/audio/0/media"),
        (sticker, "\"media\": \"pipe\"", "L020", "/overlays/0/media"),
        (look, "\"look\": { \"size\": 20, \"fontFile\": \"pipe\" }", "L020", "/texts/0/look/fontFile"),
        (grade, "\"grade\": [{ \"kind\": \"lut\", \"file\": \"pipe\" }]", "L020", "/grade/0/file"),
        (transition, "\"kind\": \"lumaWipe\", \"mask\": \"pipe\"", "L020", "/transitions/0/mask"),
    ]

    @Test func aFileOfTheWrongKindIsRefusedBeforeAnyWork() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        for (original, replacement, code, pointer) in Self.mutations {
            #expect(TimelineRulesTests.valid.contains(original), "\(original)")
            try TimelineRulesTests.valid.replacingOccurrences(of: original, with: replacement)
                .write(toFile: timeline, atomically: true, encoding: .utf8)
            let start = Date()
            let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"], timeout: 60)
            #expect(r.status == 3, "\(replacement): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("error[\(code)]: \(pointer): "), "\(replacement): \(r.stderr)")
            #expect(r.stderr.contains("timeline.json:") && r.stderr.contains("note: "), "placed, with a fix: \(r.stderr)")
            #expect(Date().timeIntervalSince(start) < 30, "a FIFO is refused at once, never waited on")
            #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")), "\(code): an output was written")
        }
    }

    /// export, preview and poster refuse them the same way.
    @Test func otherCommandsRefuseThemToo() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        try TimelineRulesTests.valid.replacingOccurrences(of: Self.sound, with: "\"media\": \"b.jpg\"")
            .replacingOccurrences(of: Self.look, with: "\"look\": { \"size\": 20, \"fontFile\": \"b.jpg\" }")
            .write(toFile: timeline, atomically: true, encoding: .utf8)
        for (command, out, extra) in [("export", "x.otio", ["--otio"]), ("preview", "x.png", ["-o"]), ("poster", "x.png", ["-o"])] {
            let r = try Reel.run([command, timeline] + extra + [dir.file(out), "-q"])
            #expect(r.status == 3, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("error[L042]") && r.stderr.contains("error[L044]"), "\(command): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.file(out)), "\(command) wrote \(out)")
        }
    }

    /// A font family that is not installed renders (fontconfig draws another), with the warning a
    /// template's text gets (T065), placed in the timeline.
    @Test func aFamilyNotInstalledIsAWarning() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        try TimelineRulesTests.valid.replacingOccurrences(of: Self.look, with: "\"look\": { \"size\": 20, \"fontFamily\": \"Reel Absent Family\" }")
            .write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "--quality", "draft"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning[T065]: /texts/0/look/fontFamily: font 'Reel Absent Family' is not installed"), "\(r.stderr)")
        #expect(r.stderr.contains("timeline.json:"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.file("out.mp4")))
        let quiet = try Reel.run(["render", timeline, "-o", dir.file("out2.mp4"), "--quality", "draft", "-q"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("T065"), "\(quiet.stderr)")
    }

    /// The same file named in several places is opened and read once, and each place is reported.
    @Test func aFileNamedTwiceIsReportedAtEachPlace() throws {
        let dir = TemporaryFolder()
        let timeline = try Self.project(in: dir)
        try TimelineRulesTests.valid.replacingOccurrences(of: Self.sticker, with: "\"media\": \"notes.txt\"")
            .replacingOccurrences(of: Self.transition, with: "\"kind\": \"lumaWipe\", \"mask\": \"notes.txt\"")
            .write(toFile: timeline, atomically: true, encoding: .utf8)
        let r = try Reel.run(["render", timeline, "-o", dir.file("out.mp4"), "-q"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("error[L043]: /overlays/0/media") && r.stderr.contains("error[L043]: /transitions/0/mask"), "\(r.stderr)")
    }
}
