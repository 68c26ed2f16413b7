import Foundation
import MediaTime
import Testing

@testable import TemplateCore

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
    ]

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
    }
}
