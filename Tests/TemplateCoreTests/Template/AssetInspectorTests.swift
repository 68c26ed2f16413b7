import Foundation
import MediaTime
import Testing

@testable import EffectCatalog
@testable import TemplateFormat

/// A stand-in for the media libraries: says every file of a kind is unreadable, and how long the music is.
struct FakeInspector: AssetInspector {
    var unreadable: AssetKind?
    var musicLength: RationalTime?

    func problem(with path: String, as kind: AssetKind) -> String? {
        kind == unreadable ? "not what it claims" : nil
    }

    func audioDuration(of path: String) -> RationalTime? { musicLength }
}

@Suite struct AssetInspectorTests {
    @Test(arguments: [(AssetKind.audio, "/music/file"), (.image, "/layers/2/file"), (.font, "/layers/3/font")])
    func unreadableAssetsAreErrors(kind: AssetKind, pointer: String) throws {
        let diagnostics = try RichFixture.findings(replacing: "\"cover\": 1.5", with: "\"cover\": 1.5", inspector: FakeInspector(unreadable: kind))
        let found = diagnostics.filter { $0.code == .assetUnreadable }
        #expect(found.contains { $0.location.path?.pointer == pointer }, "\(diagnostics.rendered())")
        #expect(found.allSatisfy { $0.severity == .error && $0.message.contains("not what it claims") })
    }

    @Test func musicShorterThanTheVideoIsAWarningUnlessItLoops() throws {
        let short = FakeInspector(musicLength: RationalTime(seconds: 5))
        let diagnostics = try RichFixture.findings(replacing: "\"cover\": 1.5", with: "\"cover\": 1.5", inspector: short)
        let d = try #require(diagnostics.first(.musicShort))
        #expect(d.severity == .warning)
        #expect(d.location.path?.pointer == "/music/file")
        let looped = try RichFixture.findings(replacing: "\"volume\": 0.9", with: "\"volume\": 0.9, \"loop\": true", inspector: short)
        #expect(looped.first(.musicShort) == nil)
        let long = try RichFixture.findings(
            replacing: "\"cover\": 1.5", with: "\"cover\": 1.5", inspector: FakeInspector(musicLength: RationalTime(seconds: 60)))
        #expect(long.isEmpty, "\(long.rendered())")
    }
}
