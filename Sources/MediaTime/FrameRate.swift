/// A frame rate as an exact fraction of frames per second: 30000/1001 is a rate, not 29.97.
///
/// The grid of a rate is the set of times `n * frameDuration`; every conversion from a time to a
/// frame index names its rounding rule, because "which frame is at 1.2345 s" has more than one
/// reasonable answer.
public struct FrameRate: Sendable, Hashable {
    /// Frames...
    package let numerator: Int64
    /// ...per this many seconds.
    package let denominator: Int64

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
        } else if parts.count == 1, let exact = RationalTime(decimalString: string), exact.isPositive,
            exact <= RationalTime(seconds: 1000)
        {
            if exact.timescale == 1 {
                self.init(numerator: exact.value, denominator: 1)
            } else if let ntsc = FrameRate.ntscFrames(near: exact) {
                self.init(numerator: ntsc * 1000, denominator: 1001)
            } else {
                self.init(numerator: exact.value, denominator: exact.timescale)
            }
        } else {
            return nil
        }
        guard self.asTime <= RationalTime(seconds: 1000) else { return nil }
    }

    /// The N for which N*1000/1001 is within 1/100 of `rate` (at most 1000), if there is one.
    private static func ntscFrames(near rate: RationalTime) -> Int64? {
        // N = rate * 1001/1000 rounded, exactly in 128 bits.
        let product = WideInt(rate.value, times: 1001)
        guard let n = product.divided(by: rate.timescale, times: 1000, rounding: .toNearestOrAwayFromZero),
            n > 0, n <= 1001
        else { return nil }
        // |N*1000/1001 - rate| <= 1/100  <=>  (100000N - 1001)/100100 <= rate <= (100000N + 1001)/100100.
        let lower = RationalTime(value: n * 100_000 - 1001, timescale: 100_100)
        let upper = RationalTime(value: n * 100_000 + 1001, timescale: 100_100)
        return lower <= rate && rate <= upper ? n : nil
    }

    /// The rate as a number of frames per second (exact).
    package var asTime: RationalTime { RationalTime(value: numerator, timescale: denominator) }

    /// Length of one frame: `denominator / numerator` seconds.
    package var frameDuration: RationalTime { RationalTime(value: denominator, timescale: numerator) }

    /// Frames per second as a `Double`, for display only.
    package var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Start time of frame `index`, exactly.
    package func time(ofFrame index: Int64) -> RationalTime {
        frameDuration * index
    }

    /// The frame whose grid point is at or around `time`, rounded by `rule`.
    /// `.down` gives the frame being shown at `time`; `.up` the first frame starting at or after it.
    package func frame(at time: RationalTime, rounding rule: FloatingPointRoundingRule) -> Int64 {
        // time.value * numerator / (time.timescale * denominator), exactly in 128 bits: no intermediate
        // product is formed as a RationalTime, so only an index that does not fit in Int64 traps.
        let product = WideInt(time.value, times: numerator)
        guard let index = product.divided(by: time.timescale, times: denominator, rounding: rule) else {
            preconditionFailure("FrameRate: frame index of \(time) at \(self) overflows Int64")
        }
        return index
    }

    /// `time` moved onto this rate's grid by `rule`.
    package func snap(_ time: RationalTime, rounding rule: FloatingPointRoundingRule) -> RationalTime {
        self.time(ofFrame: frame(at: time, rounding: rule))
    }

    /// True when `time` is exactly on this rate's grid.
    package func isOnGrid(_ time: RationalTime) -> Bool {
        // Exactly on the grid when no rounding is needed; unlike snapping and comparing, this
        // never forms the snapped time, which may not fit for very large times.
        frame(at: time, rounding: .down) == frame(at: time, rounding: .up)
    }
}

extension FrameRate: CustomStringConvertible {
    /// `30` or `30000/1001`: the form `init(string:)` reads back.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}
