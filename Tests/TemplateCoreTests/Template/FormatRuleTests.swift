import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import TemplateFormat
@testable import TimelineModel

/// One fixture per rule of the full format: the rich template with one change that must trigger
/// the rule, at the expected JSON Pointer.
@Suite struct FormatRuleTests {
    typealias Case = RuleCase

    static let cases: [Case] = [
        // Identity and limits.
        Case(
            original: "\"tags\": [\"travel\", \"beat\"]", replacement: "\"tags\": [" + (0..<33).map { "\"t\($0)\"" }.joined(separator: ",") + "]",
            code: .tooMany, pointer: "/tags"),
        Case(original: "\"tags\": [\"travel\", \"beat\"]", replacement: "\"tags\": [\"\"]", code: .emptyText, pointer: "/tags/0"),
        Case(
            original: "\"author\": \"Reel\"", replacement: "\"author\": \"\(String(repeating: "a", count: 201))\"", code: .textTooLong,
            pointer: "/author"),
        Case(original: "\"cover\": 1.5", replacement: "\"cover\": 9", code: .outOfRange, pointer: "/cover"),
        // Canvas.
        Case(original: "\"preset\": \"9:16\"", replacement: "\"preset\": \"9:61\"", code: .unknownChoice, pointer: "/canvas/preset"),
        Case(
            original: "\"preset\": \"9:16\"", replacement: "\"preset\": \"9:16\", \"width\": 720", code: .conflictingKeys, pointer: "/canvas/preset"),
        Case(
            original: "\"background\": \"#101010\"", replacement: "\"background\": \"#10101080\"", code: .backgroundColor,
            pointer: "/canvas/background"),
        // Music and beats.
        Case(original: "\"tempo\": 120", replacement: "\"tempo\": 500", code: .outOfRange, pointer: "/music/tempo"),
        Case(
            original: "\"tempo\": 120, \"firstBeat\": 0", replacement: "\"tempo\": 120, \"beats\": [0, 0.5]", code: .conflictingKeys,
            pointer: "/music/beats"),
        Case(original: "\"tempo\": 120, \"firstBeat\": 0", replacement: "\"beats\": [0, 0.5, 0.5, 1]", code: .beatOrder, pointer: "/music/beats/2"),
        Case(original: ", \"tempo\": 120, \"firstBeat\": 0", replacement: "", code: .beatsNeeded, pointer: "/slots/0/duration"),
        Case(original: "\"volume\": 0.9", replacement: "\"volume\": 0.9, \"loop\": 1", code: .wrongType, pointer: "/music/loop"),
        // Slots.
        Case(original: "\"duration\": \"4 beats\"", replacement: "\"duration\": \"4 bets\"", code: .timeSyntax, pointer: "/slots/0/duration"),
        Case(original: "\"duration\": \"4 beats\"", replacement: "\"duration\": \"2000 beats\"", code: .slotDuration, pointer: "/slots/0/duration"),
        Case(original: "\"fit\": \"blurredFill\"", replacement: "\"fit\": \"blured\"", code: .unknownChoice, pointer: "/slots/0/fit"),
        Case(original: "\"speed\": 0.5", replacement: "\"speed\": 8", code: .outOfRange, pointer: "/slots/1/speed"),
        Case(
            original: "\"whenShorter\": \"freeze\"", replacement: "\"whenShorter\": \"stretch\"", code: .unknownChoice,
            pointer: "/slots/1/whenShorter"),
        Case(original: "\"reverse\": true", replacement: "\"reverse\": \"yes\"", code: .wrongType, pointer: "/slots/2/reverse"),
        Case(original: "\"id\": \"closing\"", replacement: "\"id\": \"title\"", code: .duplicateSlotID, pointer: "/layers/3/id"),
        // Transitions.
        Case(original: "\"kind\": \"crossfade\"", replacement: "\"kind\": \"crosfade\"", code: .unknownChoice, pointer: "/slots/0/transition/kind"),
        Case(
            original: "\"duration\": 0.5, \"easing\"", replacement: "\"duration\": 0.75, \"easing\"", code: .transitionTooLong,
            pointer: "/slots/0/transition"),
        Case(
            original: "\"duration\": 0.5, \"easing\"", replacement: "\"duration\": 11, \"easing\"", code: .outOfRange,
            pointer: "/slots/0/transition/duration"),
        Case(
            original: "\"easing\": \"easeInOut\"", replacement: "\"easing\": \"easeInOut\", \"softnes\": 1", code: .unknownKey,
            pointer: "/slots/0/transition/softnes", severity: .warning),
        Case(
            original: "\"easing\": \"easeInOut\"", replacement: "\"easing\": \"bounce\"", code: .unknownChoice, pointer: "/slots/0/transition/easing"),
        Case(original: ", \"mask\": \"masks/wipe.png\"", replacement: "", code: .missingKey, pointer: "/slots/1/transition"),
        Case(original: "\"softness\": 0.2", replacement: "\"softness\": 2", code: .parameterRange, pointer: "/slots/1/transition/softness"),
        Case(
            original: "\"softness\": 0.2", replacement: "\"softness\": [{ \"at\": 0, \"value\": 0.1 }]", code: .notAnimatable,
            pointer: "/slots/1/transition/softness"),
        Case(
            original: "\"volume\": 1 }", replacement: "\"volume\": 1, \"transition\": \"crossfade\" }", code: .transitionAtEnd,
            pointer: "/slots/3/transition", severity: .warning),
        // Filters and motion.
        Case(original: "\"strength\": 0.6", replacement: "\"strength\": 1.6", code: .parameterRange, pointer: "/slots/1/filters/0/strength"),
        Case(original: "\"grayscale\"]", replacement: "\"greyscale\"]", code: .unknownChoice, pointer: "/slots/1/filters/1"),
        Case(
            original: "\"motion\": \"zoomIn\"", replacement: "\"motion\": { \"kind\": \"zoomIn\", \"amount\": 3 }", code: .parameterRange,
            pointer: "/slots/0/motion/amount"),
        Case(
            original: "\"motion\": \"zoomIn\"", replacement: "\"motion\": { \"kind\": \"zoomIn\", \"keyframes\": [] }", code: .conflictingKeys,
            pointer: "/slots/0/motion/kind"),
        Case(
            original: "{ \"at\": 1, \"scale\": 1.3", replacement: "{ \"at\": 0, \"scale\": 1.3", code: .keyframeOrder,
            pointer: "/slots/2/motion/keyframes/1/at"),
        Case(original: "\"scale\": 1.3", replacement: "\"scale\": 30", code: .outOfRange, pointer: "/slots/2/motion/keyframes/1/scale"),
        Case(original: "\"value\": 0.2", replacement: "\"value\": 2", code: .parameterRange, pointer: "/slots/2/filters/0/amount/1/value"),
        // Layers.
        Case(
            original: "\"kind\": \"media\", \"start\": 2", replacement: "\"kind\": \"video\", \"start\": 2", code: .unknownChoice,
            pointer: "/layers/0/kind"),
        Case(original: "\"rect\": { \"x\": 0.5,", replacement: "\"rect\": { \"x\": 0.6,", code: .layerRect, pointer: "/layers/1/rect"),
        Case(
            original: "\"width\": 0.5, \"height\": 1 }, \"fit\"", replacement: "\"width\": 0, \"height\": 1 }, \"fit\"", code: .layerRect,
            pointer: "/layers/1/rect"),
        Case(
            original: "\"kind\": \"media\", \"start\": 2", replacement: "\"kind\": \"media\", \"start\": 8", code: .layerTiming,
            pointer: "/layers/0/start"),
        Case(
            original: "\"start\": 2, \"duration\": 2", replacement: "\"start\": 2, \"duration\": 6", code: .layerPastEnd,
            pointer: "/layers/0/duration", severity: .warning),
        Case(original: "\"opacity\": 0.8", replacement: "\"opacity\": 1.8", code: .outOfRange, pointer: "/layers/2/opacity"),
        Case(original: "\"anchor\": \"topRight\"", replacement: "\"anchor\": \"northEast\"", code: .unknownChoice, pointer: "/layers/2/anchor"),
        Case(original: "\"in\": \"pop\"", replacement: "\"in\": \"explode\"", code: .unknownChoice, pointer: "/layers/2/in"),
        Case(original: "\"duration\": 0.3 }", replacement: "\"duration\": 30 }", code: .outOfRange, pointer: "/layers/2/out/duration"),
        Case(original: "\"x\": 0.9, \"y\": 0.1", replacement: "\"x\": 9, \"y\": 0.1", code: .outOfRange, pointer: "/layers/2/x"),
        // Text.
        Case(original: "\"key\": \"title\"", replacement: "\"key\": \"the title\"", code: .placeholderKey, pointer: "/layers/3/key"),
        Case(
            original: "\"text\": \"Lisbon 2026\"", replacement: "\"text\": \"\(String(repeating: "x", count: 2001))\"", code: .textTooLong,
            pointer: "/layers/3/text"),
        Case(
            original: "\"text\": \"Lisbon 2026\"", replacement: "\"text\": \"Supercalifragilisticexpialidocious and more\"",
            code: .textFit, pointer: "/layers/3/text", severity: .warning),
        Case(original: "\"minSize\": 48", replacement: "\"minSize\": 100", code: .outOfRange, pointer: "/layers/3/minSize"),
        Case(original: "\"color\": \"#ffffff\"", replacement: "\"color\": \"white\"", code: .backgroundColor, pointer: "/layers/3/color"),
        Case(
            original: "\"stroke\": { \"color\": \"#000000\", \"width\": 3 }", replacement: "\"stroke\": { \"width\": 3 }", code: .missingKey,
            pointer: "/layers/3/stroke"),
        Case(original: "\"align\": \"center\"", replacement: "\"align\": \"centre\"", code: .unknownChoice, pointer: "/layers/3/align"),
        Case(original: "\"maxLines\": 2", replacement: "\"maxLines\": 0", code: .outOfRange, pointer: "/layers/3/maxLines"),
        Case(original: "\"maxWidth\": 0.8", replacement: "\"maxWidht\": 0.8", code: .unknownKey, pointer: "/layers/3/maxWidht", severity: .warning),
        // Assets.
        Case(
            original: "\"file\": \"overlays/logo.png\"", replacement: "\"file\": \"overlays/logo.pgn\"", code: .assetMissing,
            pointer: "/layers/2/file"),
        Case(
            original: "\"font\": \"fonts/Title.ttf\"", replacement: "\"font\": \"../Title.ttf\"", code: .assetPathOutside, pointer: "/layers/3/font"),
        Case(original: "\"file\": \"looks/warm.cube\"", replacement: "\"file\": \"LICENSE.md\"", code: .lutSyntax, pointer: "/grade/0/file"),
        Case(original: "\"strength\": 0.7", replacement: "\"strength\": 7", code: .parameterRange, pointer: "/grade/0/strength"),
        Case(original: "\"mask\": \"masks/wipe.png\", ", replacement: "", code: .assetUnused, pointer: "", severity: .note),
    ]

    @Test(arguments: cases)
    func ruleIsTriggered(_ c: Case) throws {
        try c.check(try RichFixture.findings(replacing: c.original, with: c.replacement))
    }

    /// T063 says what rendering will do with a text that cannot fit, and keeps the ways to fix it.
    @Test func aTextThatCannotFitIsSaidToBeCutOrBroken() throws {
        let fixes = ["shorten the text, widen \"maxWidth\", allow more \"maxLines\", or lower \"minSize\""]
        let long = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
        let many = try #require(try RichFixture.findings(replacing: "\"text\": \"Lisbon 2026\"", with: "\"text\": \"\(long)\"").first(.textFit))
        #expect(
            many.message
                == "the text needs 4 lines at its minimum size 48, more than maxLines (2): it will be cut with \"…\" at the end of line 2 at render time"
        )
        #expect(many.notes == fixes)
        let wide = try #require(
            try RichFixture.findings(
                replacing: "\"text\": \"Lisbon 2026\"",
                with: "\"text\": \"Supercalifragilisticexpialidocious and more\""
            ).first(.textFit))
        #expect(wide.message.contains("broken between characters at render time") && wide.message.contains("more than 2 lines"), "\(wide.message)")
        #expect(wide.notes == fixes)
        // Forty short lines within 50 allowed, but taller than the canvas: nothing is cut, they run off it.
        let lines = Array(repeating: "x", count: 40).joined(separator: "\\n")
        let json = RichFixture.json.replacingOccurrences(of: "\"text\": \"Lisbon 2026\"", with: "\"text\": \"\(lines)\"")
            .replacingOccurrences(of: "\"maxLines\": 2", with: "\"maxLines\": 50")
        let fixture = try TemplateFixture(json: json, files: RichFixture.files)
        defer { fixture.remove() }
        let tall = try #require(try fixture.load().diagnostics.first(.textFit))
        #expect(tall.message == "the text's 40 lines are taller than the canvas at its minimum size 48: it will run off the canvas")
        #expect(tall.notes == fixes)
    }

    @Test func theRichTemplateIsClean() throws {
        let fixture = try RichFixture.fixture()
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        let template = try #require(result.template)
        // 4 beats and 2 beats at 120 bpm.
        #expect(
            template.slots.map(\.duration) == [
                RationalTime(seconds: 2), RationalTime(seconds: 1), RationalTime(seconds: 2),
                RationalTime(value: 1001, timescale: 500),
            ])
        #expect(template.slots[0].length == .beats(RationalTime(seconds: 4)))
        #expect(
            template.slots[1].transition
                == TransitionSpec(
                    kind: "lumaWipe", duration: RationalTime(value: 2002, timescale: 5000),
                    easing: .easeInOut, parameters: ["mask": .file("masks/wipe.png"), "softness": .number(0.2)]))
        #expect(
            template.slots[1].filters == [
                EffectSpec(kind: "vignette", parameters: ["strength": .number(0.6), "radius": .number(0.8)]),
                EffectSpec(kind: "grayscale", parameters: ["strength": .number(1)]),
            ])
        #expect(template.slots[0].motion == .preset(kind: "zoomIn", parameters: ["amount": .number(1.15)]))
        #expect(template.slots[1].playback.speed == RationalTime(value: 1, timescale: 2))
        #expect(template.canvas.width == 1080 && template.canvas.height == 1920)
        #expect(template.layers.count == 4)
        #expect(template.textKeys == ["title"])
        guard case .text(let title) = template.layers[3].content else {
            Issue.record("not a text")
            return
        }
        #expect(title.font == .file("fonts/Title.ttf"))
        #expect(title.minSize == 48)
        #expect(title.animationIn == LayerAnimation(kind: "slideUp", duration: RationalTime(value: 1, timescale: 2)))
        #expect(template.grade == [EffectSpec(kind: "lut", parameters: ["file": .file("looks/warm.cube"), "strength": .number(0.7)])])
    }

    @Test func slotDurationsInBeatsFollowAListOfBeats() throws {
        let fixture = try RichFixture.fixture(replacing: "\"tempo\": 120, \"firstBeat\": 0", with: "\"beats\": [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.25]")
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        #expect(result.template?.slots.prefix(2).map(\.duration) == [RationalTime(seconds: 2), RationalTime(seconds: 1)])
        // Beats every 0.5 s, then every 0.25 s: 4 beats from 0 end at 1.75 s; 2 more at 2.25 s.
        let grid = BeatGrid(.times([0, 0.5, 1, 1.5, 1.75, 2, 2.25].map { seconds(String($0)) }))
        #expect(grid.end(from: .zero, beats: RationalTime(seconds: 4)) == seconds("1.75"))
        #expect(grid.end(from: seconds("1.75"), beats: RationalTime(seconds: 2)) == seconds("2.25"))
        // Past the last beat the last interval repeats; halfway between beats counts half a beat.
        #expect(grid.end(from: seconds("2.25"), beats: RationalTime(seconds: 2)) == seconds("2.75"))
        #expect(grid.end(from: seconds("0.25"), beats: RationalTime(value: 1, timescale: 2)) == seconds("0.5"))
    }

    @Test func musicStartShiftsTheBeatGrid() {
        let grid = BeatGrid(.times([seconds("1"), seconds("1.5"), seconds("2")]), offset: seconds("1"))
        #expect(grid.end(from: .zero, beats: RationalTime(seconds: 1)) == seconds("0.5"))
        let tempo = BeatGrid(.tempo(bpm: RationalTime(seconds: 90), firstBeat: .zero))
        #expect(tempo.end(from: .zero, beats: RationalTime(seconds: 3)) == RationalTime(seconds: 2))
    }

    @Test func templateTimesParseExactly() {
        #expect(TemplateTime(text: "4 beats") == .beats(RationalTime(seconds: 4)))
        #expect(TemplateTime(text: "1 beat") == .beats(RationalTime(seconds: 1)))
        #expect(TemplateTime(text: "0.5b") == .beats(RationalTime(value: 1, timescale: 2)))
        #expect(TemplateTime(text: "48f") == .frames(48))
        #expect(TemplateTime(text: "1001/30000s") == .seconds(RationalTime(value: 1001, timescale: 30000)))
        #expect(TemplateTime(.number(JSONNumber(text: "0.1")!)) == .seconds(RationalTime(value: 1, timescale: 10)))
        #expect(TemplateTime(text: "beats") == nil)
        #expect(TemplateTime(text: "NaN") == nil)
        #expect(TemplateTime(text: "4 bars") == nil)
    }

    @Test func everyProblemOfOneTemplateIsReportedInOneRun() throws {
        var json = RichFixture.json
        for (a, b) in [
            ("\"kind\": \"crossfade\"", "\"kind\": \"crosfade\""), ("\"strength\": 0.6", "\"strength\": 1.6"),
            ("\"key\": \"title\"", "\"key\": \"the title\""), ("\"preset\": \"9:16\"", "\"preset\": \"9:61\""),
        ] {
            json = json.replacingOccurrences(of: a, with: b)
        }
        let fixture = try TemplateFixture(json: json, files: RichFixture.files)
        defer { fixture.remove() }
        let codes = Set(try fixture.load().diagnostics.codes)
        #expect(codes.isSuperset(of: [.unknownChoice, .parameterRange, .placeholderKey]))
        #expect(try fixture.load().diagnostics.filter { $0.code == .unknownChoice }.count == 2)
    }

    @Test func theStarterTemplateIsClean() throws {
        let fixture = try TemplateFixture(json: StarterTemplate.json(name: "Trip \"2026\""), files: [:])
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        #expect(result.template?.name == "Trip \"2026\"")
    }
}
