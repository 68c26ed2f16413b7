import Foundation
import ReelTestSupport
import Testing

/// Inputs are untouchable: an output that names an input (directly, through `..`, a link or a hard
/// link) or another output is refused before any work, exit 2, and nothing is written.
@Suite struct OutputSafetyTests {
    /// The tiny project, with its first clip at hand.
    struct Project {
        let tiny: TinyProject
        var dir: TemporaryFolder { tiny.dir }
        var template: String { tiny.template }
        var media: String { tiny.media }
        var timeline: String { tiny.timeline }
        var clip: String { tiny.media + "/clip1.mp4" }

        init() throws { tiny = try TinyProject(clips: [("clip1.mp4", "red"), ("clip2.mp4", "blue")]) }

        /// The bytes of every file of the project, to check that a refused run changed none.
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: dir.path)
            while let name = enumerator?.nextObject() as? String {
                let path = dir.file(name)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
                    files[name] = FileManager.default.contents(atPath: path)
                }
            }
            return files
        }
    }

    func expectRefused(_ project: Project, _ args: [String], naming: String, environment: [String: String] = [:]) throws {
        let before = try project.snapshot()
        let r = try Reel.run(args, timeout: 60, environment: environment)
        #expect(r.status == 2, "\(args): exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.contains(naming), "\(args): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        #expect(try project.snapshot() == before, "\(args) changed a file")
    }

    @Test func makeAndResolveNeverWriteOverTheirInputs() throws {
        let p = try Project()
        let hardLink = p.dir.file("hard.mp4")
        try FileManager.default.linkItem(atPath: p.clip, toPath: hardLink)
        let symbolic = p.dir.file("link.mp4")
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: p.clip)
        for output in [p.clip, p.template + "/template.json", p.template + "/music.m4a", p.media + "/../media/clip2.mp4", hardLink, symbolic] {
            try expectRefused(p, ["make", p.template, p.media, "-o", output], naming: "input")
        }
        try expectRefused(p, ["make", p.template, p.media, "-o", p.dir.file("out.mp4"), "--timeline", p.media + "/clip2.mp4"], naming: "--timeline")
        try expectRefused(
            p, ["make", p.template, p.media, "-o", p.dir.file("x.mp4"), "--timeline", p.dir.file("x.mp4")], naming: "the same file as -o")
        try expectRefused(p, ["resolve", p.template, p.media, "-o", p.clip], naming: "input")
    }

    @Test func renderExportAndPreviewNeverWriteOverTheirInputs() throws {
        let p = try Project()
        try expectRefused(p, ["render", p.timeline, "-o", p.timeline], naming: "input")
        try expectRefused(p, ["render", p.timeline, "-o", p.clip], naming: "input")
        try expectRefused(p, ["export", p.timeline, "--otio", p.timeline], naming: "input")
        try expectRefused(p, ["preview", p.clip, "-o", p.clip], naming: "input")
        try expectRefused(p, ["poster", p.timeline, "-o", p.media + "/clip2.mp4"], naming: "input")
        // The texts file of a template's preview or poster is an input too.
        let texts = p.dir.file("texts.json")
        try "{}".write(toFile: texts, atomically: true, encoding: .utf8)
        try expectRefused(p, ["preview", p.template, "--text-file", texts, "-o", texts], naming: "input")
        try expectRefused(p, ["poster", p.template, "--text-file", texts, "-o", texts], naming: "input")
    }

    /// `-o /dev/null` (timing a run, or checking only its exit) writes into the device and leaves it one.
    @Test func aDeviceOutputIsWrittenInPlace() throws {
        let p = try Project()
        let r = try Reel.run(["render", p.timeline, "-o", "/dev/null", "-q", "--quality", "draft"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still a device")
    }

    /// Standard output and a FIFO get a fragmented MP4 that a player reads front to back.
    @Test func standardOutputAndAFIFOGetAStreamableMP4() throws {
        let p = try Project()
        let r = try Reel.run(["render", p.timeline, "-o", "-", "-q", "--quality", "draft"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let saved = p.dir.file("from-stdout.mp4")
        try r.data.write(to: URL(fileURLWithPath: saved))
        let probe = try Tools.probe(saved)
        #expect(probe.video?.frames == 50, "every frame arrives: \(String(describing: probe.video?.frames))")

        let fifo = p.dir.file("pipe.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = p.dir.file("received.mp4")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, received]
        try reader.run()
        let w = try Reel.run(["render", p.timeline, "-o", fifo, "-q", "--quality", "draft"], timeout: 120)
        reader.waitUntilExit()
        #expect(w.status == 0, "\(w.stderr)")
        #expect(try Tools.probe(received).video?.frames == 50)
        var st = stat()
        #expect(stat(fifo, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
    }

    /// The raw frames of `REEL_RAW_VIDEO` (scripts/bench) are an output like `-o`: checked against
    /// the inputs, written atomically, a device written in place.
    @Test func theRawVideoDumpIsAnOutputLikeAnyOther() throws {
        let p = try Project()
        try expectRefused(
            p, ["make", p.template, p.media, "-o", p.dir.file("raw.mp4")], naming: "REEL_RAW_VIDEO", environment: ["REEL_RAW_VIDEO": p.clip])
        try expectRefused(
            p, ["render", p.timeline, "-o", p.dir.file("raw.mp4")], naming: "REEL_RAW_VIDEO", environment: ["REEL_RAW_VIDEO": p.timeline])
        try expectRefused(
            p, ["render", p.timeline, "-o", p.dir.file("same.mp4")], naming: "the same file as -o",
            environment: ["REEL_RAW_VIDEO": p.dir.file("same.mp4")])

        let raw = p.dir.file("frames.y4m")
        let r = try Reel.run(
            ["render", p.timeline, "-o", p.dir.file("r.mp4"), "-q", "--quality", "draft"], timeout: 120, environment: ["REEL_RAW_VIDEO": raw])
        #expect(r.status == 0, "\(r.stderr)")
        // 50 frames of 160x284 4:2:0 after a one-line header: each "FRAME\n" and 160*284*3/2 bytes.
        let bytes = try #require(FileManager.default.contents(atPath: raw))
        let header = try #require(bytes.firstIndex(of: 0x0A))
        #expect(bytes.count == header + 1 + 50 * (6 + 160 * 284 * 3 / 2), "\(bytes.count) bytes")
        #expect(try Tools.probe(raw).video?.frames == 50)
        let names = try FileManager.default.contentsOfDirectory(atPath: p.dir.path)
        #expect(!names.contains { $0.hasSuffix(".partial") }, "no temporary file left: \(names)")

        // A device is written in place: /dev/full fails the write (exit 1, one line) and stays a device.
        let full = try Reel.run(
            ["render", p.timeline, "-o", p.dir.file("f.mp4"), "-q", "--quality", "draft"], timeout: 120,
            environment: ["REEL_RAW_VIDEO": "/dev/full"])
        #expect(full.status == 1 && full.stderr.contains("/dev/full"), "exit \(full.status): \(full.stderr)")
        #expect(full.stderr.split(separator: "\n").count == 1, "one line: \(full.stderr)")
        var st = stat()
        #expect(stat("/dev/full", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR, "/dev/full is still a device")
        #expect(!FileManager.default.fileExists(atPath: p.dir.file("f.mp4")), "no output after the failure")
    }

    /// An output that is a symbolic link is written where the link leads, as `cp` does: editing a
    /// linked timeline edits the timeline, and `-o link.mp4` replaces the file the link names.
    @Test func aLinkedOutputReplacesTheFileTheLinkNames() throws {
        let p = try Project()
        let link = p.dir.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "t.json")
        let before = try String(contentsOfFile: p.timeline, encoding: .utf8)
        let r = try Reel.run(["edit", link, "swap", "1", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "t.json", "the link stays a link")
        #expect(try String(contentsOfFile: p.timeline, encoding: .utf8) != before, "the timeline it names is edited")

        let video = p.dir.file("v.mp4")
        FileManager.default.createFile(atPath: video, contents: Data("old".utf8))
        let videoLink = p.dir.file("v-link.mp4")
        try FileManager.default.createSymbolicLink(atPath: videoLink, withDestinationPath: video)
        let w = try Reel.run(["render", p.timeline, "-o", videoLink, "-q", "--quality", "draft"], timeout: 120)
        #expect(w.status == 0, "\(w.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: videoLink) == video)
        #expect(try Tools.probe(video).video?.frames == 50, "the file the link names is the video")
        // A link into the template is refused like the file it names.
        let intoTemplate = p.dir.file("music-link.m4a")
        try FileManager.default.createSymbolicLink(atPath: intoTemplate, withDestinationPath: p.template + "/music.m4a")
        try expectRefused(p, ["make", p.template, p.media, "-o", intoTemplate], naming: "input")
    }

    /// A template folder is an input however deep: an output beneath it is refused, even ten
    /// folders down where the identity walk of its files does not reach.
    @Test func anOutputDeepInsideTheTemplateIsRefused() throws {
        let p = try Project()
        try expectRefused(p, ["preview", p.template, "--media", p.media, "-o", p.template + "/sheet.png"], naming: "inside")
        let deep = p.template + "/" + (1...10).map(String.init).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: deep + "/s.png"))
        try expectRefused(p, ["make", p.template, p.media, "-o", deep + "/s.png"], naming: "inside")
        try expectRefused(p, ["make", p.template, p.media, "-o", deep + "/new.mp4"], naming: "inside")
        #expect(!FileManager.default.fileExists(atPath: deep + "/new.mp4"))
    }

    /// The gallery checks every file it writes (the page, each template's `.png` and `.gif`), so a
    /// site folder inside a template, or one holding a file a template is named after, is refused.
    @Test func theGalleryNeverWritesOverItsInputs() throws {
        let p = try Project()
        let gallery = p.dir.file("gal")
        _ = try makeTemplate(in: p.dir, name: "gal/a")
        _ = try makeTemplate(in: p.dir, name: "gal/b")
        // Template a holds b.png: a site in it would write b's sheet over it.
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: gallery + "/a/b.png"))
        try expectRefused(p, ["gallery", gallery, "-o", gallery + "/a"], naming: "a template folder this run reads")
        try expectRefused(p, ["gallery", gallery, "-o", gallery + "/a/site"], naming: "a template folder this run reads")
        // A file beside the templates named as a template's sheet is an input of nothing, but one of
        // the media given is: the gallery refuses to write its sheet over it.
        let media = p.dir.file("site/b.png")
        try FileManager.default.createDirectory(atPath: p.dir.file("site"), withIntermediateDirectories: true)
        try TestMedia.jpeg(media, width: 64, height: 64, color: "red")
        try expectRefused(p, ["gallery", gallery, "-o", p.dir.file("site"), "--media", media], naming: "input")
    }

    /// A gallery that fails leaves no folder it made itself.
    @Test func aFailedGalleryRemovesTheFolderItMade() throws {
        let p = try Project()
        let gallery = p.dir.file("gal")
        _ = try makeTemplate(in: p.dir, name: "gal/a")
        let disk = p.dir.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let r = try Tools.run("prlimit", ["--fsize=2000", Reel.path, "gallery", gallery, "-o", disk + "/site/new"], timeout: 120)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.contains("File too large"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == [], "the folders it made are gone")
    }
}
