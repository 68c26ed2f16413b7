import TimelineModel

/// Segment K of N of a timeline's frames: the part one worker renders of a video split across many.
///
/// Boundaries fall on frames and are balanced by an estimated cost, not by frame count: a frame
/// costs its encoding plus a decode and draw for each clip on screen (two during a transition)
/// and a draw for each overlay and text. The estimate reads the planner's spans (over which what
/// is visible is constant), so it is exact integer arithmetic, the same on every machine: every
/// worker and the join compute the same boundaries from the same timeline.
///
/// ```
/// cost  ▁▁▁▁█████▁▁▁▁▁▁▁▁        (a transition doubles the decodes)
/// frames 0 ─────┬──────┬──────── total
///        seg 0  │ seg 1│ seg 2   each about a third of the cost, each at least one frame
/// ```
public struct FrameSegment: Sendable, Hashable {
    /// K, from 0.
    package let index: Int
    /// N.
    package let count: Int
    /// The frames `[start, end)` of the timeline this segment renders.
    package let frames: Range<Int64>

    /// `index` below `count`; `frames` within the timeline's frames.
    public init(index: Int, count: Int, frames: Range<Int64>) {
        self.index = index
        self.count = count
        self.frames = frames
    }

    /// The N segments of `timeline`, in order; nil when N is below 1 or above the frame count.
    package static func all(of timeline: Timeline, count: Int) -> [FrameSegment]? {
        let total = timeline.frameCount
        guard count >= 1, Int64(count) <= total else { return nil }
        let planner = FramePlanner(timeline: timeline)
        let spans = planner.spans.map { span in
            let uppers = span.above.filter { if case .clip = $0 { true } else { false } }.count
            let cost = 2 + 2 * Int64(span.mainClips.count + uppers) + Int64(span.above.count - uppers)
            return (frames: span.frames, cost: cost)
        }
        let bounds = boundaries(spans, total: total, count: count)
        return (0..<count).map { FrameSegment(index: $0, count: count, frames: bounds[$0]..<bounds[$0 + 1]) }
    }

    /// N + 1 frame boundaries from 0 to `total`: boundary k is the first frame at which the
    /// cumulative cost reaches k/N of the whole, kept at least one frame from its neighbours.
    static func boundaries(_ spans: [(frames: Range<Int64>, cost: Int64)], total: Int64, count: Int) -> [Int64] {
        let whole = spans.reduce(Int64(0)) { $0 + Int64($1.frames.count) * $1.cost }
        var bounds: [Int64] = [0]
        var spanIndex = 0
        var before: Int64 = 0  // cost of the frames before the current span
        for k in 1..<count {
            // The smallest frame f with cost(0..<f) * N >= whole * k.
            let target = whole * Int64(k)
            var frame = total
            while spanIndex < spans.count {
                let s = spans[spanIndex]
                let after = before + Int64(s.frames.count) * s.cost
                if after * Int64(count) >= target {
                    let need = target - before * Int64(count)
                    let per = s.cost * Int64(count)
                    frame = s.frames.lowerBound + (need + per - 1) / per
                    break
                }
                before = after
                spanIndex += 1
            }
            bounds.append(min(max(frame, bounds[k - 1] + 1), total - Int64(count - k)))
        }
        bounds.append(total)
        return bounds
    }
}
