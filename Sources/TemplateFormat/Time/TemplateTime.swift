import DocumentJSON
import MediaTime
import TimelineModel

/// A time as a template writes it: seconds, frames of the canvas rate, or music beats.
///
/// Kept as written so that tools can show it back; the decoder turns it into exact seconds
/// (`RationalTime`) once the frame rate and the beat grid are known.
public enum TemplateTime: Sendable, Hashable {
    /// `2.5`, `"2.5s"`, `"1001/30000s"`.
    case seconds(RationalTime)
    /// `"48f"`: frames at the canvas rate.
    case frames(Int64)
    /// `"4 beats"`, `"0.5 beats"`: beats of the music, counted from where the item starts.
    case beats(RationalTime)

    /// Reads a JSON number of seconds or a time string; nil when it is neither.
    public init?(_ value: JSONValue) {
        switch value {
        case .number(let n):
            guard let t = RationalTime(decimalString: n.text) else { return nil }
            self = .seconds(t)
        case .string(let s):
            guard let t = TemplateTime(text: s) else { return nil }
            self = t
        default:
            return nil
        }
    }

    /// Reads `"2.5s"`, `"2.5"`, `"1001/30000s"`, `"48f"`, `"4 beats"` (also `"1 beat"`, `"4b"`).
    public init?(text: String) {
        for suffix in [" beats", " beat", "beats", "beat", "b"] where text.hasSuffix(suffix) {
            let number = String(text.dropLast(suffix.count))
            guard let first = number.first, first.isNumber, let n = RationalTime(decimalString: number) else { return nil }
            self = .beats(n)
            return
        }
        if text.hasSuffix("f") {
            guard let frames = Int64(text.dropLast()), frames.magnitude <= 1 << 40 else { return nil }
            self = .frames(frames)
            return
        }
        guard let first = text.first, first.isNumber || first == "-" || first == "." else { return nil }
        guard let t = RationalTime(exactString: text) else { return nil }
        self = .seconds(t)
    }

    /// The unit written, for messages: "seconds", "frames", "beats".
    package var unit: String {
        switch self {
        case .seconds: "seconds"
        case .frames: "frames"
        case .beats: "beats"
        }
    }

    /// The form a template would write: `"2.5s"`, `"48f"`, `"4 beats"`.
    package var text: String {
        switch self {
        case .seconds(let t): TimeText.string(from: t)
        case .frames(let n): "\(n)f"
        case .beats(let b): TimeText.ratioString(from: b) + (b == RationalTime(seconds: 1) ? " beat" : " beats")
        }
    }
}
