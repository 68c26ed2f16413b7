/// A half-open span of time `[start, end)`: a range that ends where the next begins shares no
/// instant with it, so cuts are never counted twice.
public struct TimeRange: Sendable, Hashable {
    public let start: RationalTime
    /// Never negative.
    package let duration: RationalTime

    public init(start: RationalTime, duration: RationalTime) {
        precondition(!duration.isNegative, "TimeRange: negative duration \(duration)")
        self.start = start
        self.duration = duration
    }

    public init(start: RationalTime, end: RationalTime) {
        precondition(end >= start, "TimeRange: end \(end) before start \(start)")
        self.init(start: start, duration: end - start)
    }

    /// The first instant after the range.
    package var end: RationalTime { start + duration }
    package var isEmpty: Bool { duration.isZero }

    /// `start <= time < end`.
    package func contains(_ time: RationalTime) -> Bool {
        time >= start && time < end
    }

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
