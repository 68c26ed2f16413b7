import MediaTime

/// The times subtitle files write: `01:02:03,456` (SRT), `01:02:03.456` or `02:03.456` (WebVTT).
///
/// Read exactly, as milliseconds; hours may have more than two digits, minutes and seconds are
/// two digits below 60, and the fraction has one to three digits (`,5` is 500 ms), as players
/// accept.
package enum CaptionTimeText {
    /// The time written in `text`, or nil when it is not one.
    static func time(_ text: Substring) -> RationalTime? {
        let main: Substring
        let fraction: Substring
        if let sep = text.lastIndex(where: { $0 == "," || $0 == "." }) {
            main = text[..<sep]
            fraction = text[text.index(after: sep)...]
        } else {
            return nil
        }
        guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigitCharacter),
            var millis = Int64(fraction)
        else { return nil }
        for _ in fraction.count..<3 { millis *= 10 }
        let parts = main.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var seconds: Int64 = 0
        for (i, part) in parts.enumerated() {
            let isHours = parts.count == 3 && i == 0
            guard !part.isEmpty, part.allSatisfy(\.isASCIIDigitCharacter), isHours ? part.count <= 4 : part.count == 2,
                let n = Int64(part)
            else { return nil }
            if !isHours && n >= 60 { return nil }
            seconds = seconds * 60 + n
        }
        return RationalTime(value: seconds * 1000 + millis, timescale: 1000)
    }
}

extension Character {
    /// 0...9 only (not the other scripts' digits `isNumber` accepts).
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension CaptionTimeText {
    /// `00:01:02.500`, as WebVTT writes it (milliseconds, rounded down), for messages.
    package static func string(_ time: RationalTime) -> String {
        let ms = time.ticks(timescale: 1000, rounding: .down)
        let s = ms / 1000
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let frac = ms % 1000
        let fracText = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)).\(fracText)"
    }
}
