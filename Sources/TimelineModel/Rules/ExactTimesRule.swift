import DocumentJSON
import DocumentLimits
import MediaTime

/// T015 among the rules relating values: the times the planners form from several values can be
/// counted exactly: a clip's source times, and the song time where the music's last repeat ends
/// (its `sourceStart` plus its duration).
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
package enum ExactTimesRule: TimelineRule {
    /// T015, the code of a value out of range, as where each time is read: the rule extends that range to sums of times.
    package static let code = DiagnosticCode.outOfRange
    /// The clips (their source times) and the music (where its last repeat ends in the song).
    package static let groups: [TimelineRuleGroup] = [.clips, .music]

    /// Video clips whose source times need a step finer than `Limits.maxSourceTicks` allows; the music's too-fine song end.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        let t = input.timeline
        switch group {
        case .clips:
            return t.clips.indices.compactMap { i in problem(t.clips[i], rate: input.rate, at: input.clipPath(i)) }
        case .music:
            // Checked: a start and a length on two large prime steps have a sum no 64 bits hold.
            guard let sound = MusicSound(of: t), sound.songEnd == nil else { return [] }
            let last = sound.last
            return [
                problem(
                    JSONPath.root.appending("audio").appending(t.audio.firstIndex(of: last) ?? 0),
                    "its sourceStart (\(TimeText.string(from: last.sourceStart))) plus its duration (\(TimeText.string(from: last.timelineRange.duration))) takes a step too fine to count exactly",
                    fix: "write them with smaller denominators (frames, milliseconds)")
            ]
        default:
            return []
        }
    }

    /// The problem of a clip's source times, at the clip's `path`; nil when they can be formed exactly.
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
        problem(
            path.appending("sourceRange"),
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
