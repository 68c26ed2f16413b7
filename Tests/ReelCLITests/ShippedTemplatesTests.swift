import Foundation
import ReelTestSupport
import Testing

/// Every shipped template renders from the bundled sample media, without warnings, to exactly the
/// frames its timeline says: at an eighth of its canvas and draft quality, so that this stays quick.
@Suite struct ShippedTemplatesTests {
    static let templates: [String] = {
        let folder = Reel.repositoryRoot + "/templates"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/template.json") }.sorted()
    }()

    @Test func theLibraryIsThere() {
        #expect(Self.templates.count >= 10, "\(Self.templates)")
    }

    @Test(arguments: templates)
    func rendersWithTheSampleMedia(_ name: String) throws {
        let root = Reel.repositoryRoot
        let template = "\(root)/templates/\(name)"
        let canvas = try Self.canvas(of: template)
        // An eighth of the canvas, rounded down to even numbers (H.264 in 4:2:0): every layer, effect
        // and cut is still drawn, at a cost the debug build of the suite can afford.
        let size = (width: max(16, canvas.width / 8 / 2 * 2), height: max(16, canvas.height / 8 / 2 * 2))

        let dir = TemporaryFolder()
        let out = dir.file("\(name).mp4")
        let timeline = dir.file("\(name).json")
        let r = try Reel.run([
            "make", template, "\(root)/assets/clips", "\(root)/assets/photos", "-o", out, "--timeline", timeline,
            "--quality", "draft", "--size", "\(size.width)x\(size.height)",
        ])
        #expect(r.status == 0, "\(name): \(r.stderr)")
        #expect(!r.stderr.contains("warning"), "\(name): the sample media fill it without warnings:\n\(r.stderr)")
        #expect(!r.stderr.contains("error"), "\(name): \(r.stderr)")

        let (seconds, rate) = try Self.lengthAndRate(of: timeline)
        let expected = Int((seconds * rate).rounded())
        let probe = try Tools.probe(out)
        let video = try #require(probe.video, "\(name): a video stream")
        #expect(video.width == size.width && video.height == size.height, "\(name): \(video.width)x\(video.height)")
        #expect(video.frames == expected, "\(name): \(video.frames) frames, the timeline has \(expected)")
        #expect(probe.audio != nil, "\(name): its music is in the video")
    }

    /// The canvas size of a template, from its JSON (`width`/`height`, or a `preset`).
    static func canvas(of template: String) throws -> (width: Int, height: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: template + "/template.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let canvas = try #require(json["canvas"] as? [String: Any])
        if let preset = canvas["preset"] as? String {
            let sizes = ["9:16": (1080, 1920), "16:9": (1920, 1080), "1:1": (1080, 1080), "4:5": (1080, 1350)]
            return try #require(sizes[preset], "preset \(preset)")
        }
        return (try #require(canvas["width"] as? Int), try #require(canvas["height"] as? Int))
    }

    /// The length (seconds) and frame rate of a timeline, from its exact texts ("338/30s", "30").
    static func lengthAndRate(of timeline: String) throws -> (Double, Double) {
        let data = try Data(contentsOf: URL(fileURLWithPath: timeline))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func ratio(_ text: String) throws -> Double {
            let parts = text.replacingOccurrences(of: "s", with: "").split(separator: "/").map { Double($0) }
            let n = try #require(parts.first ?? nil, "'\(text)'")
            let d = parts.count > 1 ? try #require(parts[1], "'\(text)'") : 1
            return n / d
        }
        let duration = try ratio(try #require(json["duration"] as? String))
        let rate: Double
        if let text = json["frameRate"] as? String { rate = try ratio(text) } else { rate = try #require(json["frameRate"] as? Double) }
        return (duration, rate)
    }
}
