import Foundation
import ReelTestSupport
import Testing

/// `reel probe --subjects`: what the subject analysis found, for people and for scripts.
@Suite(.enabled(if: FaceScenes.astronaut != nil, "\(FaceScenes.missing)"))
struct ProbeSubjectsTests {
    @Test func aPhotosFacesAreCountedAndListedAsDisplayedFractions() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("scene.jpg")
        let place = FaceScenes.Placement(x: 1300, y: 400, side: 460)
        try FaceScenes.photo(photo, faces: [place])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = dir.file("cache")
        let text = try Tools.run(Reel.path, ["probe", photo, "--subjects"], environment: environment, timeout: 300)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("1 face"), "\(text.stdout)")
        let plain = try Tools.run(Reel.path, ["probe", photo], environment: environment, timeout: 300)
        #expect(!plain.stdout.contains("face"), "analysis only when asked: \(plain.stdout)")

        let r = try Tools.run(Reel.path, ["probe", photo, "--subjects", "--format", "json"], environment: environment, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let subjects = try #require(file["subjects"] as? [String: Any])
        let samples = try #require(subjects["samples"] as? [[String: Any]])
        #expect(samples.count == 1 && samples[0]["time"] as? String == "0s")
        let faces = try #require(samples[0]["faces"] as? [[String: Double]])
        try #require(faces.count == 1)
        let face = place.face
        let cx = (face.x + face.width / 2) / 1920
        let cy = (face.y + face.height / 2) / 1080
        let x = try #require(faces[0]["x"])
        let y = try #require(faces[0]["y"])
        let w = try #require(faces[0]["width"])
        let h = try #require(faces[0]["height"])
        #expect(abs(x + w / 2 - cx) < 0.02 && abs(y + h / 2 - cy) < 0.03, "\(faces[0]) against centre \(cx), \(cy)")
        #expect((subjects["shotChanges"] as? [Any])?.isEmpty == true)
    }
}

/// `reel preview <video> --show-subjects`: the found face outlined where it is.
@Suite(.enabled(if: FaceScenes.astronaut != nil, "\(FaceScenes.missing)"))
struct PreviewSubjectsTests {
    @Test func theContactSheetOutlinesTheFaceOnItsCell() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("face.mp4")
        let place = FaceScenes.Placement(x: 820, y: 200, side: 400)
        try FaceScenes.video(clip, shots: [("1", "0x4a6a58", [place])])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = dir.file("cache")
        let plain = dir.file("plain.png")
        let marked = dir.file("marked.png")
        for (out, extra) in [(plain, [String]()), (marked, ["--show-subjects"])] {
            let r = try Tools.run(
                Reel.path, ["preview", clip, "--frames", "1", "--width", "800", "-o", out] + extra, environment: environment, timeout: 300)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = try Tools.rgbFrame(plain, index: 0)
        let b = try Tools.rgbFrame(marked, index: 0)
        try #require(a.width == b.width && a.height == b.height)
        // The pixels that changed are the outlines: green ones around the face.
        var greens: [(x: Int, y: Int)] = []
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x, y) != b.pixel(x, y) {
                let p = b.pixel(x, y)
                if p.g > 150 && p.r < 100 && p.b < 120 { greens.append((x, y)) }
            }
        }
        try #require(greens.count > 20, "no outline drawn")
        let cx = Double(greens.map(\.x).reduce(0, +)) / Double(greens.count) / Double(b.width)
        let face = place.face
        // One cell spans the sheet's width but for its margins.
        #expect(abs(cx - (face.x + face.width / 2) / 1280) < 0.06, "outline centre \(cx)")
    }
}
