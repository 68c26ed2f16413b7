import DocumentJSON
import DocumentLimits
import MediaTime

/// The rule that a clip's source times can be formed exactly (T015), part of `TimelineValidation`.
///
/// Each time is bounded where it is read (`Limits.maxTimelineTime`, `Limits.maxTimescale`), but
/// the planners combine a clip's times: the source time shown at a frame or sample is
/// `sourceRange.start + (t − timelineRange.start) × speed` for a time `t` of the frame grid
/// (reversed, back from the end less `VideoClip.reversedEpsilon`; the sound starts at a frame too).
/// Its denominator divides the common step
///
///     L = lcm(start's, end's, frame grid's × speed's denominator, reversedEpsilon's)
///
/// and its magnitude is at most the source range's end (plus a transition's handle, under 10 s).
/// So when `L × (end + 2 s)` fits in `Limits.maxSourceTicks`, every such time, and every step
/// towards it, fits in 64-bit ticks with room to spare: the rule is what makes the planners'
/// plain arithmetic provably safe, checked once, here, rather than at every frame. (The decoders
/// count a source time in a stream's ticks in 128 bits, `RationalTime.ticks`.) Times Reel
/// writes (frame, sample and media grids, speeds of two such durations) have steps far coarser;
/// three different large prime denominators (a start in 1/999999937 s, a speed in 1/9999991) are
/// what it refuses.
package enum SourceTimeRules {
    package static func problem(_ clip: VideoClip, rate: FrameRate, at path: JSONPath) -> TimelineProblem? {
        guard clip.kind == .video, let step = commonStep(clip, rate: rate) else {
            return clip.kind == .video ? tooFine(clip, at: path) : nil
        }
        let seconds = clip.sourceRange.end.ticks(timescale: 1, rounding: .up).magnitude + 2
        let (ticks, overflow) = step.multipliedReportingOverflow(by: Int64(seconds))
        return overflow || ticks > Limits.maxSourceTicks ? tooFine(clip, at: path) : nil
    }

    /// `L`, or nil when it does not fit in Int64.
    static func commonStep(_ clip: VideoClip, rate: FrameRate) -> Int64? {
        let (scaled, o) = rate.frameDuration.timescale.multipliedReportingOverflow(by: clip.speed.timescale)
        if o { return nil }
        var step: Int64? = VideoClip.reversedEpsilon.timescale
        for s in [clip.sourceRange.start.timescale, clip.sourceRange.end.timescale, scaled] { step = step.flatMap { lcm($0, s) } }
        return step
    }

    private static func tooFine(_ clip: VideoClip, at path: JSONPath) -> TimelineProblem {
        TimelineProblem(
            .outOfRange, path.appending("sourceRange"),
            "source times from \(TimeText.string(from: clip.sourceRange.start)) at speed \(TimeText.ratioString(from: clip.speed)) take steps too fine to count exactly",
            fix: "write the source start and the speed with smaller denominators (frames, milliseconds)")
    }

    /// Least common multiple of two positive numbers, or nil when it does not fit.
    private static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (r, o) = (a / x).multipliedReportingOverflow(by: b)
        return o ? nil : r
    }
}
