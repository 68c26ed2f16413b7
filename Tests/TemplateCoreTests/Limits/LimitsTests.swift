import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import DocumentLimits
@testable import EffectCatalog
@testable import TimelineModel

/// Every declared limit a template can reach: a template at the limit validates, one just past it
/// is refused with the limit's code. The templates are written from `Limits`, so a limit changed
/// in its one declaration moves the test with it.
@Suite struct LimitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let limit: String
        let original: String
        /// The replacement at the limit, and just past it.
        let at: String
        let past: String
        let code: DiagnosticCode
        var testDescription: String { limit }
    }

    static func slots(_ count: Int, duration: String = "1") -> String {
        (0..<count).map { "{ \"id\": \"s\($0)\", \"duration\": \(duration) }" }.joined(separator: ", ")
    }

    static func textLayer(_ keys: String) -> String {
        "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \(keys) }], \"slots\": ["
    }

    static let slotsKey = "\"slots\": ["
    static let firstSlot = "{ \"id\": \"opening\", \"accepts\": \"any\", \"duration\": 2.5, \"fit\": \"cover\", \"volume\": 0 }"
    static let side = Limits.canvasSide
    static let longest = TimeText.string(from: Limits.maxSlotDuration).dropLast()

    static let cases: [Case] = [
        Case(
            limit: "canvasSide (largest)", original: "\"width\": 1080", at: "\"width\": \(side.upperBound)",
            past: "\"width\": \(side.upperBound + 2)", code: .canvasSize),
        Case(
            limit: "canvasSide (smallest)", original: "\"height\": 1920", at: "\"height\": \(side.lowerBound)",
            past: "\"height\": \(side.lowerBound - 2)", code: .canvasSize),
        Case(
            limit: "maxFrameRate", original: "\"frameRate\": \"30\"", at: "\"frameRate\": \"\(TimeText.ratioString(from: Limits.maxFrameRate))\"",
            past: "\"frameRate\": \"\(TimeText.ratioString(from: Limits.maxFrameRate + RationalTime(seconds: 1)))\"", code: .frameRate),
        Case(
            limit: "minFrameRate", original: "\"frameRate\": \"30\"", at: "\"frameRate\": \"\(TimeText.ratioString(from: Limits.minFrameRate))\"",
            past: "\"frameRate\": \"\(TimeText.ratioString(from: Limits.minFrameRate * RationalTime(value: 999, timescale: 1000)))\"",
            code: .frameRate),
        Case(
            limit: "slotCount", original: "\"slots\": [", at: "\"slots\": [\(slots(Limits.slotCount.upperBound - 2)), ",
            past: "\"slots\": [\(slots(Limits.slotCount.upperBound - 1)), ", code: .slotCount),
        Case(
            limit: "maxSlotDuration", original: "\"duration\": 2.5,", at: "\"duration\": \(longest),", past: "\"duration\": \(longest).01,",
            code: .slotDuration),
        Case(
            limit: "maxTotalDuration", original: slotsKey,
            at:
                "\"slots\": [\(slots(5, duration: String(longest))), { \"id\": \"last\", \"duration\": \"\(TimeText.string(from: Limits.maxSlotDuration - RationalTime(value: 41, timescale: 10)).dropLast())\" }, ",
            past: "\"slots\": [\(slots(6, duration: String(longest))), ", code: .totalDuration),
        Case(
            limit: "volume", original: "\"fit\": \"cover\", \"volume\": 0",
            at: "\"fit\": \"cover\", \"volume\": \(Catalog.number(Limits.volume.upperBound))",
            past: "\"fit\": \"cover\", \"volume\": \(Catalog.number(Limits.volume.upperBound + 0.01))", code: .volumeRange),
        Case(
            limit: "speed", original: "\"fit\": \"cover\",", at: "\"fit\": \"cover\", \"speed\": \(Catalog.number(Limits.speed.upperBound)),",
            past: "\"fit\": \"cover\", \"speed\": \(Catalog.number(Limits.speed.upperBound + 0.01)),", code: .outOfRange),
        Case(
            limit: "textSize (largest)", original: slotsKey, at: textLayer("\"size\": \(Catalog.number(Limits.textSize.upperBound))"),
            past: textLayer("\"size\": \(Catalog.number(Limits.textSize.upperBound + 0.5))"), code: .outOfRange),
        Case(
            limit: "textSize (smallest)", original: slotsKey, at: textLayer("\"size\": \(Catalog.number(Limits.textSize.lowerBound))"),
            past: textLayer("\"size\": \(Catalog.number(Limits.textSize.lowerBound - 0.5))"), code: .outOfRange),
        Case(
            limit: "maxTextLines", original: slotsKey, at: textLayer("\"maxLines\": \(Limits.maxTextLines.upperBound)"),
            past: textLayer("\"maxLines\": \(Limits.maxTextLines.upperBound + 1)"), code: .outOfRange),
        Case(
            limit: "maxLongText (text)", original: slotsKey,
            at:
                "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"maxLines\": 50, \"text\": \"\(String(repeating: "a ", count: Limits.maxLongText / 2))\" }], \"slots\": [",
            past:
                "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"maxLines\": 50, \"text\": \"\(String(repeating: "a ", count: Limits.maxLongText / 2))a\" }], \"slots\": [",
            code: .textTooLong),
        Case(
            limit: "maxShortText (name)", original: "\"name\": \"Postcard\"",
            at: "\"name\": \"\(String(repeating: "n", count: Limits.maxShortText))\"",
            past: "\"name\": \"\(String(repeating: "n", count: Limits.maxShortText + 1))\"", code: .textTooLong),
        Case(
            limit: "maxLayers", original: slotsKey,
            at:
                "\"layers\": [\((0..<Limits.maxLayers).map { "{ \"id\": \"l\($0)\", \"kind\": \"text\", \"text\": \"x\" }" }.joined(separator: ", "))], \"slots\": [",
            past:
                "\"layers\": [\((0...Limits.maxLayers).map { "{ \"id\": \"l\($0)\", \"kind\": \"text\", \"text\": \"x\" }" }.joined(separator: ", "))], \"slots\": [",
            code: .tooMany),
        Case(
            limit: "maxFilters", original: "\"fit\": \"cover\",",
            at: "\"fit\": \"cover\", \"filters\": [\(Array(repeating: "\"grayscale\"", count: Limits.maxFilters).joined(separator: ", "))],",
            past: "\"fit\": \"cover\", \"filters\": [\(Array(repeating: "\"grayscale\"", count: Limits.maxFilters + 1).joined(separator: ", "))],",
            code: .tooMany),
        Case(
            limit: "maxTags", original: "\"name\": \"Postcard\",",
            at: "\"name\": \"Postcard\", \"tags\": [\((0..<Limits.maxTags).map { "\"t\($0)\"" }.joined(separator: ", "))],",
            past: "\"name\": \"Postcard\", \"tags\": [\((0...Limits.maxTags).map { "\"t\($0)\"" }.joined(separator: ", "))],", code: .tooMany),
        Case(
            limit: "maxMusicStart", original: "\"start\": 0,", at: "\"start\": \(TimeText.string(from: Limits.maxMusicStart).dropLast()),",
            past: "\"start\": \(TimeText.string(from: Limits.maxMusicStart).dropLast()).5,", code: .musicTime),
        Case(
            limit: "maxFade", original: "\"fadeOut\": 1.5", at: "\"fadeOut\": \(TimeText.string(from: Limits.maxFade).dropLast())",
            past: "\"fadeOut\": \(TimeText.string(from: Limits.maxFade).dropLast()).5", code: .musicTime),
        Case(
            limit: "tempo", original: "\"fadeOut\": 1.5",
            at: "\"fadeOut\": 1.5, \"tempo\": \(Catalog.number(Limits.tempo.upperBound)), \"firstBeat\": 0",
            past: "\"fadeOut\": 1.5, \"tempo\": \(Catalog.number(Limits.tempo.upperBound + 1)), \"firstBeat\": 0", code: .outOfRange),
        Case(
            limit: "speed (slowest)", original: "\"fit\": \"cover\",",
            at: "\"fit\": \"cover\", \"speed\": \(Catalog.number(Limits.speed.lowerBound)),",
            past: "\"fit\": \"cover\", \"speed\": \(Catalog.number(Limits.speed.lowerBound - 0.01)),", code: .outOfRange),
        Case(
            limit: "minSpeed", original: "\"fit\": \"cover\",",
            at: "\"fit\": \"cover\", \"minSpeed\": \(Catalog.number(Limits.minSpeed.lowerBound)),",
            past: "\"fit\": \"cover\", \"minSpeed\": \(Catalog.number(Limits.minSpeed.lowerBound - 0.01)),", code: .outOfRange),
        Case(
            limit: "position", original: slotsKey, at: textLayer("\"x\": \(Catalog.number(Limits.position.upperBound))"),
            past: textLayer("\"x\": \(Catalog.number(Limits.position.upperBound + 0.01))"), code: .outOfRange),
        Case(
            limit: "fraction (opacity)", original: slotsKey, at: textLayer("\"opacity\": \(Catalog.number(Limits.fraction.upperBound))"),
            past: textLayer("\"opacity\": \(Catalog.number(Limits.fraction.upperBound + 0.01))"), code: .outOfRange),
        Case(
            limit: "textMaxWidth", original: slotsKey, at: textLayer("\"maxWidth\": \(Catalog.number(Limits.textMaxWidth.lowerBound))"),
            past: textLayer("\"maxWidth\": \(Catalog.number(Limits.textMaxWidth.lowerBound - 0.01))"), code: .outOfRange),
        Case(
            limit: "textLineSpacing", original: slotsKey, at: textLayer("\"lineSpacing\": \(Catalog.number(Limits.textLineSpacing.upperBound))"),
            past: textLayer("\"lineSpacing\": \(Catalog.number(Limits.textLineSpacing.upperBound + 0.01))"), code: .outOfRange),
        Case(
            limit: "textStroke", original: slotsKey,
            at: textLayer("\"stroke\": { \"color\": \"#000000\", \"width\": \(Catalog.number(Limits.textStroke.upperBound)) }"),
            past: textLayer("\"stroke\": { \"color\": \"#000000\", \"width\": \(Catalog.number(Limits.textStroke.upperBound + 0.5)) }"),
            code: .outOfRange),
        Case(
            limit: "textShadowOffset", original: slotsKey,
            at: textLayer("\"shadow\": { \"x\": \(Catalog.number(Limits.textShadowOffset.lowerBound)) }"),
            past: textLayer("\"shadow\": { \"x\": \(Catalog.number(Limits.textShadowOffset.lowerBound - 1)) }"), code: .outOfRange),
        Case(
            limit: "textShadowBlur", original: slotsKey,
            at: textLayer("\"shadow\": { \"blur\": \(Catalog.number(Limits.textShadowBlur.upperBound)) }"),
            past: textLayer("\"shadow\": { \"blur\": \(Catalog.number(Limits.textShadowBlur.upperBound + 1)) }"), code: .outOfRange),
        Case(
            limit: "textBox", original: slotsKey,
            at: textLayer("\"box\": { \"color\": \"#00000066\", \"padding\": \(Catalog.number(Limits.textBox.upperBound)) }"),
            past: textLayer("\"box\": { \"color\": \"#00000066\", \"padding\": \(Catalog.number(Limits.textBox.upperBound + 1)) }"), code: .outOfRange
        ),
        Case(
            limit: "maxKeyLength", original: slotsKey, at: textLayer("\"key\": \"k\(String(repeating: "e", count: Limits.maxKeyLength - 1))\""),
            past: textLayer("\"key\": \"k\(String(repeating: "e", count: Limits.maxKeyLength))\""), code: .textTooLong),
        Case(
            limit: "maxTextScalars", original: slotsKey,
            at:
                "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"a\(String(repeating: "\u{301}", count: Limits.maxTextScalars - 1))\" }], \"slots\": [",
            past:
                "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"a\(String(repeating: "\u{301}", count: Limits.maxTextScalars))\" }], \"slots\": [",
            code: .textTooLong),
        Case(
            limit: "poseScale", original: "\"fit\": \"cover\",", at: pose("\"scale\": \(Catalog.number(Limits.poseScale.upperBound))"),
            past: pose("\"scale\": \(Catalog.number(Limits.poseScale.upperBound + 0.5))"), code: .outOfRange),
        Case(
            limit: "poseOffset", original: "\"fit\": \"cover\",", at: pose("\"x\": \(Catalog.number(Limits.poseOffset.lowerBound))"),
            past: pose("\"x\": \(Catalog.number(Limits.poseOffset.lowerBound - 0.5))"), code: .outOfRange),
        Case(
            limit: "rotation", original: "\"fit\": \"cover\",", at: pose("\"rotation\": \(Catalog.number(Limits.rotation.upperBound))"),
            past: pose("\"rotation\": \(Catalog.number(Limits.rotation.upperBound + 1))"), code: .outOfRange),
        Case(
            limit: "maxKeyframes", original: "\"fit\": \"cover\",", at: keyframes(Limits.maxKeyframes), past: keyframes(Limits.maxKeyframes + 1),
            code: .tooMany),
        Case(
            limit: "maxTransition", original: slotsKey, at: longSlots(transition: Limits.maxTransition),
            past: longSlots(transition: Limits.maxTransition + RationalTime(value: 1, timescale: 2)), code: .outOfRange),
        Case(
            limit: "maxAnimation", original: slotsKey, at: animatedText(Limits.maxAnimation),
            past: animatedText(Limits.maxAnimation + RationalTime(value: 1, timescale: 2)), code: .outOfRange),
        Case(
            limit: "duckAmount", original: "\"name\": \"Postcard\",",
            at: ducking("\"amount\": \"\(Catalog.number(Limits.duckAmount.lowerBound))dB\""),
            past: ducking("\"amount\": \"\(Catalog.number(Limits.duckAmount.lowerBound - 1))dB\""), code: .duckingRange),
        Case(
            limit: "duckThreshold", original: "\"name\": \"Postcard\",",
            at: ducking("\"threshold\": \"\(Catalog.number(Limits.duckThreshold.lowerBound))dB\""),
            past: ducking("\"threshold\": \"\(Catalog.number(Limits.duckThreshold.lowerBound - 1))dB\""), code: .duckingRange),
        Case(
            limit: "duckTime", original: "\"name\": \"Postcard\",",
            at: ducking("\"release\": \"\(TimeText.string(from: Limits.duckTime.upperBound))\""),
            past: ducking("\"release\": \"\(TimeText.string(from: Limits.duckTime.upperBound + RationalTime(value: 1, timescale: 2)))\""),
            code: .duckingRange),
        Case(
            limit: "maxSounds", original: "\"name\": \"Postcard\",", at: sounds(Limits.maxSounds), past: sounds(Limits.maxSounds + 1), code: .tooMany),
        Case(
            limit: "maxSoundDuration", original: "\"name\": \"Postcard\",", at: sounds(1, duration: Limits.maxSoundDuration),
            past: sounds(1, duration: Limits.maxSoundDuration + RationalTime(seconds: 1)), code: .outOfRange),
        Case(
            limit: "captionLines", original: slotsKey,
            at: "\"layers\": [{ \"id\": \"c\", \"kind\": \"captions\", \"lines\": \(Limits.captionLines.upperBound) }], \"slots\": [",
            past: "\"layers\": [{ \"id\": \"c\", \"kind\": \"captions\", \"lines\": \(Limits.captionLines.upperBound + 1) }], \"slots\": [",
            code: .outOfRange),
        Case(
            limit: "maxSongTime", original: "\"fadeOut\": 1.5",
            at: "\"fadeOut\": 1.5, \"beats\": [0, \(TimeText.string(from: Limits.maxSongTime).dropLast())]",
            past: "\"fadeOut\": 1.5, \"beats\": [0, \(TimeText.string(from: Limits.maxSongTime).dropLast()).5]", code: .outOfRange),
        Case(
            limit: "maxBeats", original: "\"fadeOut\": 1.5", at: "\"fadeOut\": 1.5, \"beats\": [\(beatList(Limits.maxBeats))]",
            past: "\"fadeOut\": 1.5, \"beats\": [\(beatList(Limits.maxBeats + 1))]", code: .tooMany),
        Case(
            limit: "maxDepth", original: "\"name\": \"Postcard\",", at: "\"name\": \"Postcard\", \"x-nested\": \(nested(Limits.maxDepth - 1)),",
            past: "\"name\": \"Postcard\", \"x-nested\": \(nested(Limits.maxDepth)),", code: .nestingTooDeep),
        Case(
            limit: "maxFileSize", original: "\"name\": \"Postcard\",", at: padded(toBytes: Limits.maxFileSize),
            past: padded(toBytes: Limits.maxFileSize + 1), code: .fileTooLarge),
    ]

    /// The first slot with a motion keyframe holding `keys`.
    static func pose(_ keys: String) -> String {
        "\"fit\": \"cover\", \"motion\": { \"keyframes\": [{ \"at\": 0, \(keys) }] },"
    }

    static func keyframes(_ count: Int) -> String {
        let keys = (0..<count).map { "{ \"at\": \(Catalog.number(Double($0) / Double(count))), \"scale\": 1 }" }
        return "\"fit\": \"cover\", \"motion\": { \"keyframes\": [\(keys.joined(separator: ", "))] },"
    }

    /// Two slots long enough for any transition, the first passing to the second in `transition`.
    static func longSlots(transition: RationalTime) -> String {
        let d = TimeText.string(from: transition)
        return
            "\"slots\": [{ \"id\": \"a\", \"duration\": 30, \"transition\": { \"kind\": \"crossfade\", \"duration\": \"\(d)\" } }, { \"id\": \"b\", \"duration\": 30 }, "
    }

    static func animatedText(_ duration: RationalTime) -> String {
        let d = TimeText.string(from: duration)
        return "\"layers\": [{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \"in\": { \"kind\": \"fade\", \"duration\": \"\(d)\" } }], "
            + "\"slots\": [{ \"id\": \"long\", \"duration\": 30 }, "
    }

    static func ducking(_ keys: String) -> String { "\"name\": \"Postcard\", \"ducking\": { \(keys) }," }

    static func sounds(_ count: Int, duration: RationalTime? = nil) -> String {
        let extra = duration.map { ", \"loop\": true, \"duration\": \"\(TimeText.string(from: $0))\"" } ?? ""
        let items = (0..<count).map { _ in "{ \"file\": \"music/track.m4a\", \"at\": 0\(extra) }" }
        return "\"name\": \"Postcard\", \"sounds\": [\(items.joined(separator: ", "))],"
    }

    static func beatList(_ count: Int) -> String {
        (0..<count).map { Catalog.number(Double($0) / 4) }.joined(separator: ", ")
    }

    /// Arrays nested `depth` deep.
    static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

    /// The template padded with an unknown key (a warning) to exactly `bytes` bytes.
    static func padded(toBytes bytes: Int) -> String {
        let head = "\"name\": \"Postcard\", \"x-pad\": \""
        let tail = "\","
        let rest = TemplateFixture.validJSON.utf8.count - "\"name\": \"Postcard\",".utf8.count
        return head + String(repeating: "p", count: bytes - rest - head.utf8.count - tail.utf8.count) + tail
    }

    @Test(arguments: cases)
    func atTheLimitValidatesAndPastItIsRefused(_ c: Case) throws {
        let accepted = try findings(replacing: c.original, with: c.at)
        #expect(!accepted.contains { $0.severity == .error }, "at \(c.limit): \(accepted.rendered())")
        let refused = try findings(replacing: c.original, with: c.past)
        #expect(refused.contains { $0.code == c.code && $0.severity == .error }, "past \(c.limit): \(refused.rendered())")
    }

    /// What the encoder, the text layout and the timeline reader take is what templates may ask for.
    @Test func derivedLimitsFollowTheirSources() {
        #expect(Limits.clipSpeed.lowerBound.seconds == Limits.speed.lowerBound * Limits.minSpeed.lowerBound)
        #expect(Limits.clipSpeed.upperBound.seconds == Limits.speed.upperBound)
        #expect(Limits.maxClips == Limits.slotCount.upperBound + Limits.maxLayers)
        #expect(Limits.maxTexts == Limits.maxLayers + Limits.maxCaptionWords)
        #expect(Limits.maxSongTime == Limits.maxMusicStart + Limits.maxTotalDuration)
    }
}
