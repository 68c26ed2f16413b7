import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import TemplateFormat

/// Problems that do not depend on one another are all reported in one run: the rules across
/// parts run on whatever parts did parse, and a rule that needs a broken value says it waits.
/// The module-level `findings(replacing:with:)`, which the suite's own `findings` hides.
private func oneChangeFindings(replacing original: String, with replacement: String) throws -> [Diagnostic] {
    try findings(replacing: original, with: replacement)
}

@Suite struct IndependentProblemTests {
    /// The rich template with several changes at once.
    static func findings(_ changes: [(String, String)]) throws -> [Diagnostic] {
        var json = RichFixture.json
        for (original, replacement) in changes {
            precondition(json.contains(original), "fixture text not found: \(original)")
            json = json.replacingOccurrences(of: original, with: replacement)
        }
        let fixture = try TemplateFixture(json: json, files: RichFixture.files)
        defer { fixture.remove() }
        return try fixture.load().diagnostics
    }

    static let longText = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"

    @Test func aBrokenSlotDurationDoesNotHideATransitionTooLongElsewhere() throws {
        // Slot 3 has no usable duration (T034); the crossfade between slots 0 and 1 is too long (T053).
        let diagnostics = try Self.findings([
            ("\"duration\": 2, \"reverse\"", "\"duration\": 0, \"reverse\""),
            ("\"duration\": 0.5, \"easing\"", "\"duration\": 0.75, \"easing\""),
        ])
        #expect(diagnostics.first(.slotDuration)?.location.path?.pointer == "/slots/2/duration", "\(diagnostics.rendered())")
        #expect(diagnostics.first(.transitionTooLong)?.location.path?.pointer == "/slots/0/transition", "\(diagnostics.rendered())")
    }

    @Test func aMissingStickerHidesNeitherATransitionNorATextFit() throws {
        let diagnostics = try Self.findings([
            ("\"file\": \"overlays/logo.png\"", "\"file\": \"overlays/logo.pgn\""),
            ("\"duration\": 0.5, \"easing\"", "\"duration\": 0.75, \"easing\""),
            ("\"text\": \"Lisbon 2026\"", "\"text\": \"\(Self.longText)\""),
        ])
        #expect(diagnostics.first(.assetMissing)?.location.path?.pointer == "/layers/2/file", "\(diagnostics.rendered())")
        #expect(diagnostics.first(.transitionTooLong)?.location.path?.pointer == "/slots/0/transition", "\(diagnostics.rendered())")
        #expect(diagnostics.first(.textFit)?.location.path?.pointer == "/layers/3/text", "\(diagnostics.rendered())")
        #expect(diagnostics.first(.checkSkipped) == nil, "nothing here depends on the missing sticker: \(diagnostics.rendered())")
    }

    @Test func aTransitionNextToABrokenSlotIsSkippedWithANote() throws {
        // The crossfade of slot 0 leads into slot 1, whose duration is broken: its length cannot be checked.
        let diagnostics = try Self.findings([("\"duration\": \"2 beats\"", "\"duration\": \"2 bets\"")])
        #expect(diagnostics.first(.timeSyntax)?.location.path?.pointer == "/slots/1/duration")
        let skipped = diagnostics.filter { $0.code == .checkSkipped }
        let transition = try #require(skipped.first { $0.location.path?.pointer == "/slots/0/transition" }, "\(diagnostics.rendered())")
        #expect(transition.severity == .note)
        #expect(transition.message.contains("slot 'wipe' has no usable duration (/slots/1/duration)"), "\(transition.message)")
        #expect(transition.location.line != nil)
        // The layers and the cover need the video's length, which the broken slot leaves unknown.
        #expect(skipped.contains { $0.location.path?.pointer == "/cover" }, "\(diagnostics.rendered())")
        #expect(skipped.contains { $0.location.path?.pointer == "/layers/0/start" }, "\(diagnostics.rendered())")
        // A transition between two slots with durations is checked, whichever other slot is broken.
        let other = try Self.findings([
            ("\"duration\": \"1001/500s\"", "\"duration\": \"1001/500 sec\""),
            ("\"duration\": 0.5, \"easing\"", "\"duration\": 0.75, \"easing\""),
        ])
        #expect(other.first(.timeSyntax)?.location.path?.pointer == "/slots/3/duration", "\(other.rendered())")
        #expect(other.first(.transitionTooLong)?.location.path?.pointer == "/slots/0/transition", "\(other.rendered())")
    }

    @Test func aTransitionWithABrokenParameterIsStillCheckedForLength() throws {
        let diagnostics = try Self.findings([("\"softness\": 0.2", "\"softness\": 2"), ("\"duration\": \"12f\"", "\"duration\": \"60f\"")])
        #expect(diagnostics.first(.parameterRange)?.location.path?.pointer == "/slots/1/transition/softness")
        #expect(diagnostics.first(.transitionTooLong)?.location.path?.pointer == "/slots/1/transition", "\(diagnostics.rendered())")
    }

    @Test func aBrokenFontOrColourDoesNotHideTheTextFit() throws {
        let diagnostics = try Self.findings([
            ("\"font\": \"fonts/Title.ttf\"", "\"font\": \"fonts/Missing.ttf\""),
            ("\"color\": \"#ffffff\"", "\"color\": \"white\""),
            ("\"text\": \"Lisbon 2026\"", "\"text\": \"\(Self.longText)\""),
        ])
        #expect(Set(diagnostics.codes).isSuperset(of: [.assetMissing, .backgroundColor, .textFit]), "\(diagnostics.rendered())")
    }

    @Test func aBrokenCanvasSkipsTheTextFitWithANote() throws {
        let diagnostics = try Self.findings([
            ("\"preset\": \"9:16\"", "\"preset\": \"9:61\""),
            ("\"text\": \"Lisbon 2026\"", "\"text\": \"\(Self.longText)\""),
        ])
        #expect(diagnostics.first(.textFit) == nil)
        let note = try #require(diagnostics.first(.checkSkipped), "\(diagnostics.rendered())")
        #expect(note.location.path?.pointer == "/layers/3/text")
        #expect(note.message.contains("canvas size"))
        // The frame rate is still known: the layer at "60f" and the slot of "12f" are read at 30000/1001 fps.
        #expect(diagnostics.filter { $0.code == .checkSkipped }.count == 1, "\(diagnostics.rendered())")
    }

    @Test func aBrokenTextSizeSkipsItsFitWithANote() throws {
        let diagnostics = try Self.findings([
            ("\"minSize\": 48", "\"minSize\": 100"),
            ("\"text\": \"Lisbon 2026\"", "\"text\": \"\(Self.longText)\""),
        ])
        #expect(diagnostics.first(.outOfRange)?.location.path?.pointer == "/layers/3/minSize")
        #expect(diagnostics.first(.textFit) == nil)
        let note = try #require(diagnostics.first(.checkSkipped), "\(diagnostics.rendered())")
        #expect(note.location.path?.pointer == "/layers/3")
        #expect(note.message.hasPrefix("whether the text of layer 'title' fits is not checked"), "\(note.message)")
    }

    @Test func aBrokenMusicVolumeKeepsTheBeats() throws {
        // The beats are fine, so the durations in beats are computed and the transitions checked.
        let diagnostics = try Self.findings([
            ("\"volume\": 0.9", "\"volume\": 9"), ("\"duration\": 0.5, \"easing\"", "\"duration\": 0.75, \"easing\""),
        ])
        #expect(diagnostics.codes.contains(.volumeRange))
        #expect(diagnostics.first(.transitionTooLong) != nil, "\(diagnostics.rendered())")
        #expect(diagnostics.first(.beatsNeeded) == nil)
    }

    @Test func brokenBeatsSkipTheDurationsInBeatsWithANote() throws {
        let diagnostics = try Self.findings([("\"tempo\": 120", "\"tempo\": 500")])
        #expect(diagnostics.first(.outOfRange)?.location.path?.pointer == "/music/tempo")
        #expect(diagnostics.first(.beatsNeeded) == nil, "the music has beats, broken ones: \(diagnostics.rendered())")
        let notes = diagnostics.filter { $0.code == .checkSkipped }.compactMap { $0.location.path?.pointer }
        #expect(notes.contains("/slots/0/duration") && notes.contains("/slots/1/duration"), "\(notes)")
    }

    @Test func withAListOfBeatsASlotAfterABrokenOneCannotBePlaced() throws {
        let diagnostics = try Self.findings([
            ("\"tempo\": 120, \"firstBeat\": 0", "\"beats\": [0, 0.5, 1, 1.5, 2, 2.5, 3]"),
            ("\"duration\": \"4 beats\"", "\"duration\": \"4 bets\""),
        ])
        let note = try #require(
            diagnostics.first { $0.code == .checkSkipped && $0.location.path?.pointer == "/slots/1/duration" },
            "\(diagnostics.rendered())")
        #expect(note.message.contains("the slot's start"), "\(note.message)")
        // With a tempo, 2 beats last 1 s wherever they start: no note for that slot.
        let tempo = try Self.findings([("\"duration\": \"4 beats\"", "\"duration\": \"4 bets\"")])
        #expect(!tempo.contains { $0.code == .checkSkipped && $0.location.path?.pointer == "/slots/1/duration" }, "\(tempo.rendered())")
    }

    @Test func aTemplateFileThatIsAFolderHasACode() throws {
        let fixture = try TemplateFixture(json: nil)
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.templateFile, withIntermediateDirectories: true)
        let error = TemplateLoadError.templateFileNotRegular(path: fixture.templateFile, kind: "a folder")
        #expect(throws: error) { try fixture.load() }
        #expect(error.diagnostic.code == .templateUnreadable)
        #expect(
            error.diagnostic.description.hasPrefix(fixture.templateFile + ": error[T005]: not a regular file but a folder"), "\(error.diagnostic)")
        #expect(error.diagnostic.notes == ["replace the folder named template.json by the template's JSON file"])
    }

    /// A FIFO and a link leading out of the folder are each named for what they are.
    @Test func aTemplateFileThatIsAFIFOOrLeadsOutsideSaysSo() throws {
        let fifo = try TemplateFixture(json: nil)
        defer { fifo.remove() }
        #expect(mkfifo(fifo.templateFile, 0o644) == 0)
        let thrown = Result { try fifo.load() }
        guard case .failure(let e) = thrown, let error = e as? TemplateLoadError else {
            Issue.record("a FIFO loaded: \(thrown)")
            return
        }
        #expect(error.diagnostic.description.contains("error[T005]: not a regular file but a FIFO (named pipe)"), "\(error.diagnostic)")
        #expect(error.diagnostic.notes == ["replace the FIFO (named pipe) named template.json by the template's JSON file"])

        let outside = try TemplateFixture(json: nil)
        let elsewhere = try TemplateFixture()
        defer {
            outside.remove()
            elsewhere.remove()
        }
        try FileManager.default.createSymbolicLink(atPath: outside.templateFile, withDestinationPath: elsewhere.templateFile)
        let linked = Result { try outside.load() }
        guard case .failure(let e2) = linked, let error2 = e2 as? TemplateLoadError else {
            Issue.record("a link out of the folder loaded: \(linked)")
            return
        }
        #expect(error2 == .templateFileOutside(path: outside.templateFile))
        #expect(error2.diagnostic.description.contains("error[T005]: leads outside the template folder"), "\(error2.diagnostic)")
        #expect(error2.diagnostic.notes == ["put the template's JSON file itself in the folder, not a link to a file elsewhere"])
    }

    /// Without a tempo or beats, the beats are found in the music file: times in beats wait for
    /// a file with an error, in one note, instead of failing as if the music had no beats.
    @Test func timesInBeatsWaitForAMissingMusicFileInOneNote() throws {
        let fixture = try TemplateFixture(
            replacing: "{ \"id\": \"opening\", \"accepts\": \"any\", \"duration\": 2.5, \"fit\": \"cover\", \"volume\": 0 },",
            with:
                "{ \"id\": \"opening\", \"duration\": \"4 beats\", \"transition\": { \"kind\": \"crossfade\", \"duration\": \"1 beats\" } }, { \"id\": \"x\", \"duration\": \"2 beats\" },",
            files: [:])
        defer { fixture.remove() }
        let diagnostics = try fixture.load().diagnostics
        #expect(diagnostics.contains { $0.code == .assetMissing }, "\(diagnostics.rendered())")
        #expect(!diagnostics.contains { $0.code == .beatsNeeded }, "\(diagnostics.rendered())")
        let notes = diagnostics.filter { $0.code == .checkSkipped && $0.message.hasPrefix("times written in beats") }
        #expect(notes.count == 1, "\(diagnostics.rendered())")
    }

    /// The music has no beats: a transition in beats is named as written, in the singular for one.
    @Test func aTransitionInBeatsWithoutBeatsIsNamedAsWritten() throws {
        let found = try oneChangeFindings(
            replacing: "\"fit\": \"cover\", \"volume\": 0 }",
            with: "\"fit\": \"cover\", \"volume\": 0, \"transition\": { \"kind\": \"crossfade\", \"duration\": \"1 beats\" } }")
        let message = try #require(found.first { $0.code == .beatsNeeded }?.message, "\(found.rendered())")
        #expect(message == "the transition's duration is 1 beat, but the music has no beats", "\(message)")
        #expect(TemplateTime.beats(RationalTime(seconds: 2)).text == "2 beats")
    }
}
