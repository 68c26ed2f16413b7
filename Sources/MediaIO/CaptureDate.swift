import Foundation

/// Capture dates in one written form, so photos and videos sort together by when they were taken.
///
/// Photos write EXIF's `2024:07:14 18:03:22` (local time, with its offset in another tag when the
/// camera knows it); containers write ISO 8601 (`2024-07-14T16:03:22.000000Z`, UTC), and iPhones
/// add a local time with its offset (`2024-07-14T18:03:22+0200`). Compared as written, every
/// video of a day sorted before every photo of it. Each becomes `YYYY-MM-DDTHH:MM:SS`, in UTC with
/// a `Z` when the offset is known, else the local time as written. Unset clocks (zeros, the Unix
/// and QuickTime epochs) read as undated.
enum CaptureDate {
    static func normalized(_ raw: String, offset: String? = nil) -> String? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        // The six leading numbers: year, month, day, hour, minute, second.
        let scalars = Array(text.unicodeScalars)
        var numbers: [Int] = []
        var i = 0
        while i < scalars.count && numbers.count < 6 {
            guard CharacterSet.decimalDigits.contains(scalars[i]) else {
                i += 1
                continue
            }
            var value = 0
            while i < scalars.count, CharacterSet.decimalDigits.contains(scalars[i]), value < 100_000 {
                value = value * 10 + Int(scalars[i].value - 48)
                i += 1
            }
            numbers.append(value)
        }
        guard numbers.count >= 3, (1900...2999).contains(numbers[0]), (1...12).contains(numbers[1]), (1...31).contains(numbers[2]) else { return nil }
        while numbers.count < 6 { numbers.append(0) }
        guard numbers[3] < 24, numbers[4] < 60, numbers[5] < 61 else { return nil }
        // The epochs of Unix and QuickTime: what files say when the clock was never set.
        let unset: [[Int]] = [[1970, 1, 1, 0, 0, 0], [1904, 1, 1, 0, 0, 0]]
        guard !unset.contains(Array(numbers.prefix(6))) else { return nil }
        let rest = String(String.UnicodeScalarView(scalars[i...]))
        let zone: Int?  // seconds east of UTC
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            zone = 0
        } else if let embedded = Self.offsetSeconds(Self.trailingOffset(rest)) {
            zone = embedded
        } else {
            zone = offset.flatMap(Self.offsetSeconds)
        }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (
            numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]
        )
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let zone, let local = utc.date(from: parts) else {
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        }
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: local.addingTimeInterval(TimeInterval(-zone)))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// `+02:00`, `+0200` or `-05` at the end of the text after the seconds, if any.
    private static func trailingOffset(_ rest: String) -> String? {
        guard let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        return String(rest[sign...])
    }

    /// Seconds east of UTC for `+02:00`, `+0200`, `-05`; nil for anything else.
    static func offsetSeconds(_ text: String?) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), let first = text.first, first == "+" || first == "-" else { return nil }
        let digits = text.dropFirst().filter(\.isNumber).compactMap(\.wholeNumberValue)
        guard digits.count == 2 || digits.count == 4, text.dropFirst().allSatisfy({ $0.isNumber || $0 == ":" }) else { return nil }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits.count == 4 ? digits[2] * 10 + digits[3] : 0
        guard hours <= 14, minutes < 60 else { return nil }
        return (first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
