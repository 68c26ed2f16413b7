/// Conversions between time and audio sample indices, each with its rounding rule named.
package struct SampleRate: Sendable, Hashable {
    /// Always positive; also the timescale of the times `time(ofSample:)` returns.
    package let samplesPerSecond: Int64

    /// Traps unless `samplesPerSecond` is positive.
    package init(_ samplesPerSecond: Int64) {
        precondition(samplesPerSecond > 0, "SampleRate: must be positive")
        self.samplesPerSecond = samplesPerSecond
    }

    /// 48 kHz, the rate of every mix and export.
    public static let standard = SampleRate(48_000)

    /// Index of the sample at `time`, rounded by `rule` when the time falls between samples.
    package func sample(at time: RationalTime, rounding rule: FloatingPointRoundingRule) -> Int64 {
        time.ticks(timescale: samplesPerSecond, rounding: rule)
    }

    /// Exact start time of sample `index` (0 is time zero).
    package func time(ofSample index: Int64) -> RationalTime {
        RationalTime(value: index, timescale: samplesPerSecond)
    }
}
