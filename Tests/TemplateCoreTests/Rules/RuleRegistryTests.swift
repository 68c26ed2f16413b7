import Foundation
import MediaTime
import TemplateFormat
import Testing

@testable import DocumentJSON
@testable import TimelineModel

/// One rule, one code, one fixture at least. Every code the format documents
/// (docs/template-format.md, docs/timeline-format.md) is held to the one place that checks it:
///
/// - a timeline rule of `TimelineRules.all` (one type, one file, one code);
/// - or a template rule of `TemplateRules.all` (the same, for the rules across a template's parts);
/// - else a table naming where it is checked: the values a timeline reader reads one by one
///   (`timelineReadChecks`), the values a template's readers read and the resolver's and captions'
///   findings (`templateReadChecks`).
///
/// Each has a fixture: a case of the rule tables (`TimelineRuleTests.cases`, `MusicMapTests.cases`,
/// `timelineCases` here, `FormatRuleTests.cases`, `TemplateRuleTests.cases`), or a test file that
/// names the code. `withoutFixture` lists those still without one, so that the list only shrinks.
@Suite struct RuleRegistryTests {
    /// A broken timeline: an edit of a base text, the code it must raise, and where.
    struct TimelineCase: Sendable, CustomTestStringConvertible {
        enum Base: Sendable { case canonical, music }
        let base: Base
        let original: String
        let replacement: String
        let code: DiagnosticCode
        let pointer: String
        var testDescription: String { "\(code.rawValue) \(pointer)" }

        var text: String {
            switch base {
            case .canonical: TimelineRuleTests.canonical
            case .music: TimelineCodec.encode(MusicMapTests.sample())
            }
        }
    }

    /// Fixtures of the timeline rules the older tables leave out.
    static let timelineCases: [TimelineCase] = [
        TimelineCase(
            base: .canonical, original: "\"start\": \"7007/3000s\"", replacement: "\"start\": \"2.34s\"", code: .offFrameGrid,
            pointer: "/transitions/0/range"),
        TimelineCase(
            base: .canonical, original: "\"duration\": \"2.002s\"", replacement: "\"duration\": \"2s\"", code: .sourceRange,
            pointer: "/clips/0/sourceRange/duration"),
        TimelineCase(
            base: .canonical, original: "\"start\": \"2.5025s\"\n      },\n      \"width\"",
            replacement: "\"start\": \"3.5s\"\n      },\n      \"width\"", code: .outsideVideo, pointer: "/overlays/0/timelineRange"),
        TimelineCase(
            base: .canonical, original: "\"from\": \"opening\"", replacement: "\"from\": \"nobody\"", code: .transitionJoin,
            pointer: "/transitions/0"),
        TimelineCase(
            base: .canonical, original: "\"role\": \"music\"", replacement: "\"role\": \"voice\"", code: .duckedVoice,
            pointer: "/audio/0/ducking"),
        TimelineCase(
            base: .canonical, original: "\"duration\": \"4.1041s\",\n  \"format\"", replacement: "\"duration\": \"4000s\",\n  \"format\"",
            code: .totalDuration, pointer: "/duration"),
        TimelineCase(
            base: .canonical, original: "\"duration\": \"1001/3000s\"", replacement: "\"duration\": \"1.5015s\"", code: .transitionTooLong,
            pointer: "/transitions/0/range/duration"),
        // Three large prime steps: a source start in 1/999999937 s near the longest time.
        TimelineCase(
            base: .canonical, original: "\"start\": \"4.2s\"", replacement: "\"start\": \"9999989370000631/999999937s\"", code: .outOfRange,
            pointer: "/clips/0/sourceRange"),
        TimelineCase(
            base: .music, original: "\"role\": \"music\"", replacement: "\"role\": \"voice\"", code: .musicRole, pointer: "/music/audio"),
    ]

    @Test(arguments: timelineCases)
    func eachFixtureBreaksItsRule(_ c: TimelineCase) throws {
        let text = c.text
        #expect(text.components(separatedBy: c.original).count == 2, "\(c.original) once in the base")
        do {
            _ = try TimelineCodec.decode(text.replacingOccurrences(of: c.original, with: c.replacement), file: "t.json")
            Issue.record("read \(c.replacement)")
        } catch {
            #expect(error.diagnostics.contains { $0.code == c.code && $0.location.path?.pointer == c.pointer }, "\(error.diagnostics.rendered())")
        }
    }

    /// The codes some timeline fixture raises.
    static var timelineFixtureCodes: Set<DiagnosticCode> {
        Set(TimelineRuleTests.cases.map { $0.2 } + timelineCases.map(\.code) + (MusicMapTests.cases.isEmpty ? [] : [.musicMap]))
    }

    @Test func everyTimelineRuleHasItsOwnCodeAndAFixture() {
        let codes = TimelineRules.all.map { $0.code }
        #expect(Set(codes).count == codes.count, "two rules share a code: \(codes)")
        for rule in TimelineRules.all {
            #expect(!rule.groups.isEmpty, "\(rule) checks nothing")
            #expect(Self.timelineFixtureCodes.contains(rule.code), "\(rule) (\(rule.code.rawValue)) has no fixture")
        }
        // Every group is checked by some rule.
        for group in TimelineRuleGroup.allCases {
            #expect(!TimelineRules.checking(group).isEmpty, "\(group) has no rule")
        }
    }

    /// The codes of a format document's tables of codes (`| T053 | ...`, `| T013, T050 | ...`).
    static func documentedCodes(_ file: String) throws -> [DiagnosticCode] {
        var found: [DiagnosticCode] = []
        for line in try RepositoryFiles.text(file).split(separator: "\n") where line.hasPrefix("| ") {
            let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let codes = cell.components(separatedBy: ", ").compactMap(DiagnosticCode.init(rawValue:))
            guard !codes.isEmpty, codes.count == cell.components(separatedBy: ", ").count else { continue }
            for code in codes where !found.contains(code) { found.append(code) }
        }
        return found
    }

    /// Whether the test file at `path` names `code` (its case or its raw value).
    static func names(_ path: String, _ code: DiagnosticCode) throws -> Bool {
        let text = try RepositoryFiles.text(path)
        return text.contains(code.rawValue) || text.contains(".\(code)")
    }

    @Test func everyTimelineCodeHasOneRuleOrOnePlaceItIsRead() throws {
        let codes = try Self.documentedCodes("docs/timeline-format.md")
        #expect(codes.count > 30, "\(codes)")
        for code in codes {
            let rules = TimelineRules.all.filter { $0.code == code }
            #expect(rules.count <= 1, "\(code.rawValue): \(rules)")
            guard rules.isEmpty else { continue }
            guard let read = Self.timelineReadChecks[code] else {
                Issue.record("\(code.rawValue) is documented in docs/timeline-format.md but no rule or reader checks it")
                continue
            }
            #expect(try RepositoryFiles.text(read.checkedIn).contains(".\(code)"), "\(read.checkedIn) does not check \(code.rawValue)")
            if let fixture = read.fixture {
                #expect(try Self.names(fixture, code), "\(fixture) has no fixture of \(code.rawValue)")
            } else {
                #expect(Self.withoutFixture.contains(code), "\(code.rawValue) has no fixture")
            }
        }
    }

    /// The codes some template fixture raises: the cases of the rule tables.
    static var templateFixtureCodes: Set<DiagnosticCode> {
        Set(FormatRuleTests.cases.map(\.code) + TemplateRuleTests.cases.map(\.code))
    }

    @Test func everyTemplateRuleHasItsOwnCodeAndAFixture() throws {
        let codes = TemplateRules.all.map { $0.code }
        #expect(Set(codes).count == codes.count, "two template rules share a code: \(codes)")
        for rule in TemplateRules.all {
            if Self.templateFixtureCodes.contains(rule.code) { continue }
            guard let fixture = Self.templateRuleFixtures[rule.code] else {
                Issue.record("\(rule) (\(rule.code.rawValue)) has no fixture")
                continue
            }
            #expect(try Self.names(fixture, rule.code), "\(fixture) has no fixture of \(rule.code.rawValue)")
        }
        // Every part some rule checks has items the rules can be run on.
        #expect(Set(TemplateRules.all.map { $0.part }) == Set(TemplatePart.allCases), "a part no rule checks")
    }

    /// Every template code is a rule's of `TemplateRules.all`, or is checked as its value is read
    /// (`templateReadChecks`), and has a fixture.
    @Test func everyTemplateCodeHasOneRuleOrOnePlaceItIsRead() throws {
        let codes = try Self.documentedCodes("docs/template-format.md")
        #expect(codes.count > 60, "\(codes)")
        for code in codes {
            let rules = TemplateRules.all.filter { $0.code == code }
            #expect(rules.count <= 1, "\(code.rawValue): \(rules)")
            guard rules.isEmpty else { continue }
            guard let check = Self.templateReadChecks[code] else {
                Issue.record("\(code.rawValue) is documented in docs/template-format.md but no rule or reader checks it")
                continue
            }
            #expect(try RepositoryFiles.text(check.checkedIn).contains(".\(code)"), "\(check.checkedIn) does not check \(code.rawValue)")
            if Self.templateFixtureCodes.contains(code) { continue }
            if let fixture = check.fixture {
                #expect(try Self.names(fixture, code), "\(fixture) has no fixture of \(code.rawValue)")
            } else {
                #expect(Self.withoutFixture.contains(code), "\(code.rawValue) has no fixture")
            }
        }
    }

    /// Fixtures of template rules that no rule table holds.
    static let templateRuleFixtures: [DiagnosticCode: String] = [
        .musicShort: "Tests/TemplateCoreTests/Template/AssetInspectorTests.swift",
        .soundPastEnd: "Tests/TemplateCoreTests/Template/TemplateSoundTests.swift",
    ]

    /// Documented codes no test raises yet: fixtures to write.
    static let withoutFixture: Set<DiagnosticCode> = []

    /// Where each template, resolver and caption code no template rule has is checked (the reader
    /// of the part whose value it is, the first place when several are), and a test file holding a
    /// fixture when no rule table does.
    static let templateReadChecks: [DiagnosticCode: (checkedIn: String, fixture: String?)] = [
        .jsonSyntax: ("Sources/TemplateFormat/Loading/TemplateLoader.swift", "Tests/TemplateCoreTests/Template/TemplateRuleTests.swift"),
        .fileTooLarge: ("Sources/TemplateFormat/Loading/TemplateLoader.swift", "Tests/TemplateCoreTests/Limits/LimitsTests.swift"),
        .nestingTooDeep: ("Sources/TemplateFormat/Loading/TemplateLoader.swift", "Tests/TemplateCoreTests/Limits/LimitsTests.swift"),
        .duplicateKey: ("Sources/TemplateFormat/Decoding/TemplateDecoder.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .templateUnreadable: ("Sources/TemplateFormat/Loading/TemplateLoadError.swift", "Tests/ReelCLITests/ValidateCommandTests.swift"),
        .unsupportedFormat: ("Sources/TemplateFormat/Decoding/TemplateDecoder.swift", nil),
        .missingKey: ("Sources/TemplateFormat/Decoding/DecodingContext.swift", nil),
        .wrongType: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .unknownKey: ("Sources/TemplateFormat/Decoding/DecodingContext.swift", nil),
        .unknownChoice: ("Sources/TemplateFormat/Decoding/DecodingContext.swift", nil),
        .outOfRange: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .tooMany: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .textTooLong: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .conflictingKeys: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Canvas.swift", nil),
        .canvasSize: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Canvas.swift", nil),
        .frameRate: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Canvas.swift", nil),
        .backgroundColor: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .slotCount: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Slots.swift", "Tests/TemplateCoreTests/Limits/LimitsTests.swift"),
        .emptySlotID: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Slots.swift", nil),
        .duplicateSlotID: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Slots.swift", nil),
        .timeSyntax: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .slotDuration: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Slots.swift", nil),
        .totalDuration: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Slots.swift", "Tests/TemplateCoreTests/LibraryCoverageTests.swift"),
        .volumeRange: ("Sources/TemplateFormat/Decoding/DecodingContext.swift", nil),
        .musicTime: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Music.swift", nil),
        .emptyText: ("Sources/TemplateFormat/Decoding/DecodingContext+Values.swift", nil),
        .pathHoldsNUL: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", "Tests/ReelCLITests/BatchOutputPlaceTests.swift"),
        .assetPathOutside: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", nil),
        .assetMissing: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", nil),
        .assetNotRegularFile: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", nil),
        .assetUnreadable: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", "Tests/ReelCLITests/TextFontCommandTests.swift"),
        .lutSyntax: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Assets.swift", nil),
        .beatsNeeded: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Times.swift", nil),
        .beatOrder: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Music.swift", nil),
        .beatsFound: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Music.swift", "Tests/ReelCLITests/BeatsCommandTests.swift"),
        .parameterRange: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Effects.swift", nil),
        .notAnimatable: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Effects.swift", nil),
        .keyframeOrder: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Keyframes.swift", nil),
        .layerRect: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Layers.swift", nil),
        .placeholderKey: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Text.swift", nil),
        .fontNotInstalled: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Fonts.swift", "Tests/ReelCLITests/TextFontCommandTests.swift"),
        .glyphMissing: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Fonts.swift", "Tests/ReelCLITests/CaptionCommandTests.swift"),
        .checkSkipped: (
            "Sources/TemplateFormat/Decoding/TemplateDecoder+Times.swift", "Tests/TemplateCoreTests/Template/IndependentProblemTests.swift"
        ),
        .duckingRange: ("Sources/TemplateFormat/Decoding/TemplateDecoder+Sounds.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .kindFallback: ("Sources/TemplateResolver/Resolver.swift", "Tests/TemplateCoreTests/Resolver/ResolverSnapshotTests.swift"),
        .videoTooShort: ("Sources/TemplateResolver/Resolver.swift", "Tests/TemplateCoreTests/Resolver/ResolverSnapshotTests.swift"),
        .mediaLeftOut: ("Sources/TemplateResolver/Resolver.swift", "Tests/ReelCLITests/ResolveCommandTests.swift"),
        .videoSlowed: ("Sources/TemplateResolver/Resolver.swift", "Tests/TemplateCoreTests/Diagnostics/DiagnosticTests.swift"),
        .slotTooShort: ("Sources/TemplateResolver/Resolver.swift", "Tests/TemplateCoreTests/Resolver/ResolverTests.swift"),
        .transitionShortened: ("Sources/TemplateResolver/TransitionPlacement.swift", "Tests/TemplateCoreTests/Resolver/ResolverSnapshotTests.swift"),
        .songWithoutBeats: ("Sources/ReelKit/Pipeline+Song.swift", "Tests/ReelCLITests/SongMusicTests.swift"),
        .captionSyntax: ("Sources/Captions/CaptionParser.swift", "Tests/TemplateCoreTests/Captions/CaptionParserTests.swift"),
        .captionTime: ("Sources/Captions/CaptionParser.swift", "Tests/ReelCLITests/CaptionCommandTests.swift"),
        .captionOrder: ("Sources/Captions/CaptionParser.swift", "Tests/TemplateCoreTests/Captions/CaptionParserTests.swift"),
        .captionEmpty: ("Sources/Captions/CaptionParser.swift", "Tests/TemplateCoreTests/Captions/CaptionParserTests.swift"),
        .captionOverlap: ("Sources/Captions/CueOverlaps.swift", "Tests/TemplateCoreTests/Captions/CaptionParserTests.swift"),
        .captionPastEnd: ("Sources/TemplateResolver/CaptionMapping.swift", "Tests/ReelCLITests/CaptionCommandTests.swift"),
        .captionTooMany: ("Sources/Captions/CaptionParser.swift", "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift"),
        .captionWordTimes: ("Sources/Captions/CaptionTrack+Words.swift", "Tests/TemplateCoreTests/Captions/CaptionParserTests.swift"),
        .captionShort: ("Sources/TemplateResolver/CaptionMapping.swift", "Tests/TemplateCoreTests/Captions/CaptionMappingTests.swift"),
    ]
    /// Where each timeline code no rule of `TimelineRules.all` has is checked: a value as it is
    /// read (`TimelineDecoder`, `TimelineReader`), or a file (`TimelineFileCheck`).
    static let timelineReadChecks: [DiagnosticCode: (checkedIn: String, fixture: String?)] = [
        .unknownChoice: ("Sources/TimelineModel/Timeline/TimelineDecoder+Layers.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .unknownKey: ("Sources/TimelineModel/Timeline/TimelineDecoder+Catalog.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .parameterRange: ("Sources/TimelineModel/Timeline/TimelineDecoder+Catalog.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .notAnimatable: ("Sources/TimelineModel/Timeline/TimelineDecoder+Catalog.swift", "Tests/TemplateCoreTests/Template/FormatRuleTests.swift"),
        .missingKey: ("Sources/TimelineModel/Timeline/TimelineDecoder+Catalog.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .tooMany: ("Sources/TimelineModel/Timeline/TimelineDecoder+Catalog.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .textTooLong: ("Sources/TimelineModel/Timeline/TimelineReader.swift", "Tests/ReelCLITests/CaptionCommandTests.swift"),
        .canvasSize: ("Sources/TimelineModel/Timeline/TimelineDecoder.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .frameRate: ("Sources/TimelineModel/Timeline/TimelineDecoder.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .volumeRange: ("Sources/TimelineModel/Timeline/TimelineReader.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .layerRect: ("Sources/TimelineModel/Timeline/TimelineDecoder+Layers.swift", "Tests/TemplateCoreTests/Limits/TimelineLimitsTests.swift"),
        .rulesSkipped: ("Sources/TimelineModel/Timeline/TimelineDecoder.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .duplicateKey: ("Sources/TimelineModel/Timeline/TimelineDecoder.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .wrongType: ("Sources/TimelineModel/Timeline/TimelineDecoder+Music.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .jsonSyntax: ("Sources/TimelineModel/Timeline/TimelineCodec.swift", "Tests/TemplateCoreTests/Template/TemplateRuleTests.swift"),
        .timelineUnreadable: ("Sources/TimelineModel/Timeline/TimelineCodec.swift", "Tests/TemplateCoreTests/Timeline/TimelineCodecTests.swift"),
        .mediaMissing: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/EditJournalTests.swift"),
        .mediaKind: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .cropCentre: ("Sources/TimelineModel/Timeline/TimelineDecoder+Layers.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
        .templateFileOutside: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TemplateFolderTests.swift"),
        .templateFolder: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TemplateFolderTests.swift"),
        .soundUnreadable: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineFileKindTests.swift"),
        .pictureUnreadable: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineFileKindTests.swift"),
        .fontUnreadable: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineFileKindTests.swift"),
        .lutUnreadable: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineFileKindTests.swift"),
        .fontNotInstalled: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TextFontCommandTests.swift"),
        .transitionHandles: ("Sources/MediaFacts/TimelineMediaCheck.swift", "Tests/ReelCLITests/TimelineRulesTests.swift"),
    ]
}
