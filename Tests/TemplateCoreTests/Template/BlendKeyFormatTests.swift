import Foundation
import TemplateFormat
import Testing

@testable import DocumentJSON
@testable import TimelineModel

/// A layer's `blend` and a media layer's `key`, as `reel validate` reads them: values from the
/// catalog, every problem with its code, place and fix.
@Suite struct BlendKeyFormatTests {
    static let sticker = "\"width\": 0.2, \"opacity\": 0.8,"
    static let left = "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 1 } },"

    static func left(_ keys: String) -> String {
        "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 1 }, \(keys) },"
    }

    static let cases: [RuleCase] = [
        RuleCase(original: sticker, replacement: sticker + " \"blend\": \"mulitply\",", code: .unknownChoice, pointer: "/layers/2/blend"),
        RuleCase(original: sticker, replacement: sticker + " \"blend\": 2,", code: .wrongType, pointer: "/layers/2/blend"),
        RuleCase(
            original: left, replacement: left("\"key\": { \"kind\": \"chroma\", \"similarity\": 2 }"), code: .parameterRange,
            pointer: "/layers/0/key/similarity"),
        RuleCase(
            original: left, replacement: left("\"key\": { \"kind\": \"chroma\", \"spill\": [{ \"at\": 0, \"value\": 1 }] }"),
            code: .notAnimatable, pointer: "/layers/0/key/spill"),
        RuleCase(
            original: left, replacement: left("\"key\": { \"kind\": \"chroma\", \"color\": \"green\" }"), code: .backgroundColor,
            pointer: "/layers/0/key/color"),
        RuleCase(
            original: left, replacement: left("\"key\": { \"kind\": \"chroma\", \"color\": \"#00ff0080\" }"), code: .backgroundColor,
            pointer: "/layers/0/key/color"),
        RuleCase(original: left, replacement: left("\"key\": \"luma\""), code: .unknownChoice, pointer: "/layers/0/key"),
        RuleCase(original: left, replacement: left("\"key\": { \"color\": \"#00ff00\" }"), code: .missingKey, pointer: "/layers/0/key"),
        RuleCase(
            original: left, replacement: left("\"key\": { \"kind\": \"chroma\", \"softness\": 0.1 }"), code: .unknownKey,
            pointer: "/layers/0/key/softness", severity: .warning),
        RuleCase(original: sticker, replacement: sticker + " \"key\": \"chroma\",", code: .unknownKey, pointer: "/layers/2/key", severity: .warning),
    ]

    @Test(arguments: cases)
    func problemIsReported(_ c: RuleCase) throws {
        try c.check(try RichFixture.findings(replacing: c.original, with: c.replacement))
    }

    /// The fix notes name what to write: the nearest mode, and the range of a key's number.
    @Test func notesSayWhatToWrite() throws {
        let typo = try #require(
            try RichFixture.findings(replacing: Self.sticker, with: Self.sticker + " \"blend\": \"mulitply\",").first(.unknownChoice))
        #expect(typo.message == "'mulitply' is not a blend mode in the catalog", "\(typo.message)")
        #expect(typo.notes.first == "did you mean 'multiply'?", "\(typo.notes)")
        #expect(typo.notes.last?.contains("normal, multiply, screen, overlay, softLight, hardLight, add") == true, "\(typo.notes)")
        let far = try #require(
            try RichFixture.findings(replacing: Self.left, with: Self.left("\"key\": { \"kind\": \"chroma\", \"similarity\": 2 }")).first(
                .parameterRange))
        #expect(far.notes.contains { $0.contains("0.01") && $0.contains("1") }, "\(far.notes)")
    }

    /// A valid blend and key read into the model, the key completed from the catalog's defaults.
    @Test func blendAndKeyAreRead() throws {
        let fixture = try RichFixture.fixture(
            replacing: Self.left,
            with: Self.left("\"blend\": \"screen\", \"key\": { \"kind\": \"chroma\", \"color\": \"#00B140\", \"similarity\": 0.2 }"))
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        let template = try #require(result.template)
        #expect(template.layers[0].blend == "screen")
        #expect(template.layers[2].blend == "normal")
        guard case .media(let media) = template.layers[0].content else {
            Issue.record("not a media layer")
            return
        }
        #expect(
            media.key
                == EffectSpec(
                    kind: "chroma",
                    parameters: [
                        "color": .color(RGBColor(red: 0, green: 0xb1, blue: 0x40)), "similarity": .number(0.2), "smoothness": .number(0.08),
                        "spill": .number(1),
                    ]))
        let bare = try RichFixture.fixture(replacing: Self.left, with: Self.left("\"key\": \"chroma\""))
        defer { bare.remove() }
        guard case .media(let plain)? = try bare.load().template?.layers[0].content else {
            Issue.record("no media layer")
            return
        }
        #expect(plain.key?.color("color") == RGBColor(red: 0, green: 255, blue: 0))
    }
}
