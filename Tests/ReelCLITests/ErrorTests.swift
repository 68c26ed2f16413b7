import Foundation
import ReelTestSupport
import Testing

/// Bad input: one line naming the file or flag, a non-zero exit, and no output left behind.
@Suite struct ErrorTests {
    func expectFailure(_ args: [String], status: Int32, mentions: String, in dir: TemporaryFolder, sourceFiles: [String]) throws {
        let r = try Reel.run(args)
        #expect(r.status == status, "exit \(r.status): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: "), "\(r.stderr)")
        #expect(r.stderr.contains(mentions), "names \(mentions): \(r.stderr)")
        #expect(dir.files.sorted() == sourceFiles.sorted(), "no output left: \(dir.files)")
    }

    @Test func missingMediaFile() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let missing = dir.file("nope.mp4")
        try expectFailure(["make", template, missing, "-o", dir.file("out.mp4")], status: 1, mentions: "nope.mp4", in: dir, sourceFiles: ["tiny"])
    }

    @Test func nonMediaFile() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let text = dir.file("notes.txt")
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        try expectFailure(
            ["make", template, text, "-o", dir.file("out.mp4")], status: 1, mentions: "notes.txt", in: dir, sourceFiles: ["tiny", "notes.txt"])
    }

    @Test func truncatedMP4() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let whole = dir.file("whole.mp4")
        try TestMedia.colorClip(whole, seconds: "2")
        let cut = dir.file("cut.mp4")
        try TestMedia.truncate(whole, to: cut, fraction: 0.4)
        try FileManager.default.removeItem(atPath: whole)
        try expectFailure(
            ["make", template, cut, "-o", dir.file("out.mp4")], status: 1, mentions: "cut.mp4", in: dir, sourceFiles: ["tiny", "cut.mp4"])
    }

    /// A file whose index is at the front (as Reel and phones write them) but whose media was cut off.
    @Test func truncatedFastStartMP4() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let whole = dir.file("whole.mp4")
        let front = dir.file("front.mp4")
        try TestMedia.colorClip(whole, seconds: "2")
        try Tools.ffmpeg(["-i", whole, "-c", "copy", "-movflags", "+faststart", front])
        let cut = dir.file("cut.mp4")
        try TestMedia.truncate(front, to: cut, fraction: 0.6)
        try FileManager.default.removeItem(atPath: whole)
        try FileManager.default.removeItem(atPath: front)
        try expectFailure(
            ["make", template, cut, "-o", dir.file("out.mp4")], status: 1, mentions: "cut.mp4: reading media: the file is truncated",
            in: dir, sourceFiles: ["tiny", "cut.mp4"])
    }

    @Test func emptyFolder() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let empty = dir.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try expectFailure(
            ["make", template, empty, "-o", dir.file("out.mp4")], status: 1, mentions: "empty", in: dir, sourceFiles: ["tiny", "empty"])
    }

    @Test func unknownSubcommand() throws {
        let dir = TemporaryFolder()
        try expectFailure(["frobnicate"], status: 2, mentions: "frobnicate", in: dir, sourceFiles: [])
    }

    @Test func unknownOption() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        try expectFailure(
            ["make", template, "--frames-per-fortnight", "3"], status: 2, mentions: "--frames-per-fortnight", in: dir, sourceFiles: ["tiny"])
    }

    /// An empty value names nothing: `-o ""`, `--captions ""` and the others are usage errors
    /// (exit 2), before any file is read or written.
    @Test func emptyOptionValues() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        let make = ["make", template, photo]
        for args in [
            make + ["-o", ""], make + ["-o", dir.file("o.mp4"), "--captions", ""], make + ["-o", dir.file("o.mp4"), "--timeline="],
            ["render", dir.file("t.json"), "-o", ""], ["validate", template, "--format", ""], ["probe", photo, "--format="],
        ] {
            try expectFailure(args, status: 2, mentions: "not an empty one", in: dir, sourceFiles: ["tiny", "p.jpg"])
        }
    }

    @Test func missingTemplate() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        try expectFailure(
            ["make", dir.file("no-template"), photo, "-o", dir.file("o.mp4")], status: 3, mentions: "no-template", in: dir, sourceFiles: ["p.jpg"])
    }

    @Test func helpAndVersion() throws {
        let v = try Reel.run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("reel "))
        for command in ["make", "resolve", "render", "validate", "probe"] {
            let h = try Reel.run([command, "--help"])
            #expect(h.status == 0 && h.stdout.contains("usage: reel \(command)"), "\(command) --help")
        }
        let none = try Reel.run([])
        #expect(none.status == 2 && none.stderr.contains("usage"))
    }
}
