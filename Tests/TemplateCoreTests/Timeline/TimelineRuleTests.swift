import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import EffectCatalog
@testable import TimelineModel

/// Reading a timeline runs every rule and reports every problem at once, each with its code, its
/// JSON pointer, its line and column, and a fix.
@Suite struct TimelineRuleTests {
    static let canonical = TimelineCodecTests.canonical

    func problems(_ edits: [(String, String)]) throws -> [Diagnostic] {
        var text = Self.canonical
        for (original, replacement) in edits {
            #expect(text.contains(original), "\(original)")
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        do {
            _ = try TimelineCodec.decode(text, file: "t.json")
            Issue.record("read \(edits)")
            return []
        } catch {
            for d in error.diagnostics {
                #expect(d.location.file == "t.json" && d.location.line != nil && d.location.column != nil, "\(d)")
                #expect(!d.notes.isEmpty, "a fix: \(d)")
            }
            return error.diagnostics
        }
    }

    /// One edit of the canonical timeline per rule: the code it must trigger, and where.
    static let cases: [(String, String, DiagnosticCode, String)] = [
        ("\"kind\": \"lumaWipe\"", "\"kind\": \"wipeDiagonal\"", DiagnosticCode.unknownChoice, "/transitions/0/kind"),
        ("\"amount\": 1.3", "\"amount\": 1.3, \"radius\": 2", .unknownKey, "/clips/0/filters/0/parameters/radius"),
        ("\"amount\": 1.3", "\"amount\": 9", .parameterRange, "/clips/0/filters/0/parameters/amount"),
        ("\"volume\": 0.25", "\"volume\": 1e308", .volumeRange, "/clips/0/volume"),
        ("\"size\": 96", "\"size\": 1500", .outOfRange, "/texts/0/look/size"),
        ("\"width\": 1080", "\"width\": 16384", .canvasSize, "/canvas/width"),
        (
            "\"start\": \"2.5025s\"\n      },\n      \"volume\": 0", "\"start\": \"2.6026s\"\n      },\n      \"volume\": 0",
            .mainTrackSequence, "/clips/1/timelineRange/start"
        ),
        ("\"id\": \"two \\\"quoted\\\" é\"", "\"id\": \"opening\"", .duplicateID, "/clips/1/id"),
        ("\"kind\": \"fade\"", "\"kind\": \"spin\"", .unknownChoice, "/texts/0/in/kind"),
        ("\"preset\": \"medium\"", "\"preset\": \"turbo\"", .unknownChoice, "/output/preset"),
        ("\"size\": 96", "\"size\": \"big\"", .wrongType, "/texts/0/look/size"),
        ("\"color\": \"#fff0c8\"", "\"color\": \"cream\"", .backgroundColor, "/texts/0/look/color"),
        ("\"crf\": 18", "\"crf\": 52", .outOfRange, "/output/crf"),
        ("\"x\": 0.3125", "\"x\": 1.5", .cropCentre, "/clips/1/crop/0/x"),
        ("\"time\": \"1.6016s\"", "\"time\": \"9s\"", .cropTiming, "/clips/1/crop/1/time"),
        ("\"time\": \"1.6016s\"", "\"time\": \"0s\"", .cropTiming, "/clips/1/crop/1/time"),
        ("\"fit\": \"smart\"", "\"fit\": \"contain\"", .cropFit, "/clips/1/crop"),
        // Keyframes lie within their item's time, as a template's within their slot.
        ("\"scale\": 1,\n          \"time\": \"2.5025s\"", "\"scale\": 1,\n          \"time\": \"50s\"", .keyframeOrder, "/clips/0/motion/1/time"),
        (
            "\"easing\": \"easeIn\",\n                \"time\": \"2.5025s\"", "\"easing\": \"easeIn\",\n                \"time\": \"500s\"",
            .keyframeOrder, "/clips/0/filters/0/animation/amount/1/time"
        ),
        ("\"scale\": 1,\n          \"time\": \"0s\"", "\"scale\": 1,\n          \"time\": \"2s\"", .keyframeOrder, "/overlays/0/motion/0/time"),
    ]

    @Test(arguments: cases)
    func eachRuleHasItsCodeAndPlace(original: String, replacement: String, code: DiagnosticCode, pointer: String) throws {
        let found = try problems([(original, replacement)])
        #expect(found.contains { $0.code == code && $0.location.path?.pointer == pointer }, "\(found.rendered())")
    }

    /// Three unrelated mistakes: all three are reported, in the order of the text.
    @Test func everyProblemIsReportedInOneRun() throws {
        let found = try problems([
            ("\"kind\": \"lumaWipe\"", "\"kind\": \"wipeDiagonal\""), ("\"volume\": 0.25", "\"volume\": 7"),
            ("\"width\": 1080", "\"width\": 1081"),
        ])
        #expect(Set(found.map(\.code)) == [.unknownChoice, .volumeRange, .canvasSize], "\(found.rendered())")
        let lines = found.compactMap(\.location.line)
        #expect(lines == lines.sorted())
    }

    /// The renderer never guesses: a missing mask is an error, not a crossfade.
    @Test func aLumaWipeWithoutItsMaskIsRefused() throws {
        let found = try problems([("\"mask\": \"/tpl/diagonal.png\",\n", "")])
        #expect(found.map(\.code) == [.missingKey], "\(found.rendered())")
    }

    /// A parameter left out takes the catalog's default, so the renderer needs no defaults of its own.
    @Test func missingParametersTakeTheCatalogsDefault() throws {
        let text = Self.canonical.replacingOccurrences(of: "\"parameters\": {\n        \"softness\": 0.05\n      },", with: "")
        #expect(text != Self.canonical)
        let t = try TimelineCodec.decode(text)
        #expect(t.transitions[0].parameters["softness"] == Catalog.entry(.transition, "lumaWipe")?.parameter("softness")?.defaultValue)
    }

    /// Each rule runs when the values it reads did read: a clip that does not read holds back the
    /// rules that read it (with a note naming it), never the texts' or the transitions' kinds.
    @Test func rulesWhoseValuesReadRunAndTheOthersSayWhatTheyWaitFor() throws {
        let found = try problems([
            ("\"opacity\": 0.9", "\"opacity\": \"x\""), ("\"kind\": \"lumaWipe\"", "\"kind\": \"wipeDiagonal\""),
            (
                "\"text\": \"Lisbon 2026 · 里斯本\",\n      \"timelineRange\": {\n        \"duration\": \"2.5025s\",\n        \"start\": \"0s\"",
                "\"text\": \"Lisbon 2026 · 里斯本\",\n      \"timelineRange\": {\n        \"duration\": \"2.5025s\",\n        \"start\": \"50s\""
            ),
        ])
        #expect(found.contains { $0.code == .wrongType && $0.location.path?.pointer == "/clips/0/opacity" }, "\(found.rendered())")
        #expect(found.contains { $0.code == .unknownChoice && $0.location.path?.pointer == "/transitions/0/kind" })
        #expect(found.contains { $0.code == .outsideVideo && $0.location.path?.pointer == "/texts/0/timelineRange" }, "\(found.rendered())")
        let notes = found.filter { $0.code == .rulesSkipped }
        #expect(notes.allSatisfy { $0.severity == .note && $0.location.path?.pointer == "/clips/0" }, "\(notes.rendered())")
        #expect(
            notes.contains {
                $0.message.hasPrefix(
                    "the main track's order next to the clips that did not read, and their ids and place (L010, L011, L014) were not checked")
            }, "\(notes.rendered())")
        #expect(!notes.contains { $0.message.hasPrefix("the rules of the clips") }, "the other clips' own rules ran")
        #expect(notes.contains { $0.message.hasPrefix("the rules of the transitions") }, "\(notes.rendered())")
        #expect(!notes.contains { $0.message.contains("texts") }, "the texts' rules ran")
        #expect(found.last?.code == .rulesSkipped, "the notes come after the errors")
        let opacity = try #require(found.first { $0.code == .wrongType })
        #expect(opacity.notes == ["write a number within 0...1"], "the fix names the type and range: \(opacity)")
    }

    /// A duration that does not read holds back only the rules that read it: a gap between clips
    /// is still found.
    @Test func anUnreadableDurationHidesNoGap() throws {
        let found = try problems([
            ("\"duration\": \"4.1041s\",\n  \"format\"", "\"duration\": \"abc\",\n  \"format\""),
            (
                "\"start\": \"2.5025s\"\n      },\n      \"volume\": 0", "\"start\": \"2.6026s\"\n      },\n      \"volume\": 0"
            ),
        ])
        #expect(found.contains { $0.code == .timeSyntax && $0.location.path?.pointer == "/duration" }, "\(found.rendered())")
        #expect(
            found.contains { $0.code == .mainTrackSequence && $0.location.path?.pointer == "/clips/1/timelineRange/start" }, "\(found.rendered())")
        #expect(
            found.contains { $0.code == .rulesSkipped && $0.message.hasPrefix("the rules of the clips' place in the video (L010, L014)") },
            "\(found.rendered())")
    }

    /// A clip that does not read hides nothing of the clips that did: their own rules run and
    /// are reported at their own place, and only the order next to the unread clip waits.
    @Test func anUnreadableClipHidesNothingOfTheOthers() throws {
        let found = try problems([
            ("\"opacity\": 0.9", "\"opacity\": \"x\""),
            (
                "\"sourceRange\": {\n        \"duration\": \"1.6016s\"", "\"sourceRange\": {\n        \"duration\": \"1.5s\""
            ),
        ])
        #expect(found.contains { $0.code == .wrongType && $0.location.path?.pointer == "/clips/0/opacity" }, "\(found.rendered())")
        #expect(
            found.contains { $0.code == .sourceRange && $0.location.path?.pointer == "/clips/1/sourceRange/duration" }, "\(found.rendered())")
        #expect(!found.contains { $0.code == .mainTrackSequence }, "no gap is guessed where the unread clip stands: \(found.rendered())")
        #expect(found.contains { $0.code == .rulesSkipped && $0.location.path?.pointer == "/clips/0" }, "\(found.rendered())")
    }
}
