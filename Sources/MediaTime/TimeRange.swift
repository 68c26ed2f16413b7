/// A half-open span of time `[start, end)`: a range that ends where the next begins shares no
/// instant with it, so cuts are never counted twice.
public struct TimeRange: Sendable, Hashable {
    /// The first instant inside the range, in the owner's clock: source time for a media range, timeline time for a clip.
    public let start: RationalTime
    /// Never negative.
    package let duration: RationalTime

    /// Traps when `duration` is negative; an empty range (zero duration) is allowed.
    public init(start: RationalTime, duration: RationalTime) {
        precondition(!duration.isNegative, "TimeRange: negative duration \(duration)")
        self.start = start
        self.duration = duration
    }

    /// The range `[start, end)`; traps when `end` comes before `start`.
    public init(start: RationalTime, end: RationalTime) {
        precondition(end >= start, "TimeRange: end \(end) before start \(start)")
        self.init(start: start, duration: end - start)
    }

    /// The first instant after the range.
    package var end: RationalTime { start + duration }
    /// Zero length: it contains and overlaps no instant, though it still has a place (`start`).
    package var isEmpty: Bool { duration.isZero }

    /// `start <= time < end`.
    package func contains(_ time: RationalTime) -> Bool {
        time >= start && time < end
    }

    /// True when `other` lies wholly inside this range; an empty `other` at `end` counts as inside.
    package func contains(_ other: TimeRange) -> Bool {
        other.start >= start && other.end <= end
    }

    /// True when the two share at least one instant; an empty range shares none.
    package func overlaps(_ other: TimeRange) -> Bool {
        !isEmpty && !other.isEmpty && start < other.end && other.start < end
    }

    /// The shared part, or nil when they share no instant.
    package func intersection(_ other: TimeRange) -> TimeRange? {
        let s = max(start, other.start)
        let e = min(end, other.end)
        return s < e ? TimeRange(start: s, end: e) : nil
    }

    /// The same length moved by `delta`, e.g. from source time to timeline time.
    package func offset(by delta: RationalTime) -> TimeRange {
        TimeRange(start: start + delta, duration: duration)
    }

    /// The frames whose start lies in this range: `[first, last + 1)` as frame indices.
    /// Exact when both ends are on the grid; otherwise a frame belongs where its start time falls.
    package func frames(at rate: FrameRate) -> Range<Int64> {
        let first = rate.frame(at: start, rounding: .up)
        let end = rate.frame(at: self.end, rounding: .up)
        return first..<max(first, end)
    }
}

extension TimeRange: CustomStringConvertible {
    public var description: String { "[\(start), \(end))" }
}
