import MediaTime

/// Which picture of a video answers a request for source time *t*: the last one starting at or
/// before *t*, or strictly before it.
///
/// A video file's own frames are named by the picture on screen at a time (`displayed`): a contact
/// sheet labels each cell with the time of the frame it shows. A clip on a timeline asks for the
/// picture starting strictly before half an output frame past the frame's time (`startedBefore`),
/// which puts every source picture on the output frame nearest its own time, exactly halfway going
/// to the later one: ffmpeg's `fps` filter does the same. A picture and the sound made with it then
/// come out within half an output frame of each other at any pair of rates; the picture on screen
/// at the frame's own time could lag its sound by up to a whole source frame (33 ms for a 29.97 fps
/// clip in a 30 fps video).
package enum FrameChoice: Sendable, Hashable {
    /// The last picture starting at or before *t*.
    case displayed
    /// The last picture starting strictly before *t*.
    case startedBefore

    /// Whether a picture starting at `start` has started by `t`.
    func hasStarted(_ start: RationalTime, by t: RationalTime) -> Bool {
        self == .displayed ? start <= t : start < t
    }

    /// The times for which this choice picks a picture starting at `start` whose successor starts
    /// at `next` (nil: it holds to the end).
    func span(start: RationalTime, next: RationalTime?) -> ShowSpan {
        let strict = self == .startedBefore
        return ShowSpan(lower: .init(start, included: !strict), upper: next.map { .init($0, included: strict) })
    }

    func span(of interval: TimeRange) -> ShowSpan { span(start: interval.start, next: interval.end) }

    /// The latest stream tick at which a picture starting there is picked for `t` (where a seek
    /// for `t` must land at or before).
    /// `t / tick` is counted in 128 bits (`ticks(timescale:)`), exact for any source time a
    /// timeline holds; forming the quotient as a time would overflow for a source time of a fine step.
    func lastTick(for t: RationalTime, tick: RationalTime) -> Int64 {
        let rule: FloatingPointRoundingRule = self == .displayed ? .down : .up
        // t / (num/den) = (t in units of 1/den) / num; rounding each step the same way is exact.
        let units = t.ticks(timescale: tick.timescale, rounding: rule)
        var count = units / tick.value
        if units % tick.value != 0 && (rule == .up) == (units > 0) { count += rule == .up ? 1 : -1 }
        return self == .displayed ? count : count - 1
    }
}

/// A set of source times bounded below and above, each bound included or not; a missing bound is
/// unbounded.
struct ShowSpan {
    struct Bound {
        let time: RationalTime
        let included: Bool

        init(_ time: RationalTime, included: Bool) {
            self.time = time
            self.included = included
        }
    }

    var lower: Bound?
    var upper: Bound?

    func contains(_ t: RationalTime) -> Bool {
        let above = lower.map { $0.included ? t >= $0.time : t > $0.time } ?? true
        let below = upper.map { $0.included ? t <= $0.time : t < $0.time } ?? true
        return above && below
    }

    var isEmpty: Bool {
        guard let lower, let upper else { return false }
        return upper.time < lower.time || (upper.time == lower.time && !(upper.included && lower.included))
    }

    /// Whether a request at `target` or after it, on the grid `target + k * step` (any time at or
    /// after `target` when `step` is nil), falls in the span.
    func isReached(forwardFrom target: RationalTime, step: RationalTime?) -> Bool {
        if isEmpty { return false }
        guard let step, let lower, target < lower.time || (target == lower.time && !lower.included) else {
            // The target is in the span or past its start: it is reached unless it is past its end.
            return upper.map { $0.included ? target <= $0.time : target < $0.time } ?? true
        }
        var k = ((lower.time - target) / step).ticks(timescale: 1, rounding: .up)
        if !lower.included && target + step * k == lower.time { k += 1 }
        return contains(target + step * k)
    }

    /// Whether a request at `target` or before it, on the grid `target - k * step` (any time at or
    /// before `target` when `step` is nil), falls in the span.
    func isReached(backwardFrom target: RationalTime, step: RationalTime?) -> Bool {
        if isEmpty { return false }
        guard let step, let upper, target > upper.time || (target == upper.time && !upper.included) else {
            return lower.map { $0.included ? target >= $0.time : target > $0.time } ?? true
        }
        var k = ((target - upper.time) / step).ticks(timescale: 1, rounding: .up)
        if !upper.included && target - step * k == upper.time { k += 1 }
        return contains(target - step * k)
    }
}
