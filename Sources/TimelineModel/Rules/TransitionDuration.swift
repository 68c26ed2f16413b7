import DocumentLimits
import MediaTime

/// How long a transition may last: the one statement of the duration rules that template
/// validation (reading a duration, a duration in beats, and T053 against the slots), the
/// resolver (`TransitionPlacement`), the timeline's rules (`TransitionLengthRule`) and the editor
/// (`reel edit`, the relayout after a main-track change) all apply.
///
/// - A transition lasts a frame or more (a shorter one is no transition) and at most
///   `Limits.maxTransition` (T015 where its duration is read).
/// - It lasts at most half of the shorter clip (or slot) beside it (T053), so that the two
///   transitions of a clip never overlap.
///
/// In times (`RationalTime`) for durations as written; in frames of the timeline's rate for
/// clips already on its grid, where the two agree: `n` frames are at most half of a clip of `k`
/// frames exactly when `n ≤ ⌊k/2⌋`, and at most `maxTransition` when `n ≤ ⌊maxTransition × rate⌋`.
package enum TransitionDuration {
    /// The durations a transition may have in a video of `rate`: a frame or more, up to
    /// `Limits.maxTransition`.
    package static func allowed(at rate: FrameRate) -> ClosedRange<RationalTime> {
        Limits.transitionDuration(frame: rate.frameDuration)
    }

    /// Half of the shorter of the two clips (or slots) lasting `a` and `b`: the longest a
    /// transition between them may last, the limit aside (T053).
    package static func halfOfShorter(_ a: RationalTime, _ b: RationalTime) -> RationalTime {
        min(a, b) / 2
    }

    /// True when a transition of `duration` between clips lasting `a` and `b` is too long: past
    /// half of the shorter one, or past `Limits.maxTransition` (T053).
    package static func isTooLong(_ duration: RationalTime, between a: RationalTime, and b: RationalTime) -> Bool {
        duration > halfOfShorter(a, b) || duration > Limits.maxTransition
    }

    /// The longest a transition between clips lasting `a` and `b` may last.
    package static func longest(between a: RationalTime, and b: RationalTime) -> RationalTime {
        min(halfOfShorter(a, b), Limits.maxTransition)
    }

    /// The same rule in frames of `rate`: the most frames a transition between clips of `framesA`
    /// and `framesB` frames may cover, half of the shorter (rounded down) and at most
    /// `Limits.maxTransition`.
    package static func longestFrames(between framesA: Int64, and framesB: Int64, rate: FrameRate) -> Int64 {
        min(halfOfShorterFrames(framesA, framesB), rate.frame(at: Limits.maxTransition, rounding: .down))
    }

    /// Half of the shorter of two clips of `framesA` and `framesB` frames, rounded down.
    package static func halfOfShorterFrames(_ framesA: Int64, _ framesB: Int64) -> Int64 {
        min(framesA, framesB) / 2
    }
}
