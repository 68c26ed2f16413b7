import Foundation
import ReelTestSupport
import Testing

/// `--reframe`: its words checked, and `smart` framing a real face found by the detectors, in the
/// timeline `resolve` writes.
@Suite struct ReframeCommandTests {
    func template(in dir: TemporaryFolder) throws -> String {
        let folder = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "name": "Tall", "canvas": { "width": 180, "height": 320, "frameRate": "30" },
              "slots": [{ "id": "only", "duration": 1, "motion": "none" }] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aWrongWordIsAUsageError() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        let r = try Reel.run(["resolve", try template(in: dir), photo, "--reframe", "wide", "-o", dir.file("t.json")])
        #expect(r.status == 2 && r.stderr.contains("reframe") && r.stderr.contains("cover or smart"), "\(r.stderr)")
    }

    @Test(.enabled(if: FaceScenes.astronaut != nil, "\(FaceScenes.missing)"))
    func smartFramesTheFaceAndCoverTheCentre() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("scene.jpg")
        try FaceScenes.photo(photo, width: 1280, height: 720, faces: [FaceScenes.Placement(x: 950, y: 200, side: 300)])
        let tpl = try template(in: dir)
        let smart = dir.file("smart.json")
        let r = try Reel.run(["resolve", tpl, photo, "--reframe", "smart", "-o", smart, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: smart, encoding: .utf8)
        #expect(text.contains("\"fit\": \"smart\"") && text.contains("\"crop\""), "\(text)")
        let cover = dir.file("cover.json")
        #expect(try Reel.run(["resolve", tpl, photo, "-o", cover, "--quiet"]).status == 0)
        let plain = try String(contentsOfFile: cover, encoding: .utf8)
        #expect(plain.contains("\"fit\": \"cover\"") && !plain.contains("\"crop\""))
    }
}
