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

    /// The chat template keeps its clips' own sound: a clip's 2.5 kHz tone is heard in the
    /// output while its slot plays, and the music dips under it by the standard ducking (12 dB),
    /// against the same video made from the same clips without sound; over the photos between,
    /// the music is where it was.
    @Test func aShippedTemplateLetsTheClipBeHeardOverDuckedMusic() throws {
        let dir = TemporaryFolder()
        let template = "\(Reel.repositoryRoot)/templates/chat"
        func clip(_ path: String, color: String, tone: Int?) throws {
            var args = ["-f", "lavfi", "-i", "color=c=\(color):s=320x240:r=30:d=4"]
            if let tone { args += ["-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*\(tone)*t):s=48000:d=4", "-c:a", "aac", "-shortest"] }
            try Tools.ffmpeg(args + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", path])
        }
        var photos: [String] = []
        for i in 1...3 {
            photos.append(dir.file("p\(i).jpg"))
            try TestMedia.jpeg(photos[i - 1], width: 240, height: 320)
        }
        func render(toned: Bool) throws -> [Float] {
            let a = dir.file(toned ? "a.mp4" : "a-silent.mp4")
            let b = dir.file(toned ? "b.mp4" : "b-silent.mp4")
            try clip(a, color: "red", tone: toned ? 2500 : nil)
            try clip(b, color: "blue", tone: toned ? 3500 : nil)
            let out = dir.file(toned ? "out.mp4" : "silent.mp4")
            // Loudness off: both videos keep the music at the same level, so its dips are the ducking's.
            let r = try Reel.run(["make", template, a, b] + photos + ["-o", out, "--quality", "draft", "--loudness", "off", "-q"])
            #expect(r.status == 0, "\(r.stderr)")
            return try Tools.audioSamples(out)
        }
        let heard = try render(toned: true)
        let silent = try render(toned: false)
        // Slot one (0-2 s) plays clip a, slot four (4-6 s) clip b; photos from 2 to 4 s.
        let tone = BandLevel.db(heard, frequency: 2500, from: 0.3, to: 1.7)
        let toneB = BandLevel.db(heard, frequency: 3500, from: 4.3, to: 5.7)
        #expect(tone > -24 && tone > BandLevel.db(silent, frequency: 2500, from: 0.3, to: 1.7) + 20, "clip a's tone: \(tone) dB")
        #expect(toneB > -24 && toneB > BandLevel.db(silent, frequency: 3500, from: 4.3, to: 5.7) + 20, "clip b's tone: \(toneB) dB")
        // The music's low band (where its bass and kick are), far from the tones.
        func music(_ s: [Float], _ from: Double, _ to: Double) -> Double {
            let powers = stride(from: 50.0, through: 440, by: 10).map { pow(10, BandLevel.db(s, frequency: $0, from: from, to: to) / 10) }
            return 10 * log10(powers.reduce(0, +))
        }
        let ducked = music(heard, 0.3, 1.7) - music(silent, 0.3, 1.7)
        let photosBetween = music(heard, 3.0, 3.9) - music(silent, 3.0, 3.9)
        print("chat: tones \(tone), \(toneB) dB; music under clip a \(ducked) dB, over the photos \(photosBetween) dB")
        #expect(abs(ducked - -12) < 2, "the music dips 12 dB under the clip: \(ducked) dB")
        #expect(abs(photosBetween) < 1, "and is where it was over the photos: \(photosBetween) dB")
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
