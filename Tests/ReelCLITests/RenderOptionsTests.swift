import Foundation
import ReelTestSupport
import Testing

@Suite struct RenderOptionsTests {
    func tinyTimeline(_ dir: TemporaryFolder) throws -> String {
        let template = try makeTemplate(in: dir)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        let t = dir.file("t.json")
        let r = try Reel.run(["resolve", template, photo, "-o", t, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return t
    }

    @Test func sizeAndChatBitrate() throws {
        let dir = TemporaryFolder()
        let t = try tinyTimeline(dir)
        let out = dir.file("chat.mp4")
        let r = try Reel.run(["render", t, "-o", out, "-q", "--size", "240x320", "--bpp", "6"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try Tools.probe(out)
        let v = try #require(p.video)
        #expect(v.width == 240 && v.height == 320)
        let bitrate = Double(v.json["bit_rate"] as? String ?? "") ?? 0
        #expect(bitrate > 0 && bitrate < 240 * 320 * 6 * 2, "about 460 kb/s or less: \(bitrate)")
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        let dir = TemporaryFolder()
        let t = try tinyTimeline(dir)
        for args in [
            ["--size", "241x320"], ["--bitrate", "lots"], ["--loudness", "loud"], ["--quality", "ultra"], ["--bpp", "6", "--bitrate", "1M"],
        ] {
            let r = try Reel.run(["render", t, "-o", dir.file("x.mp4")] + args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("reel: error: render: "), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.mp4")))
    }

    /// Ctrl-C during a render stops it, exits 130 and leaves no file, temporary or final.
    @Test func interruptLeavesNothingBehind() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir, slots: [("a", "20"), ("b", "20")])
        let clip = dir.file("c.mp4")
        try TestMedia.colorClip(clip, width: 320, height: 180, seconds: "2")
        let out = dir.file("out.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Reel.path)
        process.arguments = ["make", template, clip, "-o", out, "-q", "--size", "1080x1920"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the partial output exists, then interrupt.
        var waited = 0.0
        while waited < 20, !dir.files.contains(where: { $0.hasSuffix(".partial") }) {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 0.05
        }
        #expect(dir.files.contains { $0.hasSuffix(".partial") }, "the render started writing")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(!dir.files.contains { $0.hasSuffix(".partial") || $0 == "out.mp4" }, "\(dir.files)")
    }
}
