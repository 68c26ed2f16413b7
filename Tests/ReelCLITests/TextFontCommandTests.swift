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

    /// The family drawn instead and the characters no font has are what fontconfig says on this
    /// machine (DejaVu Sans and a Mayan numeral with scripts/setup's fonts alone).
    @Test func validateWarnsOfAMissingFontAndMissingCharactersAndStrictFails() throws {
        let dir = TemporaryFolder()
        let instead = try Fontconfig.match("Comic Sans MS")
        try #require(instead != "Comic Sans MS", "the test needs a machine without Comic Sans MS")
        let missing = try #require(try Fontconfig.undrawable(1).first)
        let p = try project(in: dir, font: "Comic Sans MS", text: "Hi \(Character(missing)) 🎉")
        let r = try Reel.run(["validate", p.template])
        #expect(r.status == 0, "warnings only: \(r.stderr)")
        #expect(r.stderr.contains("warning[T065]") && r.stderr.contains("'Comic Sans MS'") && r.stderr.contains("'\(instead)'"), "\(r.stderr)")
        #expect(r.stderr.contains("warning[T066]") && r.stderr.contains(Fontconfig.codePoint(missing)), "\(r.stderr)")
        #expect(!r.stderr.contains("U+1F389"), "the emoji has a font: \(r.stderr)")
        let strict = try Reel.run(["validate", "--strict", p.template])
        #expect(strict.status == 1, "\(strict.stderr)")
    }

    @Test func makeWarnsOfCharactersOfTheGivenTextAndStrictStopsIt() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let out = dir.file("o.mp4")
        // Two characters no installed font has, as fontconfig tells on this machine.
        let missing = try Fontconfig.undrawable(2)
        let (odd, other) = (Character(missing[0]), Character(missing[1]))
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--text", "title=odd \(odd) 🎉"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("warning[T066]") && r.stderr.contains("the text given for 'title' (\"odd")
                && r.stderr.contains(Fontconfig.codePoint(missing[0])), "\(r.stderr)")
        let strictOut = dir.file("strict.mp4")
        let strict = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--text", "title=odd \(odd)"])
        #expect(strict.status == 3, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strictOut), "nothing rendered")
        let texts = dir.file("texts.json")
        try #"{ "title": "from a file \#(other)" }"#.write(toFile: texts, atomically: true, encoding: .utf8)
        let fromFile = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--text-file", texts])
        #expect(fromFile.status == 3 && fromFile.stderr.contains(Fontconfig.codePoint(missing[1])), "\(fromFile.stderr)")
        let clean = try Reel.run(["make", p.template, p.clip, "-o", strictOut, "--strict", "--quality", "draft", "--text", "title=fine 👍🏽"])
        #expect(clean.status == 0, "\(clean.stderr)")
    }

    /// A template's font file must load in FreeType as the renderer loads it: a TrueType font cut
    /// short, or a collection that is only its header (both start with a font signature), is T043
    /// for `validate` (exit 1) and refuses `make` before it renders (exit 3), not halfway (exit 1).
    @Test func aFontFileThatDoesNotLoadIsFoundByValidateAndStopsMake() throws {
        let dir = TemporaryFolder()
        let whole = try Fontconfig.file("DejaVu Sans")
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        try #require(font.starts(with: [0, 1, 0, 0]), "a TrueType font: \(whole)")
        // A collection header: 'ttcf', version 1.0, one font, at an offset past the end.
        let header: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
        for (name, bytes, works) in [
            ("Whole.ttf", font, true), ("Cut.ttf", Array(font.prefix(font.count / 3)), false), ("Header.ttc", header, false),
        ] {
            let p = try project(in: dir, font: "fonts/\(name)", text: "Hello")
            try FileManager.default.createDirectory(atPath: p.template + "/fonts", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: p.template + "/fonts/" + name))
            let v = try Reel.run(["validate", p.template])
            let out = dir.file("o.mp4")
            let m = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft"])
            if works {
                #expect(v.status == 0 && m.status == 0, "\(v.stderr)\(m.stderr)")
                try FileManager.default.removeItem(atPath: out)
            } else {
                #expect(v.status == 1, "\(name): \(v.stderr)")
                #expect(
                    v.stderr.contains("error[T043]: /layers/0/font: 'fonts/\(name)'") && v.stderr.contains("does not load as a font"), "\(v.stderr)")
                #expect(m.status == 3, "\(name): \(m.stderr)")
                #expect(m.stderr.contains("T043") && m.stderr.hasSuffix("template is invalid (1 error)\n"), "\(m.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out), "nothing rendered")
            }
            try FileManager.default.removeItem(atPath: p.template)
        }
    }
}
