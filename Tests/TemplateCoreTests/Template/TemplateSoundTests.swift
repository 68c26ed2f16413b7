import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import TemplateFormat
@testable import TimelineModel

/// The voice slot, sound effects and ducking of a template: read into the model, and every bad
/// value reported with its code.
@Suite struct TemplateSoundTests {
    static let slots = "\"slots\": ["
    static let files = ["music/track.m4a": "not really audio", "sfx/whoosh.wav": "not really audio"]

    func load(_ members: String) throws -> TemplateLoadResult {
        let fixture = try TemplateFixture(replacing: Self.slots, with: members + ",\n  " + Self.slots, files: Self.files)
        defer { fixture.remove() }
        return try fixture.load()
    }

    @Test func voiceSoundsAndDuckingRead() throws {
        let r = try load(
            """
            "voice": { "start": 1, "volume": 0.9, "fadeIn": 0.1, "fadeOut": "0.4s" },
            "sounds": [{ "file": "sfx/whoosh.wav", "at": "60f", "volume": 0.5, "loop": true, "duration": "1s", "fadeOut": 0.2 }],
            "ducking": { "amount": "-18dB", "hold": "0.2s" }
            """)
        #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
        let t = try #require(r.template)
        #expect(t.voice == VoiceSpec(start: seconds("1"), volume: 0.9, fadeIn: seconds("0.1"), fadeOut: seconds("0.4")))
        #expect(
            t.sounds == [
                SoundSpec(file: "sfx/whoosh.wav", at: seconds("2"), volume: 0.5, fadeOut: seconds("0.2"), loop: true, duration: seconds("1"))
            ])
        #expect(t.ducking == Ducking(amount: -18, hold: seconds("0.2")))
        #expect(try load("\"ducking\": false").template?.ducking == nil)
        #expect(try TemplateFixture(files: Self.files).load().template?.ducking == .standard)
    }

    @Test(arguments: [
        ("\"ducking\": { \"amount\": \"-70dB\" }", DiagnosticCode.duckingRange, "/ducking/amount"),
        ("\"ducking\": { \"amount\": -12 }", .duckingRange, "/ducking/amount"),
        ("\"ducking\": { \"threshold\": \"3dB\" }", .duckingRange, "/ducking/threshold"),
        ("\"ducking\": { \"release\": \"9s\" }", .duckingRange, "/ducking/release"),
        ("\"ducking\": { \"attak\": \"0.1s\" }", .unknownKey, "/ducking/attak"),
        ("\"sounds\": [{ \"file\": \"sfx/whoosh.wav\", \"at\": 9 }]", .soundPastEnd, "/sounds/0/at"),
        ("\"sounds\": [{ \"file\": \"../whoosh.wav\", \"at\": 1 }]", .assetPathOutside, "/sounds/0/file"),
        ("\"sounds\": [{ \"file\": \"sfx/whosh.wav\", \"at\": 1 }]", .assetMissing, "/sounds/0/file"),
        ("\"sounds\": [{ \"file\": \"sfx/whoosh.wav\" }]", .missingKey, "/sounds/0"),
        ("\"sounds\": [{ \"file\": \"sfx/whoosh.wav\", \"at\": 1, \"volume\": 5 }]", .volumeRange, "/sounds/0/volume"),
        ("\"sounds\": [{ \"file\": \"sfx/whoosh.wav\", \"at\": 1, \"duration\": 0 }]", .outOfRange, "/sounds/0/duration"),
        ("\"voice\": { \"start\": \"2 beats\" }", .beatsNeeded, "/voice/start"),
        ("\"voice\": { \"fadeOut\": -1 }", .musicTime, "/voice/fadeOut"),
    ])
    func badValuesAreReported(members: String, code: DiagnosticCode, pointer: String) throws {
        let r = try load(members)
        #expect(r.diagnostics.contains { $0.code == code && $0.location.path?.pointer == pointer }, "\(r.diagnostics)")
    }
}
