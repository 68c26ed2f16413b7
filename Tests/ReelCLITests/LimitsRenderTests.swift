import Foundation
import ReelTestSupport
import Testing

/// Templates at the declared limits (see LimitsTests in TemplateCoreTests) are not only valid:
/// they make a video, so that nothing `reel validate` accepts is refused by the renderer or the
/// encoder.
@Suite struct LimitsRenderTests {
    static let cases: [(name: String, canvas: String, extra: String)] = [
        ("widest canvas, largest text", "\"width\": 8192, \"height\": 16", "{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \"size\": 1000 }"),
        (
            "tallest canvas, smallest text", "\"width\": 16, \"height\": 8192",
            "{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \"size\": 4, \"minSize\": 4 }"
        ),
        (
            "longest text, most lines", "\"width\": 160, \"height\": 96",
            "{ \"id\": \"t\", \"kind\": \"text\", \"size\": 4, \"maxLines\": 50, \"text\": \"\(String(repeating: "ab ", count: 666))ab\" }"
        ),
    ]

    @Test func templatesAtTheLimitsMakeAVideo() throws {
        let dir = TemporaryFolder()
        try TestMedia.jpeg(dir.file("photo.jpg"), color: "green")
        for (i, c) in Self.cases.enumerated() {
            let folder = dir.file("t\(i)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try TestMedia.tone((folder as NSString).appendingPathComponent("music.m4a"), seconds: "1")
            let json = """
                { "format": 1, "name": "Limits", "canvas": { \(c.canvas), "frameRate": "25" }, "music": { "file": "music.m4a", "volume": 4 },
                  "slots": [{ "id": "a", "duration": "2f", "volume": 4 }], "layers": [\(c.extra)] }
                """
            try json.write(toFile: (folder as NSString).appendingPathComponent("template.json"), atomically: true, encoding: .utf8)
            let v = try Reel.run(["validate", folder])
            #expect(v.status == 0, "\(c.name): \(v.stdout) \(v.stderr)")
            let out = dir.file("out\(i).mp4")
            let r = try Reel.run(["make", folder, dir.file("photo.jpg"), "-o", out, "-q"])
            #expect(r.status == 0, "\(c.name): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out), "\(c.name)")
        }
    }
}
