import Foundation
import ReelTestSupport
import Testing

/// The one tap end to end: a folder of generated clips and photos, a template that uses
/// transitions, motion, filters, a picture-in-picture slot, a sticker and a text to fill, resolved
/// and rendered; then the timeline moved, edited and rendered on its own.
@Suite struct ResolveCommandTests {
    /// A project folder: `layered/` (the template) and `media/` (red.mp4, green.jpg, blue.mp4, yellow.jpg).
    func project(in dir: TemporaryFolder) throws -> (template: String, media: String) {
        let root = dir.file("project")
        let template = (root as NSString).appendingPathComponent("layered")
        let media = (root as NSString).appendingPathComponent("media")
        for f in [template, media] { try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true) }
        func t(_ name: String) -> String { (template as NSString).appendingPathComponent(name) }
        func m(_ name: String) -> String { (media as NSString).appendingPathComponent(name) }
        try TestMedia.tone(t("music.m4a"), seconds: "1")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=32x32,format=rgba", "-frames:v", "1", t("sticker.png")])
        let json = """
            { "format": 1, "name": "Layered", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "music": { "file": "music.m4a", "loop": true, "fadeOut": 0.2 },
              "slots": [
                { "id": "a", "accepts": "video", "duration": 1, "transition": { "kind": "crossfade", "duration": 0.4 } },
                { "id": "b", "accepts": "image", "duration": 1, "motion": "zoomIn", "filters": ["grayscale"] },
                { "id": "c", "duration": 1 }
              ],
              "layers": [
                { "id": "pip", "kind": "media", "accepts": "video", "duration": 1,
                  "rect": { "x": 0.6, "y": 0.05, "width": 0.35, "height": 0.2 } },
                { "id": "sticker", "kind": "image", "file": "sticker.png", "x": 0.1, "y": 0.95, "width": 0.1 },
                { "id": "title", "kind": "text", "key": "title", "size": 20, "y": 0.9 }
              ]
            }
            """
        try json.write(toFile: t("template.json"), atomically: true, encoding: .utf8)
        try TestMedia.colorClip(m("1-red.mp4"), color: "red", seconds: "3")
        try TestMedia.jpeg(m("2-green.jpg"), color: "green")
        try TestMedia.colorClip(m("3-blue.mp4"), color: "blue", seconds: "3")
        try TestMedia.jpeg(m("4-yellow.jpg"), color: "yellow")
        return (template, media)
    }

    @Test func makesTheWholeTemplateFromAFolder() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let missing = try Reel.run(["make", p.template, p.media, "-o", dir.file("x.mp4")])
        #expect(missing.status == 2 && missing.stderr.contains("'title'"), "\(missing.stderr)")

        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", p.template, p.media, "-o", out, "--quality", "draft", "--text", "title=Hi"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("slot 1 (a) <- 1-red.mp4 00:00.00-00:01.00"), "\(r.stdout)")
        #expect(r.stdout.contains("slot 2 (b) <- 2-green.jpg still for 00:01.00"))
        #expect(r.stdout.contains("slot 3 (c) <- 4-yellow.jpg"), "the any slot leaves the video to the picture-in-picture: \(r.stdout)")
        #expect(r.stdout.contains("slot 4 (pip) <- 3-blue.mp4"))
        let v = try #require(try Tools.probe(out).video)
        #expect(v.frames == 75)
        // Frame 10: red; the picture-in-picture shows blue in its rectangle.
        let f10 = try Tools.rgbFrame(out, index: 10)
        #expect(f10.average(80, 142).r > 180 && f10.average(80, 142).g < 60)
        let pip = f10.average(124, 42)
        #expect(pip.b > 150 && pip.r < 80, "\(pip)")
        // Frame 25, the middle of the crossfade (frames 20..<30): red half way into grayscale green.
        let mid = try Tools.rgbFrame(out, index: 25).average(80, 142)
        #expect(mid.r > 120 && mid.r < 210 && mid.g > 20 && mid.g < 90, "\(mid)")
        // Frame 40: the green photo through its grayscale filter.
        let gray = try Tools.rgbFrame(out, index: 40).average(80, 142)
        #expect(abs(gray.r - gray.g) < 12 && abs(gray.g - gray.b) < 12 && gray.g > 40, "\(gray)")
        // Frame 60: yellow, and no picture-in-picture any more (it lasts one second).
        let f60 = try Tools.rgbFrame(out, index: 60)
        #expect(f60.average(80, 142).r > 180 && f60.average(80, 142).g > 180)
        #expect(f60.average(124, 42).b < 100)
    }

    /// A text a timeline could not hold is refused where it is given, before anything is
    /// written: by resolve, make and poster alike, with the reader's code and the option or the
    /// caption file's line.
    @Test func aTextTooLongForATimelineIsRefusedBeforeAnythingIsWritten() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let long = "title=" + String(repeating: "x", count: 15000)
        for (command, out) in [("resolve", "t.json"), ("make", "v.mp4"), ("poster", "p.png")] {
            let args = [command, p.template] + (command == "poster" ? [] : [p.media]) + ["-o", dir.file(out), "--text", long, "-q"]
            let r = try Reel.run(args)
            #expect(r.status == 3, "\(command): exit \(r.status) \(r.stderr)")
            #expect(
                r.stderr.contains("--text title: error[T017]: the text has 15000 characters (15000 Unicode scalars); the limit is 2000"),
                "\(command): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.file(out)), "\(command) wrote \(out)")
        }
        let captions = dir.file("talk.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\n\(String(repeating: "y", count: 2500))\n"
            .write(toFile: captions, atomically: true, encoding: .utf8)
        let r = try Reel.run(["resolve", p.template, p.media, "-o", dir.file("c.json"), "--text", "title=Hi", "--captions", captions, "-q"])
        #expect(r.status == 3, "exit \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("talk.srt:6: error[T017]: the cue's text has 2500 characters"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("c.json")))
    }

    @Test func resolvePrintsJSONAndTheTimelineRendersAfterMovingAndEditing() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let timeline = dir.file("project/t.json")
        let r = try Reel.run(["resolve", p.template, p.media, "-o", timeline, "--text", "title=Hi", "--format", "json", "--seed", "7"])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((summary["slots"] as? [Any])?.count == 4)
        #expect((summary["transitions"] as? [Any])?.count == 1)
        #expect((summary["leftOut"] as? [Any])?.isEmpty == true)
        let again = dir.file("project/t2.json")
        _ = try Reel.run(["resolve", p.template, p.media, "-o", again, "--text", "title=Hi", "--seed", "7", "-q"])
        #expect(try String(contentsOfFile: timeline, encoding: .utf8) == String(contentsOfFile: again, encoding: .utf8), "same seed, same bytes")

        // Move the project folder: paths are relative to the timeline, so it still renders.
        let moved = dir.file("moved")
        try FileManager.default.moveItem(atPath: dir.file("project"), toPath: moved)
        let movedTimeline = (moved as NSString).appendingPathComponent("t.json")
        // Edit the text by hand, as a person would.
        var text = try String(contentsOfFile: movedTimeline, encoding: .utf8)
        #expect(text.contains("\"text\": \"Hi\""))
        text = text.replacingOccurrences(of: "\"text\": \"Hi\"", with: "\"text\": \"Bye\"")
        try text.write(toFile: movedTimeline, atomically: true, encoding: .utf8)
        let out = dir.file("moved.mp4")
        let rr = try Reel.run(["render", movedTimeline, "-o", out, "-q", "--quality", "draft"])
        #expect(rr.status == 0, "\(rr.stderr)")
        #expect(try Tools.probe(out).video?.frames == 75)

        // A missing media file is a clear error naming it.
        try FileManager.default.removeItem(atPath: (moved as NSString).appendingPathComponent("media/4-yellow.jpg"))
        let gone = try Reel.run(["render", movedTimeline, "-o", dir.file("gone.mp4"), "-q"])
        #expect(gone.status == 3 && gone.stderr.contains("4-yellow.jpg") && gone.stderr.contains("error[L020]"), "\(gone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("gone.mp4")))
    }

    @Test func orderUseAllAndOptionMistakes() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        try TestMedia.jpeg((p.media as NSString).appendingPathComponent("10-white.jpg"), color: "white")
        try TestMedia.jpeg((p.media as NSString).appendingPathComponent("9-black.jpg"), color: "black")
        let t = dir.file("t.json")
        let plain = try Reel.run(["resolve", p.template, p.media, "-o", t, "--text", "title=Hi", "--order", "name"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("slot 3 (c) <- 4-yellow.jpg"), "name order puts 9 before 10: \(plain.stdout)")
        #expect(plain.stderr.contains("note[R003]") && plain.stderr.contains("--use-all"), "media left out are said in text mode: \(plain.stderr)")
        let all = try Reel.run(["resolve", p.template, p.media, "-o", t, "--text", "title=Hi", "--use-all", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect((summary["leftOut"] as? [Any])?.isEmpty == true)
        #expect((summary["slots"] as? [Any])?.count == 6)
        let bad = try Reel.run(["resolve", p.template, p.media, "--order", "size"])
        #expect(bad.status == 2 && bad.stderr.contains("--order"))
        let json = try Reel.run(["resolve", p.template, p.media, "--format", "json", "--text", "title=Hi"])
        #expect(json.status == 2, "the JSON summary needs the timeline in a file")
    }

    /// The OpenTimelineIO file read back by the `opentimelineio` package from PyPI (scripts/test
    /// installs it): tracks, clip ranges, the transition and media paths.
    @Test func exportsOpenTimelineIOThatTheReferenceLibraryReads() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let timeline = dir.file("project/t.json")
        let r = try Reel.run(["resolve", p.template, p.media, "-o", timeline, "--text", "title=Hi", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let otio = dir.file("out.otio")
        let e = try Reel.run(["export", timeline, "--otio", otio])
        #expect(e.status == 0, "\(e.stderr)")
        let script = """
            import sys, opentimelineio as otio
            t = otio.adapters.read_from_file(sys.argv[1])
            for track in t.tracks:
                print("track", track.name, track.kind, len(track))
                for item in track:
                    if isinstance(item, otio.schema.Transition):
                        print("transition", item.in_offset.value, item.out_offset.value)
                    elif isinstance(item, otio.schema.Clip):
                        r = t.tracks[0].range_of_child(item) if track is t.tracks[0] else track.range_of_child(item)
                        print("clip", item.name, r.start_time.value, r.duration.value, item.source_range.start_time.value, getattr(item.media_reference, "target_url", "generator"))
            print("duration", t.duration().value)
            """
        let out = try Tools.run("python3", ["-c", script, otio])
        guard out.status == 0 else {
            Issue.record("python3 failed (scripts/test installs opentimelineio from PyPI): \(out.stderr)")
            return
        }
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("track V1 Video 4"), "three clips and a transition: \(out.stdout)")
        #expect(lines.contains("transition 5.0 5.0"), "10 frames centred on the cut: \(out.stdout)")
        #expect(lines.contains { $0.hasPrefix("clip a 0.0 25.0 0.0 file://") && $0.hasSuffix("/media/1-red.mp4") }, "\(out.stdout)")
        #expect(lines.contains { $0.hasPrefix("clip b 25.0 25.0 0.0 file://") && $0.hasSuffix("/media/2-green.jpg") })
        #expect(lines.contains { $0.hasPrefix("clip pip 0.0 25.0") && $0.hasSuffix("/media/3-blue.mp4") })
        #expect(lines.contains { $0.hasPrefix("clip music 0.0 25.0 0.0 file://") && $0.hasSuffix("/layered/music.m4a") })
        #expect(lines.contains("duration 75.0"))
    }
}
