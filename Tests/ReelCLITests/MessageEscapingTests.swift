import Foundation
import ReelTestSupport
import Testing

/// Names, ids, texts and cells that a message quotes are anyone's bytes: every line of a message
/// shows their control characters and bidirectional overrides as codes (`\u001b`), so a hostile
/// name cannot recolour, clear or reorder the terminal. Each case goes through the command that
/// prints it.
@Suite struct MessageEscapingTests {
    /// ESC [31m (red) and a right-to-left override: what a disguised name would carry.
    static let hostile = "evil\u{1B}[31mred\u{202E}txt.mp4"

    /// No character in `text` that a terminal acts on or that reorders it, line ends apart; the
    /// hostile text shown as codes instead.
    func expectShownAsCodes(_ text: String, _ label: String) {
        let raw = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(raw.isEmpty, "\(label): raw \(raw.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
        #expect(text.contains(#"evil\u001b[31mred\u202etxt"#), "\(label): \(text.debugDescription)")
    }

    @Test func aTemplateNameGivenIsShownAsCodes() throws {
        let dir = TemporaryFolder()
        let r = try Reel.run(["make", Self.hostile, dir.file("none.jpg"), "-o", dir.file("out.mp4")])
        #expect(r.status == 1 || r.status == 2 || r.status == 3, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: "), "\(r.stderr)")
        expectShownAsCodes(r.stderr, "make")
    }

    @Test func aSlotIdAndAFileNameAreShownAsCodesInTheSummary() throws {
        let project = try TinyProject()
        let file = project.template + "/template.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: #""id": "a""#, with: #""id": "evil\u001b[31mred\u202etxt""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let clip = project.dir.file(Self.hostile)
        try FileManager.default.copyItem(atPath: project.media + "/a.mp4", toPath: clip)
        let written = project.dir.file("t\(Self.hostile).json")
        let r = try Reel.run(["resolve", project.template, clip, project.media + "/b.mp4", "-o", written])
        #expect(r.status == 0, "\(r.stderr)")
        expectShownAsCodes(r.stdout, "resolve")
        #expect(r.stdout.components(separatedBy: #"evil\u001b[31mred\u202etxt"#).count == 4, "slot id, media and output: \(r.stdout)")
        // The timeline written is data: it keeps the characters (JSON escapes them as JSON does).
        let t = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: written))) as? [String: Any])
        let clips = try #require(t["clips"] as? [[String: Any]])
        #expect(clips.first?["id"] as? String == "evil\u{1B}[31mred\u{202E}txt", "\(clips)")
        #expect((clips.first?["media"] as? String)?.hasSuffix(Self.hostile) == true, "\(clips)")
    }

    @Test func aClipIdGivenToEditIsShownAsCodes() throws {
        let project = try TinyProject()
        let before = try Data(contentsOf: URL(fileURLWithPath: project.timeline))
        let r = try Reel.run(["edit", project.timeline, "text", Self.hostile, "x"])
        #expect(r.status == 1 || r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        expectShownAsCodes(r.stderr, "edit")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.timeline)) == before)
    }

    @Test func aJobsFileIdIsShownAsCodesInTheBatchsProblems() throws {
        let project = try TinyProject()
        let jobs = project.dir.file("jobs.csv")
        try Data("id,template,media\n\(Self.hostile),no-such-template,media\n".utf8).write(to: URL(fileURLWithPath: jobs))
        let r = try Reel.run(["batch", jobs, "-o", project.dir.file("out"), "--check"])
        #expect(r.status != 0, "\(r.stdout)\(r.stderr)")
        expectShownAsCodes(r.stdout + r.stderr, "batch")
    }

    @Test func aCaptionCuesTextIsShownAsCodesInItsWarning() throws {
        let project = try TinyProject()
        let srt = project.dir.file("c.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\none\n\n2\n00:00:01,\(Self.hostile) --> 00:00:02,000\nbroken\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let r = try Reel.run(["resolve", project.template, project.media, "-o", project.dir.file("t2.json"), "--captions", srt])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("c.srt:6: warning[C002]"), "\(r.stderr)")
        expectShownAsCodes(r.stderr, "captions")
    }

    @Test func aFileNameThatIsNotUTF8KeepsItsByteCodesAndValidTextStays() throws {
        let dir = TemporaryFolder()
        let r = try Reel.run(["probe", dir.file("caf\u{E9}-\u{65E5}\u{672C}.mp4")])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("caf\u{E9}-\u{65E5}\u{672C}.mp4"), "valid UTF-8 shown as it is: \(r.stderr)")
    }
}
