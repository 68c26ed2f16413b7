import Foundation
import ReelTestSupport
import Testing

@Suite struct MakeCommandTests {
    @Test func makesVideoFromTemplateAndFolder() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let media = dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try TestMedia.colorClip((media as NSString).appendingPathComponent("a.mp4"), color: "red", seconds: "2")
        try TestMedia.jpeg((media as NSString).appendingPathComponent("b.jpg"), color: "green")
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", template, media, "-o", out, "--quality", "draft"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote \(out)"))
        #expect(r.stderr.isEmpty, "nothing on stderr when piped: \(r.stderr)")
        let v = try #require(try Tools.probe(out).video)
        #expect(v.frames == 50 && v.width == 160 && v.height == 284)
        let first = try Tools.rgbFrame(out, index: 5)
        let second = try Tools.rgbFrame(out, index: 40)
        #expect(first.average(80, 142).r > 180)
        #expect(second.average(80, 142).g > 100 && second.average(80, 142).r < 80)
    }

    @Test func resolveThenRenderGivesTheSameVideoLength() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir, slots: [("a", "\"30f\""), ("b", "0.5")])
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, seconds: "3")
        let timeline = dir.file("t.json")
        let r = try Reel.run(["resolve", template, clip, "-o", timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let text = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(text.contains("\"clip.mp4\""), "media paths are relative to the timeline's folder")
        let out = dir.file("t.mp4")
        let rr = try Reel.run(["render", timeline, "-o", out, "-q"])
        #expect(rr.status == 0, "\(rr.stderr)")
        let v = try #require(try Tools.probe(out).video)
        #expect(v.frames == 43)  // 30 frames + 0.5 s at 25 fps
    }

    @Test func quietPrintsNothing() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        let r = try Reel.run(["make", template, photo, "-o", dir.file("o.mp4"), "-q"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty && r.stderr.isEmpty)
    }
}
