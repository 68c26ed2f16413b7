import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import DocumentLimits
@testable import EffectCatalog
@testable import TimelineModel

/// Every declared limit a timeline can reach: the canonical timeline with one value at the limit
/// reads, with it just past the limit is refused with the limit's code. Written from `Limits`, as
/// the template cases are, so the test moves with the declaration.
@Suite struct TimelineLimitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let limit: String
        let original: String
        let at: String
        let past: String
        let code: DiagnosticCode
        var testDescription: String { limit }
    }

    static func n(_ x: Double) -> String { Catalog.number(x) }

    static let cases: [Case] = [
        Case(
            // A clip's source start: bounded by its medium's length only, which a read without files does not know.
            limit: "maxTimelineTime", original: "\"start\": \"4.2s\"",
            at: "\"start\": \"\(TimeText.string(from: Limits.maxTimelineTime))\"",
            past: "\"start\": \"\(TimeText.string(from: Limits.maxTimelineTime + RationalTime(value: 1, timescale: 5)))\"", code: .outOfRange),
        Case(
            limit: "maxTimescale", original: "\"sourceStart\": \"1/3s\"", at: "\"sourceStart\": \"1/\(Limits.maxTimescale)s\"",
            past: "\"sourceStart\": \"1/\(Limits.maxTimescale + 1)s\"", code: .outOfRange),
        Case(
            limit: "canvasSide", original: "\"height\": 1920,", at: "\"height\": \(Limits.canvasSide.upperBound),",
            past: "\"height\": \(Limits.canvasSide.upperBound + 2),", code: .canvasSize),
        Case(
            limit: "poseScale", original: "\"scale\": 1.2,", at: "\"scale\": \(n(Limits.poseScale.upperBound)),",
            past: "\"scale\": \(n(Limits.poseScale.upperBound + 0.5)),", code: .outOfRange),
        Case(
            limit: "poseOffset", original: "\"x\": 0.05,", at: "\"x\": \(n(Limits.poseOffset.upperBound)),",
            past: "\"x\": \(n(Limits.poseOffset.upperBound + 0.5)),", code: .outOfRange),
        Case(
            limit: "timelineRotation", original: "\"rotation\": -10,", at: "\"rotation\": \(n(Limits.timelineRotation.lowerBound)),",
            past: "\"rotation\": \(n(Limits.timelineRotation.lowerBound - 1)),", code: .outOfRange),
        Case(
            limit: "layerWidth", original: "\"width\": 0.2,", at: "\"width\": \(n(Limits.layerWidth.upperBound)),",
            past: "\"width\": \(n(Limits.layerWidth.upperBound + 0.5)),", code: .outOfRange),
        Case(
            limit: "position", original: "\"x\": 0.9,", at: "\"x\": \(n(Limits.position.upperBound)),",
            past: "\"x\": \(n(Limits.position.upperBound + 0.5)),", code: .outOfRange),
        Case(
            limit: "fraction", original: "\"opacity\": 0.8,", at: "\"opacity\": \(n(Limits.fraction.upperBound)),",
            past: "\"opacity\": \(n(Limits.fraction.upperBound + 0.01)),", code: .outOfRange),
        Case(
            limit: "rectSide", original: "\"height\": 1,\n        \"width\": 1,",
            at: "\"height\": \(n(Limits.rectSide.lowerBound)),\n        \"width\": 1,",
            past: "\"height\": \(n(Limits.rectSide.lowerBound / 2)),\n        \"width\": 1,", code: .layerRect),
        Case(
            limit: "textMaxWidth", original: "\"maxWidth\": 0.8,", at: "\"maxWidth\": \(n(Limits.textMaxWidth.lowerBound)),",
            past: "\"maxWidth\": \(n(Limits.textMaxWidth.lowerBound / 2)),", code: .outOfRange),
        Case(
            limit: "textLineSpacing", original: "\"lineSpacing\": 1.1,", at: "\"lineSpacing\": \(n(Limits.textLineSpacing.upperBound)),",
            past: "\"lineSpacing\": \(n(Limits.textLineSpacing.upperBound + 0.5)),", code: .outOfRange),
        Case(
            limit: "textSize", original: "\"size\": 96,", at: "\"size\": \(n(Limits.textSize.upperBound)),",
            past: "\"size\": \(n(Limits.textSize.upperBound + 1)),", code: .outOfRange),
        Case(
            limit: "textStroke", original: "\"strokeWidth\": 4", at: "\"strokeWidth\": \(n(Limits.textStroke.upperBound))",
            past: "\"strokeWidth\": \(n(Limits.textStroke.upperBound + 1))", code: .outOfRange),
        Case(
            limit: "textShadowOffset", original: "\"shadowX\": 3,", at: "\"shadowX\": \(n(Limits.textShadowOffset.lowerBound)),",
            past: "\"shadowX\": \(n(Limits.textShadowOffset.lowerBound - 1)),", code: .outOfRange),
        Case(
            limit: "textShadowBlur", original: "\"shadowBlur\": 6,", at: "\"shadowBlur\": \(n(Limits.textShadowBlur.upperBound)),",
            past: "\"shadowBlur\": \(n(Limits.textShadowBlur.upperBound + 1)),", code: .outOfRange),
        Case(
            limit: "textBox", original: "\"boxPadding\": 0,", at: "\"boxPadding\": \(n(Limits.textBox.upperBound)),",
            past: "\"boxPadding\": \(n(Limits.textBox.upperBound + 1)),", code: .outOfRange),
        Case(
            limit: "maxTextLines", original: "\"maxLines\": 2,", at: "\"maxLines\": \(Limits.maxTextLines.upperBound),",
            past: "\"maxLines\": \(Limits.maxTextLines.upperBound + 1),", code: .outOfRange),
        Case(
            limit: "maxLongText", original: "\"text\": \"Lisbon 2026 · 里斯本\",",
            at: "\"text\": \"\(String(repeating: "a", count: Limits.maxLongText))\",",
            past: "\"text\": \"\(String(repeating: "a", count: Limits.maxLongText + 1))\",", code: .textTooLong),
        Case(
            limit: "maxTextScalars", original: "\"text\": \"Lisbon 2026 · 里斯本\",",
            at: "\"text\": \"a\(String(repeating: "\u{301}", count: Limits.maxTextScalars - 1))\",",
            past: "\"text\": \"a\(String(repeating: "\u{301}", count: Limits.maxTextScalars))\",", code: .textTooLong),
        Case(
            limit: "maxShortText", original: "\"source\": \"Postcard\",",
            at: "\"source\": \"\(String(repeating: "s", count: Limits.maxShortText))\",",
            past: "\"source\": \"\(String(repeating: "s", count: Limits.maxShortText + 1))\",", code: .textTooLong),
        Case(
            limit: "volume", original: "\"volume\": 0.25", at: "\"volume\": \(n(Limits.volume.upperBound))",
            past: "\"volume\": \(n(Limits.volume.upperBound + 0.01))", code: .volumeRange),
        Case(
            limit: "duckAmount", original: "\"amount\": \"-12dB\",", at: "\"amount\": \"\(n(Limits.duckAmount.lowerBound))dB\",",
            past: "\"amount\": \"\(n(Limits.duckAmount.lowerBound - 1))dB\",", code: .duckingRange),
        Case(
            limit: "duckThreshold", original: "\"threshold\": \"-45.5dB\"", at: "\"threshold\": \"\(n(Limits.duckThreshold.lowerBound))dB\"",
            past: "\"threshold\": \"\(n(Limits.duckThreshold.lowerBound - 1))dB\"", code: .duckingRange),
        Case(
            limit: "duckTime", original: "\"release\": \"1/3s\",", at: "\"release\": \"\(TimeText.string(from: Limits.duckTime.upperBound))\",",
            past: "\"release\": \"\(TimeText.string(from: Limits.duckTime.upperBound + RationalTime(seconds: 1)))\",", code: .duckingRange),
        Case(
            limit: "crf", original: "\"crf\": 18,", at: "\"crf\": \(Limits.crf.upperBound),", past: "\"crf\": \(Limits.crf.upperBound + 1),",
            code: .outOfRange),
        Case(
            limit: "audioBitrate", original: "\"audioBitrate\": 192000,", at: "\"audioBitrate\": \(Limits.audioBitrate.upperBound),",
            past: "\"audioBitrate\": \(Limits.audioBitrate.upperBound + 1),", code: .outOfRange),
        Case(
            limit: "layerNumbers", original: "\"layer\": 2,", at: "\"layer\": \(Limits.layerNumbers.upperBound),",
            past: "\"layer\": \(Limits.layerNumbers.upperBound + 1),", code: .outOfRange),
        Case(
            limit: "maxKeyframes", original: "\"motion\": [],", at: "\"motion\": [\(poses(Limits.maxKeyframes))],",
            past: "\"motion\": [\(poses(Limits.maxKeyframes + 1))],", code: .tooMany),
        Case(
            limit: "maxFilters", original: "\"filters\": [],", at: "\"filters\": [\(grays(Limits.maxFilters))],",
            past: "\"filters\": [\(grays(Limits.maxFilters + 1))],", code: .tooMany),
        Case(
            limit: "maxCropKeyframes", original: cropList, at: "\"crop\": [\(crops(Limits.maxCropKeyframes))],",
            past: "\"crop\": [\(crops(Limits.maxCropKeyframes + 1))],", code: .tooMany),
        Case(
            limit: "maxAudioClips", original: "\"audio\": [", at: "\"audio\": [\(effects(Limits.maxAudioClips - 1)), ",
            past: "\"audio\": [\(effects(Limits.maxAudioClips)), ", code: .tooMany),
        Case(
            limit: "maxTimelineFileSize", original: "\"source\": \"Postcard\",", at: padded(toBytes: Limits.maxTimelineFileSize),
            past: padded(toBytes: Limits.maxTimelineFileSize + 1), code: .fileTooLarge),
    ]

    /// Poses a hundredth of a second apart, inside the image clip's 1.6 s.
    static func poses(_ count: Int) -> String {
        (0..<count).map { "{ \"time\": \"\(TimeText.string(from: RationalTime(value: Int64($0), timescale: 100)))\", \"scale\": 1 }" }
            .joined(separator: ", ")
    }

    /// The image clip's crop list as the canonical timeline writes it.
    static let cropList: String = {
        let text = TimelineCodecTests.canonical
        guard let start = text.range(of: "\"crop\": ["), let end = text.range(of: "],", range: start.upperBound..<text.endIndex) else { return "" }
        return String(text[start.lowerBound..<end.upperBound])
    }()

    /// Crop keyframes at increasing times inside the image clip's 1.6016 s.
    static func crops(_ count: Int) -> String {
        (0..<count).map { i in
            "{ \"time\": \"\(TimeText.string(from: RationalTime(value: Int64(i) * 16, timescale: Int64(count) * 10)))\", \"x\": 0.5, \"y\": 0.5 }"
        }.joined(separator: ", ")
    }

    /// Sound effects of a second each at the start of the video.
    static func effects(_ count: Int) -> String {
        (0..<count).map { i in
            "{ \"id\": \"fx\(i)\", \"media\": \"/templates/postcard/music/track.m4a\", \"role\": \"effect\", "
                + "\"timelineRange\": { \"duration\": \"1s\", \"start\": \"0s\" }, \"sourceStart\": \"0s\", \"volume\": 1 }"
        }.joined(separator: ", ")
    }

    static func grays(_ count: Int) -> String {
        Array(repeating: "{ \"kind\": \"grayscale\", \"parameters\": { \"strength\": 1 } }", count: count).joined(separator: ", ")
    }

    /// The canonical timeline padded with white space (which JSON allows anywhere) to `bytes` bytes.
    static func padded(toBytes bytes: Int) -> String {
        let original = "\"source\": \"Postcard\","
        let rest = TimelineCodecTests.canonical.utf8.count - original.utf8.count
        return original + String(repeating: " ", count: bytes - rest - original.utf8.count)
    }

    static func read(replacing original: String, with replacement: String) -> [Diagnostic]? {
        let text = TimelineCodecTests.canonical.replacingOccurrences(of: original, with: replacement)
        do {
            _ = try TimelineCodec.decode(text, file: "t.json")
            return nil
        } catch {
            return error.diagnostics
        }
    }

    @Test(arguments: cases)
    func atTheLimitReadsAndPastItIsRefused(_ c: Case) throws {
        #expect(TimelineCodecTests.canonical.contains(c.original), "\(c.limit): \(c.original)")
        if let problems = Self.read(replacing: c.original, with: c.at) {
            Issue.record("at \(c.limit): \(problems.rendered())")
        }
        let refused = Self.read(replacing: c.original, with: c.past) ?? []
        #expect(refused.contains { $0.code == c.code && $0.severity == .error }, "past \(c.limit): \(refused.rendered())")
    }
}
