import DocumentJSON
import MediaTime

/// The written forms of times and ratios in templates and timelines, read and written exactly.
///
/// Times are read from a JSON number of seconds (from its decimal text, never through `Double`) or
/// from a string: `"2.5s"`, `"1001/30000s"`, or `"48f"` (frames at a given rate). Times are
/// written as `"2.5s"` when the value is a finite decimal and as `"1001/30000s"` otherwise, so
/// that reading a written time gives back the same value.
package enum TimeText {
    /// The time in `value` (a number of seconds or a time string); nil when it is neither.
    /// Frame counts need `frameRate`, and are not accepted without one.
    package static func time(from value: JSONValue, frameRate: FrameRate?) -> RationalTime? {
        switch value {
        case .number(let n): RationalTime(decimalString: n.text)
        case .string(let s): time(from: s, frameRate: frameRate)
        default: nil
        }
    }

    /// Reads `"2.5s"`, `"2.5"`, `"1001/30000s"` or, with a rate, `"48f"`.
    package static func time(from text: String, frameRate: FrameRate?) -> RationalTime? {
        if text.hasSuffix("f") {
            guard let rate = frameRate, let frames = Int64(text.dropLast()), abs(frames) <= 1 << 40 else { return nil }
            return rate.time(ofFrame: frames)
        }
        guard let first = text.first, first.isNumber || first == "-" || first == "." else { return nil }
        return RationalTime(exactString: text)
    }

    /// `"2.5s"`, `"0s"`, `"-0.04s"`, or `"1001/30000s"` when the value has no finite decimal form.
    package static func string(from time: RationalTime) -> String {
        if let decimal = decimal(time), RationalTime(exactString: decimal) == time {
            return decimal + "s"
        }
        return "\(time.value)/\(time.timescale)s"
    }

    /// A ratio such as a speed: `"1"`, `"4/5"`.
    package static func ratioString(from ratio: RationalTime) -> String {
        ratio.timescale == 1 ? "\(ratio.value)" : "\(ratio.value)/\(ratio.timescale)"
    }

    /// Reads a ratio written `"4/5"`, `"1"`, `"0.8"`, or as a JSON number.
    package static func ratio(from value: JSONValue) -> RationalTime? {
        switch value {
        case .number(let n): return RationalTime(decimalString: n.text)
        case .string(let s):
            if s.hasSuffix("s") { return nil }
            return RationalTime(exactString: s)
        default: return nil
        }
    }

    /// The exact decimal text of `time` (without unit) when its timescale has no prime factor but
    /// 2 and 5 and the digits fit in 64 bits.
    private static func decimal(_ time: RationalTime) -> String? {
        var rest = time.timescale
        var twos = 0
        var fives = 0
        while rest % 2 == 0 {
            rest /= 2
            twos += 1
        }
        while rest % 5 == 0 {
            rest /= 5
            fives += 1
        }
        guard rest == 1 else { return nil }
        let digits = max(twos, fives)
        guard digits <= 18 else { return nil }
        var power: Int64 = 1
        for _ in 0..<digits { power *= 10 }
        let (scaled, overflow) = time.value.magnitude.multipliedReportingOverflow(by: UInt64(power / time.timescale))
        guard !overflow else { return nil }
        let whole = scaled / UInt64(power)
        var fraction = digits == 0 ? "" : String(scaled % UInt64(power))
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let sign = time.isNegative ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
