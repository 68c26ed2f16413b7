import Foundation
import ReelTestSupport
import Testing

/// Colour emoji through the whole pipeline, and the font warnings of `validate` and `make`.
@Suite struct TextFontCommandTests {
    /// A one-second template over a gray clip, with a text layer the user fills (`title`).
    func project(in dir: TemporaryFolder, font: String = "DejaVu Sans", text: String = "") throws -> (template: String, clip: String) {
        let folder = dir.file("t")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "name": "Texts", "canvas": { "width": 320, "height": 320, "frameRate": "25" },
              "slots": [{ "id": "a", "duration": 1 }],
              "layers": [{ "id": "title", "kind": "text", "key": "title", "text": "\(text)", "font": "\(font)", "size": 60, "y": 0.5 }] }
            """
        try json.write(toFile: (folder as NSString).appendingPathComponent("template.json"), atomically: true, encoding: .utf8)
        let clip = dir.file("gray.mp4")
        try TestMedia.colorClip(clip, color: "gray", width: 320, height: 320, seconds: "1")
        return (folder, clip)
    }

    /// Pixels of a decoded frame whose channels differ by more than 60: colour, not gray or white.
    func colouredPixels(_ frame: RGBFrame) -> Int {
        var n = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = frame.pixel(x, y)
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 60 { n += 1 }
            }
        }
        return n
    }

    @Test func emojiInAGivenTextComeOutInColour() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let emoji = dir.file("emoji.mp4")
        let r = try Reel.run(["make", p.template, p.clip, "-o", emoji, "--quality", "draft", "--text", "title=on my way 🎉🇵🇹"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("T066"), "nothing is missing: \(r.stderr)")
        let plain = dir.file("plain.mp4")
        let q = try Reel.run(["make", p.template, p.clip, "-o", plain, "--quality", "draft", "--text", "title=on my way"])
        #expect(q.status == 0, "\(q.stderr)")
        let coloured = colouredPixels(try Tools.rgbFrame(emoji, index: 12))
        let control = colouredPixels(try Tools.rgbFrame(plain, index: 12))
        #expect(coloured > 400, "the popper and the flag in colour: \(coloured) pixels")
        #expect(control < 20, "white words on gray have no colour: \(control) pixels")
    }

    @Test func validateWarnsOfAMissingFontAndMissingCharactersAndStrictFails() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, font: "Comic Sans MS", text: "Hi \\uD834\\uDEE0 🎉")
        let r = try Reel.run(["validate", p.template])
        #expect(r.status == 0, "warnings only: \(r.stderr)")
        #expect(r.stderr.contains("warning[T065]") && r.stderr.contains("'Comic Sans MS'") && r.stderr.contains("'DejaVu Sans'"), "\(r.stderr)")
        #expect(r.stderr.contains("warning[T066]") && r.stderr.contains("U+1D2E0"), "\(r.stderr)")
        #expect(!r.stderr.contains("U+1F389"), "the emoji has a font: \(r.stderr)")
        let strict = try Reel.run(["validate", "--strict", p.template])
        #expect(strict.status == 1, "\(strict.stderr)")
    }

    @Test func makeWarnsOfCharactersOfTheGivenTextAndStrictStopsIt() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let out = dir.file("o.mp4")
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--text", "title=odd \u{E000} 🎉"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("warning[T066]") && r.stderr.contains("the text given for 'title' (\"odd") && r.stderr.contains("U+E000"), "\(r.stderr)"
        )
        let strictOut = dir.file("strict.mp4")
        let strict = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--text", "title=odd \u{E000}"])
        #expect(strict.status == 3, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strictOut), "nothing rendered")
        let texts = dir.file("texts.json")
        try #"{ "title": "from a file \uD834\uDEE0" }"#.write(toFile: texts, atomically: true, encoding: .utf8)
        let fromFile = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--text-file", texts])
        #expect(fromFile.status == 3 && fromFile.stderr.contains("U+1D2E0"), "\(fromFile.stderr)")
        let clean = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--quality", "draft", "--text", "title=fine 👍🏽"])
        #expect(clean.status == 0, "\(clean.stderr)")
    }
}
