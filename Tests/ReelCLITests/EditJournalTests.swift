import DocumentLimits
import Foundation
import MediaTime
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The edit journal is data, not trusted text: a timeline taken from it is written only when it
/// reads as `render` reads a timeline file; `list` and `history` write nothing; what a document
/// says is printed with its control characters shown; and edits of one timeline never interleave.
@Suite struct EditJournalTests {
    typealias Project = EditCommandTests.Project

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    func history(_ p: Project) -> String { p.dir.file("t.history.jsonl") }

    func appendLine(_ line: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        handle.closeFile()
    }

    /// A line appended by hand with a timeline that is not one: `history` and `list` still work and
    /// change no byte; undo, redo and every edit refuse it (exit 3) saying how to start anew.
    @Test func aHackedJournalLineIsNeverWritten() throws {
        let p = try Project()
        #expect(try p.edit("swap", "1", "3").status == 0)
        try appendLine(#"{"kind":"edit","operation":"x","summary":"x","timeline":"HACKED"}"#, to: history(p))
        let (timeline, journal) = (bytes(p.timeline), bytes(history(p)))
        for args in [["history"], ["list"], ["history", "--format", "json"], ["list", "--format", "json"]] {
            let r = try p.edit(args[0], Array(args.dropFirst()))
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal, "\(args) wrote")
        }
        for args in [["undo"], ["redo"], ["mute", "1"]] {
            let r = try p.edit(args[0], Array(args.dropFirst()))
            #expect(r.status == 3, "\(args): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("t.history.jsonl: line 3: the timeline it holds does not read"), "\(r.stderr)")
            #expect(r.stderr.contains("move it aside"), "\(r.stderr)")
            #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal, "\(args) wrote")
        }
        #expect(try String(contentsOfFile: p.timeline, encoding: .utf8) != "HACKED")
        // Moved aside, a new history starts from the file as it is.
        try FileManager.default.moveItem(atPath: history(p), toPath: p.dir.file("t.history.old.jsonl"))
        #expect(try p.edit("undo").status == 1)
        #expect(try p.edit("mute", "1").status == 0)
        #expect(try p.edit("undo").status == 0 && bytes(p.timeline) == timeline)
    }

    /// Entries whose timelines point media at files that are not media (anywhere on the machine,
    /// or a FIFO) are checked as `render` checks a timeline: refused by redo and undo, exit 3,
    /// nothing written, nothing waited on.
    @Test func aJournalEntryPointingMediaElsewhereIsRefused() throws {
        let p = try Project()
        #expect(try p.edit("mute", "1").status == 0)
        let fifo = p.dir.file("fifo.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let text = try p.text()
        for (target, says) in [("/etc/passwd", "error[L020]: /clips/0/media: '/etc/passwd' cannot be read as media"), ("fifo.mp4", "FIFO")] {
            let pointed = text.replacingOccurrences(of: "\"media\": \"r.mp4\"", with: "\"media\": \"\(target)\"")
            #expect(pointed != text)
            let quoted = String(data: try JSONSerialization.data(withJSONObject: [pointed], options: []), encoding: .utf8)!.dropFirst().dropLast()
            // An edit to the pointed timeline, then an undo of it: a redo would write it back.
            try appendLine(#"{"kind":"edit","operation":"y","summary":"y","timeline":\#(quoted)}"#, to: history(p))
            try appendLine(#"{"kind":"undo","operation":"undo","summary":"undid: y"}"#, to: history(p))
            let (timeline, journal) = (bytes(p.timeline), bytes(history(p)))
            let redo = try p.edit("redo")
            #expect(redo.status == 3, "\(target): exit \(redo.status) \(redo.stderr)")
            #expect(redo.stderr.contains(says), "\(target): \(redo.stderr)")
            #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal)
        }
        // The opening entry pointed elsewhere: undo refuses to go back to it.
        let pointed = text.replacingOccurrences(of: "\"media\": \"r.mp4\"", with: "\"media\": \"/etc/passwd\"")
        let quoted = String(data: try JSONSerialization.data(withJSONObject: [pointed], options: []), encoding: .utf8)!.dropFirst().dropLast()
        try (#"{"kind":"open","operation":"open","summary":"opened","timeline":\#(quoted)}"# + "\n").write(
            toFile: history(p), atomically: true, encoding: .utf8)
        let (timeline, journal) = (bytes(p.timeline), bytes(history(p)))
        #expect(try p.edit("history").status == 0)
        #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal, "history wrote")
        // The file is not the journal's state: it is recorded as a change by hand, and undoing
        // that change would write the opening: refused.
        let undo = try p.edit("undo")
        #expect(undo.status == 3, "\(undo.stderr)")
        #expect(undo.stderr.contains("line 1") && undo.stderr.contains("'/etc/passwd' cannot be read as media"), "\(undo.stderr)")
        #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal)
    }

    /// A journal line that is not an entry: one line saying how to start a new history, exit 3.
    @Test func aDamagedJournalSaysHowToStartANewOne() throws {
        let p = try Project()
        #expect(try p.edit("mute", "1").status == 0)
        try appendLine("{ not an entry", to: history(p))
        try appendLine(#"{"kind":"undo","operation":"undo","summary":"u"}"#, to: history(p))
        let (timeline, journal) = (bytes(p.timeline), bytes(history(p)))
        for operation in ["history", "undo", "mute"] {
            let r = try p.edit(operation, operation == "mute" ? ["2"] : [])
            #expect(r.status == 3, "\(operation): exit \(r.status) \(r.stderr)")
            #expect(
                r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("t.history.jsonl: line 3: it is not a history entry"), "\(r.stderr)")
            #expect(r.stderr.contains("move it aside (rename t.history.jsonl to t.history.old.jsonl, say)"), "\(r.stderr)")
            #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal)
        }
    }

    /// `transition --duration` takes a frame to the longest transition: -1, 0 and 11 s are refused
    /// as bad values (exit 2), and nothing is written, the history included.
    @Test func aTransitionOfNoTimeIsRefused() throws {
        let p = try Project()
        let before = try p.text()
        for d in ["-1", "0", "0.01s", "11s"] {
            let r = try p.edit("transition", ["1", "crossfade", "--duration", d])
            #expect(r.status == 2, "--duration \(d): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("--duration of a transition takes a time from 0.04s (one frame) to 10s, not '\(d)'"), "\(r.stderr)")
            #expect(try p.text() == before && bytes(history(p)) == nil)
        }
        // A usage error names the help once.
        for args in [["frobnicate", "1"], []] {
            let r = try Reel.run(["edit", p.timeline] + args)
            #expect(r.status == 2 && r.stderr.components(separatedBy: "(see 'reel edit --help')").count == 2, "\(r.stderr)")
        }
    }

    /// Texts, ids and paths with escape sequences and other control characters are printed with
    /// those characters shown as codes by `list`, `history` and the edit's own line, never raw.
    @Test func controlCharactersArePrintedVisibly() throws {
        let p = try Project()
        let words = "\u{1b}[2J\u{1b}[31mred\u{7}\u{9b}1m\u{202e}"
        let edit = try p.edit("text", ["title", words])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains(#"\u001b[2J\u001b[31mred\u0007\u009b1m\u202e"#), "\(edit.stdout)")
        let list = try p.edit("list")
        let history = try p.edit("history")
        for r in [edit, list, history] {
            #expect(r.status == 0)
            #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        }
        #expect(list.stdout.contains(#"title  "\u001b[2J\u001b[31mred"#), "\(list.stdout)")
        #expect(history.stdout.contains(#"text title \u001b[2J"#), "\(history.stdout)")
        // For tools, JSON holds the text exactly, escaped as JSON escapes it.
        let json = try p.edit("list", ["--format", "json"])
        let texts = (try JSONSerialization.jsonObject(with: json.data) as? [String: Any])?["texts"] as? [[String: Any]]
        #expect(texts?.first?["text"] as? String == words)
        #expect(!json.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }, "\(json.stdout)")
    }

    /// While another process holds the journal's lock, an edit waits, says so once, and after the
    /// bound (`Limits.maxEditWait`) is refused (exit 1) with nothing written.
    @Test func anEditWaitsForTheLockAndThenGivesUp() throws {
        let p = try Project()
        #expect(try p.edit("mute", "1").status == 0)
        let (timeline, journal) = (bytes(p.timeline), bytes(history(p)))
        let fd = open(history(p), O_RDONLY | O_CLOEXEC)
        #expect(fd >= 0 && flock(fd, LOCK_SH) == 0)
        defer { close(fd) }
        let start = Date()
        let r = try p.edit("mute", ["2"])
        let bound = Limits.maxEditWait.seconds
        #expect(Date().timeIntervalSince(start) >= bound - 0.5)
        #expect(r.status == 1, "exit \(r.status) \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("waiting for another reel edit"), "\(r.stderr)")
        #expect(lines.last?.contains("another reel edit of this timeline has not finished after \(Int(bound))s") == true, "\(r.stderr)")
        #expect(bytes(p.timeline) == timeline && bytes(history(p)) == journal)
        // A shared lock lets readers through: history reads while the lock is held.
        #expect(try p.edit("history").status == 0)
    }
}

extension EditCommandTests.Project {
    func edit(_ operation: String, _ args: [String]) throws -> Tools.Output { try Reel.run(["edit", timeline, operation] + args) }
}
