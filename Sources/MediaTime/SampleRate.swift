/// Conversions between time and audio sample indices, each with its rounding rule named.
package struct SampleRate: Sendable, Hashable {
    package let samplesPerSecond: Int64

    package init(_ samplesPerSecond: Int64) {
        precondition(samplesPerSecond > 0, "SampleRate: must be positive")
        self.samplesPerSecond = samplesPerSecond
    }

    /// 48 kHz, the rate of every mix and export.
    public static let standard = SampleRate(48_000)

    package func sample(at time: RationalTime, rounding rule: FloatingPointRoundingRule) -> Int64 {
        time.ticks(timescale: samplesPerSecond, rounding: rule)
    }

    package func time(ofSample index: Int64) -> RationalTime {
        RationalTime(value: index, timescale: samplesPerSecond)
    }
}
