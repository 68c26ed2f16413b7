/// A frame rate as an exact fraction of frames per second: 30000/1001 is a rate, not 29.97.
///
/// The grid of a rate is the set of times `n * frameDuration`; every conversion from a time to a
/// frame index names its rounding rule, because "which frame is at 1.2345 s" has more than one
/// reasonable answer.
public struct FrameRate: Sendable, Hashable {
    /// Frames...
    public let numerator: Int64
    /// ...per this many seconds.
    public let denominator: Int64

    /// Makes `numerator / denominator` frames per second, normalized; both must be positive.
    public init(numerator: Int64, denominator: Int64 = 1) {
        precondition(numerator > 0 && denominator > 0, "FrameRate: \(numerator)/\(denominator) is not a positive rate")
        let g = gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// Whole frames per second.
    public init(_ framesPerSecond: Int64) {
        self.init(numerator: framesPerSecond, denominator: 1)
    }

    /// Reads `"30"`, `"30000/1001"`, or a decimal such as `"29.97"` / `"23.976"` / `"59.94"`,
    /// which are taken as the NTSC rates they abbreviate (N*1000/1001) when within 0.01 of one;
    /// any other decimal is kept exactly as written. Nil for anything else or a rate not in (0, 1000].
    public init?(string: String) {
        let parts = string.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int64(parts[0]), let d = Int64(parts[1]), n > 0, d > 0 else { return nil }
            self.init(numerator: n, denominator: d)
        } else if parts.count == 1, let exact = RationalTime(decimalString: string), exact.isPositive {
            if exact.timescale == 1 {
                self.init(numerator: exact.value, denominator: 1)
            } else {
                let ntsc = (exact * 1001).ticks(timescale: 1000, rounding: .toNearestOrAwayFromZero)
                let candidate = RationalTime(value: ntsc * 1000, timescale: 1001)
                let diff = candidate > exact ? candidate - exact : exact - candidate
                if ntsc > 0, diff <= RationalTime(value: 1, timescale: 100) {
                    self.init(numerator: ntsc * 1000, denominator: 1001)
                } else {
                    self.init(numerator: exact.value, denominator: exact.timescale)
                }
            }
        } else {
            return nil
        }
        guard self.asTime <= RationalTime(seconds: 1000) else { return nil }
    }

    /// The rate as a number of frames per second (exact).
    public var asTime: RationalTime { RationalTime(value: numerator, timescale: denominator) }

    /// Length of one frame: `denominator / numerator` seconds.
    public var frameDuration: RationalTime { RationalTime(value: denominator, timescale: numerator) }

    /// Frames per second as a `Double`, for display only.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Start time of frame `index`, exactly.
    public func time(ofFrame index: Int64) -> RationalTime {
        frameDuration * index
    }

    /// The frame whose grid point is at or around `time`, rounded by `rule`.
    /// `.down` gives the frame being shown at `time`; `.up` the first frame starting at or after it.
    public func frame(at time: RationalTime, rounding rule: FloatingPointRoundingRule) -> Int64 {
        // time * numerator / denominator
        (time * RationalTime(value: numerator, timescale: 1)).ticks(timescale: denominator, rounding: rule)
    }

    /// `time` moved onto this rate's grid by `rule`.
    public func snap(_ time: RationalTime, rounding rule: FloatingPointRoundingRule) -> RationalTime {
        self.time(ofFrame: frame(at: time, rounding: rule))
    }

    /// True when `time` is exactly on this rate's grid.
    public func isOnGrid(_ time: RationalTime) -> Bool {
        snap(time, rounding: .towardZero) == time
    }
}

extension FrameRate: CustomStringConvertible {
    /// `30` or `30000/1001`: the form `init(string:)` reads back.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}
