import Foundation
import ReelTestSupport
import Testing

/// `reel preview` and `reel poster` run as a person would, outputs checked with ffprobe and the ffmpeg CLI.
@Suite struct PreviewCommandTests {
    /// Width and height of an image file, from ffprobe.
    func size(_ path: String) throws -> (Int, Int) {
        let v = try #require(try Tools.probe(path).video, "\(path) is an image")
        return (v.width, v.height)
    }

    /// Every shipped template gets a contact sheet (placeholders, no media needed).
    @Test func everyShippedTemplateGetsASheet() throws {
        let dir = TemporaryFolder()
        let templates = Reel.repositoryRoot + "/templates"
        let names = try FileManager.default.contentsOfDirectory(atPath: templates).filter {
            FileManager.default.fileExists(atPath: "\(templates)/\($0)/template.json")
        }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let out = dir.file("\(name).png")
            let r = try Reel.run(["preview", "\(templates)/\(name)", "-o", out])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stdout.contains("wrote \(out)"))
            let (w, h) = try size(out)
            #expect(w >= 1000 && h > 200, "\(name): \(w)x\(h)")
        }
    }

    @Test func templateWithMediaEveryAndGrid() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, color: "green", seconds: "3")
        let every = dir.file("every.png")
        var r = try Reel.run(["preview", template, "--media", clip, "--every", "0.5s", "--columns", "2", "--width", "400", "-o", every])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2x2 grid"), "four cells over two seconds: \(r.stdout)")
        #expect(try size(every).0 == 400)
        // The green clip fills the first cell.
        let frame = try Tools.rgbFrame(every, index: 0)
        let o = frame.average(100, 200, radius: 4)
        #expect(o.g > 90 && o.r < 60, "cell shows the media: \(o)")
        let grid = dir.file("grid.png")
        r = try Reel.run(["preview", template, "--grid", "3x2", "--background", "#ffffff", "-o", grid])
        #expect(r.status == 0 && r.stdout.contains("3x2 grid"), "\(r.stdout)\(r.stderr)")
        let corner = try Tools.rgbFrame(grid, index: 0).pixel(1, 1)
        #expect(corner.r > 240 && corner.g > 240 && corner.b > 240, "background colour: \(corner)")
    }

    @Test func videoFileSheetAndTimelineSheet() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 60, rate: "30", width: 160, height: 90)
        let sheet = dir.file("video.png")
        var r = try Reel.run(["preview", clip, "--grid", "4x3", "-o", sheet])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("4x3 grid"))
        // A timeline written by resolve previews the same way.
        let template = try makeTemplate(in: dir)
        let timeline = dir.file("t.json")
        r = try Reel.run(["resolve", template, clip, "-o", timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let tsheet = dir.file("t.png")
        r = try Reel.run(["preview", timeline, "-o", tsheet])
        #expect(r.status == 0 && r.stdout.contains("2x1 grid"), "\(r.stdout)\(r.stderr)")
    }

    @Test(arguments: ["gif", "webp"]) func animatedPreview(ext: String) throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let out = dir.file("a.\(ext)")
        let r = try Reel.run(["preview", template, "--animated", out])
        #expect(r.status == 0, "\(r.stderr)")
        let v = try #require(try Tools.probe(out).video)
        #expect(v.codec == (ext == "gif" ? "gif" : "webp"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("tiny.png")), "--animated alone writes no sheet")
    }

    @Test func posterAtTheCoverOrAGivenTime() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let out = dir.file("p.png")
        var r = try Reel.run(["poster", template, "--at", "1.5s", "--width", "90", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try size(out) == (90, 160))
        r = try Reel.run(["poster", template, "--at", "soon", "-o", out])
        #expect(r.status == 2 && r.stderr.contains("--at"))
    }

    /// `poster` and `preview` fill a template as `make` does: `--media` followed by several files,
    /// and the texts of `--text` and `--text-file`.
    @Test func posterAndPreviewTakeSeveralMediaAndTexts() throws {
        let dir = TemporaryFolder()
        let folder = try makeTemplate(in: dir)
        let json = """
            { "format": 1, "name": "Titled", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "slots": [{ "id": "a", "duration": 1 }, { "id": "b", "duration": 1 }],
              "layers": [{ "id": "t", "kind": "text", "key": "title", "size": 40, "y": 0.5, "color": "#ffffff" }] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let red = dir.file("red.jpg")
        let blue = dir.file("blue.jpg")
        try TestMedia.jpeg(red, color: "red")
        try TestMedia.jpeg(blue, color: "blue")
        func poster(_ at: String, _ extra: [String]) throws -> RGBFrame {
            let out = dir.file("p.png")
            let r = try Reel.run(["poster", folder, "--at", at, "-o", out, "-q", "--media", red, blue] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try Tools.rgbFrame(out, index: 0)
        }
        let first = try poster("0.5s", ["--text", "title=A"])
        let second = try poster("1.5s", ["--text", "title=A"])
        #expect(first.average(20, 20).r > 180 && first.average(20, 20).b < 80, "the first file fills slot a: \(first.average(20, 20))")
        #expect(second.average(20, 20).b > 180 && second.average(20, 20).r < 80, "the second file fills slot b: \(second.average(20, 20))")
        let texts = dir.file("texts.json")
        try #"{ "title": "WWWW" }"#.write(toFile: texts, atomically: true, encoding: .utf8)
        let other = try poster("0.5s", ["--text-file", texts])
        #expect(other.bytes != first.bytes, "another title draws other pixels")
        let missing = try Reel.run(["poster", folder, "-o", dir.file("q.png"), "--media", red])
        #expect(missing.status == 2 && missing.stderr.contains("title"), "the title is required: \(missing.stderr)")
        let sheet = dir.file("s.png")
        let r = try Reel.run(["preview", folder, "-o", sheet, "-q", "--media", red, blue, "--text", "title=Hi"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try size(sheet).0 > 0)
    }

    @Test func badInputGivesTheSameClearErrors() throws {
        let dir = TemporaryFolder()
        // A corrupt video: one line naming the file, exit 1, no sheet left.
        let bad = dir.file("bad.mp4")
        try Data(repeating: 7, count: 4000).write(to: URL(fileURLWithPath: bad))
        var r = try Reel.run(["preview", bad, "-o", dir.file("s.png")])
        #expect(r.status == 1 && r.stderr.hasPrefix("reel: error: \(bad)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.png")))
        // An invalid template: the diagnostics and exit code of `make`.
        let template = try makeTemplate(in: dir, name: "broken", slots: [("a", "-1")])
        r = try Reel.run(["preview", template, "-o", dir.file("s.png")])
        let make = try Reel.run(["make", template, bad, "-o", dir.file("m.mp4")])
        #expect(r.status == 3 && make.status == 3)
        #expect(r.stderr == make.stderr, "preview: \(r.stderr)\nmake: \(make.stderr)")
        // Mistakes in the call: exit 2 with the option named.
        // Numbers at Int's ends, signed or in another notation: usage errors, never an overflow trap.
        let extremes = [
            ["--grid", "9223372036854775807x9223372036854775807"], ["--grid", "3037000500x3037000500"], ["--grid", "+2x2"],
            ["--frames", "9223372036854775807"], ["--frames", "99999999999999999999"], ["--frames", "1e3"],
            ["--columns", "9223372036854775807"], ["--width", "9223372036854775807"], ["--width", "-9223372036854775808"],
        ]
        for args in [["--grid", "4by3"], ["--frames", "0"], ["--background", "red"], ["--animated", "x.mp4"]] + extremes {
            r = try Reel.run(["preview", template] + args)
            #expect(r.status == 2 && r.stderr.contains(args[0]), "\(args): \(r.stderr)")
        }
        for value in ["9223372036854775807", "0", "+90"] {
            r = try Reel.run(["poster", template, "--width", value, "-o", dir.file("p.png")])
            #expect(r.status == 2 && r.stderr.contains("--width"), "\(value): \(r.stderr)")
        }
        r = try Reel.run(["preview", dir.file("missing")])
        #expect(r.status == 1 && r.stderr.contains("missing: opening: no such file or folder"), "\(r.stderr)")
    }
}
