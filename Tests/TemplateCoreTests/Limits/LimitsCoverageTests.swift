import Foundation
import MediaTime
import Testing

@testable import Captions
@testable import DocumentLimits
@testable import EffectCatalog
@testable import TimelineModel

/// Every declaration of `Limits` is exercised at and past its bound by a test written from the
/// declaration: a template case (`LimitsTests`), a timeline case (`TimelineLimitsTests`), or a test
/// of the one reader that enforces it (named here, and checked to read the declaration). A limit
/// added without such a test fails here, so "declared once, enforced everywhere" stays checked.
@Suite struct LimitsCoverageTests {
    /// Limits enforced by one reader of their own, with the test file that checks them there.
    static let elsewhere: [String: String] = [
        "clipSpeed": "Tests/TemplateCoreTests/Limits/LimitsTests.swift",
        "maxClips": "Tests/TemplateCoreTests/Limits/LimitsTests.swift",
        "maxTexts": "Tests/TemplateCoreTests/Limits/LimitsTests.swift",
        "duck": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "maxCaptionCues": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "maxCaptionWords": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "maxCueWords": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "maxCaptionFileSize": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "maxLUTFileSize": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "defaultCaptionLines": "Tests/TemplateCoreTests/Limits/LimitsCoverageTests.swift",
        "videoBitrate": "Tests/ReelKitTests/OptionLimitsTests.swift",
        "animatedPreviewSide": "Tests/MediaIOTests/AnimatedPreviewLimitTests.swift",
        "batchJobs": "Tests/FileAccessTests/AtomicFileTests.swift",
        "maxLimiting": "Tests/RenderCoreTests/LoudnessTests.swift",
        "maxEditWait": "Tests/ReelCLITests/EditJournalTests.swift",
        "maxSourceTicks": "Tests/TemplateCoreTests/Timeline/ExtremeTimeFuzzTests.swift",
    ]

    /// The names `Limits` declares, read from its source.
    static func declared() throws -> [String] {
        let source = try RepositoryFiles.text("Sources/DocumentLimits/Limits.swift")
        let regex = try NSRegularExpression(pattern: #"(?:public|package) static let (\w+)"#)
        return regex.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap { m in
            Range(m.range(at: 1), in: source).map { String(source[$0]) }
        }
    }

    static func name(_ limit: String) -> String { String(limit.prefix { $0 != " " }) }

    @Test func everyDeclaredLimitHasATestAtAndPastItsBound() throws {
        let names = try Self.declared()
        #expect(names.count > 50, "read \(names.count) declarations")
        let covered = Set(LimitsTests.cases.map { Self.name($0.limit) } + TimelineLimitsTests.cases.map { Self.name($0.limit) })
        for name in names where !covered.contains(name) {
            guard let file = Self.elsewhere[name] else {
                Issue.record("Limits.\(name) has no test at and past its bound: add a case to LimitsTests or TimelineLimitsTests")
                continue
            }
            let text = try RepositoryFiles.text(file)
            #expect(text.contains("Limits.\(name)"), "\(file) does not read Limits.\(name)")
        }
        for name in Self.elsewhere.keys { #expect(names.contains(name), "Limits.\(name) is not declared") }
    }

    /// Music written before signal-driven ducking (`"duck"`, a gain) is read within `Limits.duck`.
    @Test func aLegacyDuckGainIsReadWithinItsRange() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json")
        #expect(text.contains("\"duck\": 0.35"))
        let at = text.replacingOccurrences(of: "\"duck\": 0.35", with: "\"duck\": \(Catalog.number(Limits.duck.upperBound))")
        #expect(throws: Never.self) { _ = try TimelineCodec.decode(at) }
        let past = text.replacingOccurrences(of: "\"duck\": 0.35", with: "\"duck\": \(Catalog.number(Limits.duck.upperBound + 0.01))")
        do {
            _ = try TimelineCodec.decode(past)
            Issue.record("read a duck gain past its range")
        } catch {
            #expect(error.codes.contains(.volumeRange), "\(error)")
        }
    }

    static func srt(cues: Int, wordsEach: Int) -> String {
        (0..<cues).map { i in
            let words = (0..<wordsEach).map { _ in "w" }.joined(separator: " ")
            return "\(i + 1)\n\(clock(i)) --> \(clock(i + 1))\n\(words)\n"
        }.joined(separator: "\n")
    }

    static func clock(_ second: Int) -> String {
        String(format: "%02d:%02d:%02d,000", second / 3600, second / 60 % 60, second % 60)
    }

    static func tooMany(_ track: CaptionTrack) -> Bool { track.diagnostics.contains { $0.code == .captionTooMany } }

    @Test func captionCuesAndWordsAreKeptUpToTheirLimits() {
        let atCues = CaptionParser.parse(Self.srt(cues: Limits.maxCaptionCues, wordsEach: 1), file: "c.srt")
        #expect(atCues.cues.count == Limits.maxCaptionCues && !Self.tooMany(atCues))
        let pastCues = CaptionParser.parse(Self.srt(cues: Limits.maxCaptionCues + 1, wordsEach: 1), file: "c.srt")
        #expect(pastCues.cues.count == Limits.maxCaptionCues && Self.tooMany(pastCues))

        let perCue = Limits.maxCueWords
        let atWords = CaptionParser.parse(Self.srt(cues: Limits.maxCaptionWords / perCue, wordsEach: perCue), file: "c.srt")
        #expect(atWords.cues.count == Limits.maxCaptionWords / perCue && !Self.tooMany(atWords))
        let pastWords = CaptionParser.parse(Self.srt(cues: Limits.maxCaptionWords / perCue + 1, wordsEach: perCue), file: "c.srt")
        #expect(pastWords.cues.count == Limits.maxCaptionWords / perCue && Self.tooMany(pastWords))

        let atCue = CaptionParser.parse(Self.srt(cues: 1, wordsEach: Limits.maxCueWords), file: "c.srt")
        #expect(atCue.cues.first?.words.count == Limits.maxCueWords && !Self.tooMany(atCue))
        let pastCue = CaptionParser.parse(Self.srt(cues: 1, wordsEach: Limits.maxCueWords + 1), file: "c.srt")
        #expect(pastCue.cues.first?.words.count == Limits.maxCueWords && Self.tooMany(pastCue))
        #expect(Limits.captionLines.contains(Limits.defaultCaptionLines))
    }

    /// A template's caption file and LUT are read up to their size limits and refused past them,
    /// before they are parsed.
    @Test(arguments: [
        ("captions", "talk.srt", Limits.maxCaptionFileSize),
        ("lut", "look.cube", Limits.maxLUTFileSize),
    ])
    func assetFilesAreReadUpToTheirSizeLimit(kind: String, file: String, limit: Int) throws {
        func messages(size: Int) throws -> [String] {
            let layer =
                kind == "captions"
                ? "\"layers\": [{ \"id\": \"c\", \"kind\": \"captions\", \"file\": \"\(file)\" }], \"slots\": ["
                : "\"grade\": [{ \"kind\": \"lut\", \"file\": \"\(file)\" }], \"slots\": ["
            let fixture = try TemplateFixture(replacing: "\"slots\": [", with: layer)
            defer { fixture.remove() }
            let handle = try #require(
                FileHandle(forWritingAtPath: fixture.folder + "/" + file)
                    ?? {
                        FileManager.default.createFile(atPath: fixture.folder + "/" + file, contents: nil)
                        return FileHandle(forWritingAtPath: fixture.folder + "/" + file)
                    }())
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
            return try fixture.load().diagnostics.map(\.message)
        }
        let mib = "\(limit >> 20) MiB"
        #expect(try !messages(size: limit).contains { $0.contains("larger than") || $0.contains(mib) })
        #expect(try messages(size: limit + 1).contains { $0.contains("larger than") || $0.contains(mib) })
    }
}
