import DocumentJSON
import Foundation
import MediaFacts
import MediaIO
import ReelTestSupport
import RenderCore
import TemplateFormat
import Testing

/// Fonts that are not installed (T065) and characters no installed font has (T066), found when a
/// template is loaded with the media libraries' inspector, against the fonts scripts/setup installs.
@Suite struct FontFindingsTests {
    /// A one-slot template with the text layers given, loaded with the real inspector.
    func load(_ layers: [String]) throws -> [Diagnostic] {
        let dir = TemporaryFolder()
        let json = """
            { "format": 1, "name": "Fonts", "canvas": { "width": 320, "height": 568, "frameRate": "25" },
              "slots": [{ "id": "s", "duration": 1 }], "layers": [\(layers.joined(separator: ", "))] }
            """
        try json.write(toFile: dir.file("template.json"), atomically: true, encoding: .utf8)
        return try TemplateLoader.load(folder: dir.path, inspector: TemplateAssetInspector()).diagnostics
    }

    /// The face named instead is the one fontconfig draws with on this machine: DejaVu Sans where
    /// scripts/setup's fonts are all, Z003 where the URW fonts alias the family.
    @Test func aFamilyThatIsNotInstalledNamesTheFaceUsedInstead() throws {
        let instead = try Fontconfig.match("Comic Sans MS")
        try #require(instead != "Comic Sans MS", "the test needs a machine without Comic Sans MS")
        let found = try load([#"{ "id": "t", "kind": "text", "text": "Hello", "font": "Comic Sans MS" }"#])
        let warning = try #require(found.first { $0.code == .fontNotInstalled })
        #expect(warning.severity == .warning && warning.location.path?.pointer == "/layers/0/font")
        #expect(warning.message.contains("'Comic Sans MS'") && warning.message.contains("'\(instead)'"), "\(warning.message)")
        #expect(found.allSatisfy { $0.severity != .error })
    }

    @Test func installedAndGenericFamiliesAreNotWarnedAbout() throws {
        let found = try load([
            #"{ "id": "a", "kind": "text", "text": "Hello", "font": "DejaVu Sans:bold" }"#,
            #"{ "id": "b", "kind": "text", "text": "Hello", "font": "dejavu sans mono" }"#,
            #"{ "id": "c", "kind": "text", "text": "Hello", "font": "serif" }"#,
            #"{ "id": "d", "kind": "text", "text": "Hello" }"#,
        ])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    /// Two characters no installed font has, as fontconfig tells (Mayan numerals and private-use
    /// characters where scripts/setup's fonts are all), one of them twice.
    @Test func charactersNoFontHasAreListedWithTheirCodePoints() throws {
        let missing = try Fontconfig.undrawable(2)
        let (a, b) = (Character(missing[0]), Character(missing[1]))
        let found = try load([#"{ "id": "t", "kind": "text", "text": "Hi \#(a) and \#(b) twice \#(b)" }"#])
        let warning = try #require(found.first { $0.code == .glyphMissing })
        #expect(warning.location.path?.pointer == "/layers/0/text")
        #expect(
            warning.message.contains("\(Fontconfig.codePoint(missing[0])) '\(a)'") && warning.message.contains(Fontconfig.codePoint(missing[1])),
            "\(warning.message)")
        #expect(warning.message.contains("2 characters"), "each character once: \(warning.message)")
        #expect(warning.message.hasPrefix("layer 't': text \"Hi "), "names the layer and its text: \(warning.message)")
    }

    @Test func emojiSequencesAndScriptsTheFontsHaveAreNotMissing() throws {
        let text = "Four angles في المطبخ 🎉 你好 👨\\u200D👩\\u200D👧 🇵🇹 👍🏽 1\\uFE0F\\u20E3 ❤\\uFE0F"
        let found = try load([#"{ "id": "t", "kind": "text", "text": "\#(text)", "size": 20, "maxLines": 6 }"#])
        #expect(found.isEmpty, "\(found.map(\.message))")
    }
}
