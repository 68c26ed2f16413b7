import Foundation
import ReelTestSupport
import Testing

/// A timeline made from a template names its folder (`template`), and every command reading it
/// treats the folder as a template's: its files opened beneath it (a link leading out refused,
/// L040), and everything in it an input that no output may replace (exit 2).
@Suite struct TemplateFolderTests {
    /// The tiny project, with a file outside the template for links to lead to.
    static func project() throws -> (TinyProject, outside: String) {
        let p = try TinyProject()
        let outside = p.dir.file("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try TestMedia.tone(outside + "/evil.m4a", seconds: "4")
        return (p, outside + "/evil.m4a")
    }

    @Test func resolveWritesTheTemplateFolderRelativeToTheTimeline() throws {
        let (p, _) = try Self.project()
        let text = try String(contentsOfFile: p.timeline, encoding: .utf8)
        #expect(text.contains("\"format\": 3,"))
        #expect(text.contains("\"template\": \"tiny\""), "\(text)")
        // `reel edit` keeps it.
        let r = try Reel.run(["edit", p.timeline, "volume", "a", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: p.timeline, encoding: .utf8).contains("\"template\": \"tiny\""))
    }

    /// `template/music.m4a` made a link to `../outside/evil.m4a` after resolving: `reel validate`
    /// says T040 of the template, and every command reading the timeline says L040 and writes nothing.
    @Test func aLinkLeavingTheTemplateFolderIsRefusedWhenTheTimelineIsRead() throws {
        let (p, evil) = try Self.project()
        let music = p.template + "/music.m4a"
        try FileManager.default.removeItem(atPath: music)
        try FileManager.default.createSymbolicLink(atPath: music, withDestinationPath: "../outside/evil.m4a")
        #expect(FileManager.default.fileExists(atPath: evil))
        let validate = try Reel.run(["validate", p.template])
        #expect(validate.stdout.contains("T040") || validate.stderr.contains("T040"), "\(validate.stdout) \(validate.stderr)")
        for (command, extra) in [
            ("render", ["-o", p.dir.file("x.mp4")]), ("render", ["--segment", "0/2", "-o", p.dir.file("x.mp4")]),
            ("preview", ["-o", p.dir.file("x.png")]), ("poster", ["-o", p.dir.file("x.png")]),
            ("export", ["--otio", p.dir.file("x.otio")]),
        ] {
            let r = try Reel.run([command, p.timeline] + extra + ["-q"])
            #expect(r.status == 3, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("error[L040]: /audio/0/media"), "\(command): \(r.stderr)")
            #expect(!p.dir.files.contains { $0.hasPrefix("x.") }, "\(command) wrote an output")
        }
        let join = try Reel.run(["join", p.dir.file("part.mp4"), "--timeline", p.timeline, "-o", p.dir.file("x.mp4")])
        #expect(join.status == 3 && join.stderr.contains("error[L040]"), "\(join.stderr)")
        // Without the field (a timeline written by hand, or before format 2) it is read as before.
        let text = try String(contentsOfFile: p.timeline, encoding: .utf8).replacingOccurrences(of: "  \"template\": \"tiny\",\n", with: "")
        try text.write(toFile: p.timeline, atomically: true, encoding: .utf8)
        let plain = try Reel.run(["render", p.timeline, "-o", p.dir.file("x.mp4"), "-q", "--quality", "draft"])
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    /// A `template` that names a file, or nothing, is L041 for every command reading the
    /// timeline, and nothing is written.
    @Test func aTemplateThatIsNotAFolderIsL041() throws {
        let (p, evil) = try Self.project()
        let text = try String(contentsOfFile: p.timeline, encoding: .utf8)
        for (named, phrase) in [("outside/evil.m4a", "not a folder"), ("nowhere", "does not exist")] {
            #expect(FileManager.default.fileExists(atPath: evil))
            let broken = text.replacingOccurrences(of: "\"template\": \"tiny\"", with: "\"template\": \"\(named)\"")
            #expect(broken != text)
            try broken.write(toFile: p.timeline, atomically: true, encoding: .utf8)
            let r = try Reel.run(["render", p.timeline, "-o", p.dir.file("x.mp4"), "-q"])
            #expect(r.status == 3, "\(r.stderr)")
            #expect(r.stderr.contains("error[L041]: /template"), "\(r.stderr)")
            #expect(r.stderr.contains(phrase), "\(r.stderr)")
            #expect(!p.dir.files.contains { $0.hasPrefix("x.") }, "render wrote an output")
        }
    }

    /// Outputs inside the template folder that would replace its files are refused with exit 2,
    /// the files unchanged.
    @Test func noOutputReplacesAFileOfTheTemplateFolder() throws {
        let (p, _) = try Self.project()
        let templateFile = p.template + "/template.json"
        try "1\n00:00:00,000 --> 00:00:01,000\nHello\n".write(toFile: p.template + "/subs.srt", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: templateFile))
        let subs = try Data(contentsOf: URL(fileURLWithPath: p.template + "/subs.srt"))
        for args in [
            ["render", p.timeline, "-o", templateFile], ["export", p.timeline, "--otio", p.template + "/subs.srt"],
            ["preview", p.timeline, "-o", templateFile], ["poster", p.timeline, "-o", p.template + "/music.m4a"],
        ] {
            let r = try Reel.run(args + ["-q"])
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("names an input of this run"), "\(args): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: templateFile)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: p.template + "/subs.srt")) == subs)
    }
}
