import MediaTime
import TemplateFormat

/// Chooses where in a long enough video a slot's segment starts.
///
/// The slot's rule gives the preferred start: `start`, `middle`, `end`, or `best` (the window with
/// the highest mean of the per-second scores of the analysis pass; `start` without scores). The
/// segment keeps clear of the first `lead` and last `tail` of the video when it can, so that the
/// transitions on either side find frames beyond the cut (their handles).
///
/// A video used again takes a segment that overlaps its earlier uses as little as possible, and
/// above all not its latest use, so the same frames never play twice in a row:
///
/// ```
/// video   |0 ─────────────────────── 5 s|
/// use 1   [0, 2)                              rule start
/// use 2         [2, 4)                        continues where use 1 ended
/// use 3   [0, 2)                              [3, 5) would repeat use 2's last second
/// ```
package enum SegmentChooser {
    /// What the choice depends on, all in source time of the video.
    package struct Request {
        /// Length of the video.
        package var available: RationalTime
        /// Source length the slot plays (`available >= needed`).
        package var needed: RationalTime
        /// The slot's preferred part: start, middle, end or best.
        package var rule: WhenLonger
        /// Per-second watchability, 0...1, from the analysis pass; nil makes `best` act as `start`.
        package var scores: [Double]?
        /// Source time to keep before the segment and after it, when the video allows.
        package var lead: RationalTime
        var tail: RationalTime
        /// Earlier uses of this video, oldest first.
        package var used: [TimeRange]
    }

    /// The segment's source start, within `[0, available - needed]`, keeping the rule, the handles and the earlier uses as well as it can.
    package static func start(for r: Request) -> RationalTime {
        let latest = r.available - r.needed
        let lo = min(r.lead, latest)
        let hi = max(lo, latest - r.tail)
        let preferred: RationalTime
        switch r.rule {
        case .start: preferred = lo
        case .end: preferred = hi
        case .middle: preferred = (latest / 2).clamped(to: lo, hi)
        case .best: preferred = best(r, lo: lo, hi: hi) ?? lo
        }
        guard !r.used.isEmpty else { return preferred }
        // Candidates in order of preference: the rule's choice, right after each earlier use
        // (latest first), the ends of the allowed span, then successive segments from the start.
        var candidates = [preferred] + r.used.reversed().map { $0.end.clamped(to: .zero, latest) } + [lo, hi, .zero, latest]
        var k: Int64 = 1
        while candidates.count < 64, let next = try? r.needed.multiplied(by: RationalTime(seconds: k)), next < latest {
            candidates.append(next)
            k += 1
        }
        var bestStart = preferred
        var bestCost = Double.infinity
        for c in candidates {
            let cost = self.cost(TimeRange(start: c, duration: r.needed), used: r.used)
            if cost < bestCost {
                bestCost = cost
                bestStart = c
            }
        }
        return bestStart
    }

    /// Seconds of overlap with earlier uses, the latest weighing a thousand times more.
    private static func cost(_ range: TimeRange, used: [TimeRange]) -> Double {
        var cost = 0.0
        for (i, u) in used.enumerated() {
            let overlap = range.intersection(u)?.duration.seconds ?? 0
            cost += i == used.count - 1 ? overlap * 1000 : overlap
        }
        return cost
    }

    /// The start in `lo...hi` (on whole seconds, plus `lo` and `hi`) whose window has the highest
    /// mean score; the earliest among equals. Nil without scores.
    package static func best(_ r: Request, lo: RationalTime, hi: RationalTime) -> RationalTime? {
        guard let scores = r.scores, !scores.isEmpty else { return nil }
        var starts = [lo]
        var s = Int64(lo.seconds.rounded(.up))
        while RationalTime(seconds: s) < hi && starts.count < 4000 {
            starts.append(RationalTime(seconds: s))
            s += 1
        }
        starts.append(hi)
        var bestStart = lo
        var bestScore = -Double.infinity
        for start in starts {
            let score = meanScore(scores, from: start.seconds, length: r.needed.seconds)
            if score > bestScore + 1e-9 {
                bestScore = score
                bestStart = start
            }
        }
        return bestStart
    }

    /// Mean of the per-second scores over `[from, from + length)`, weighting partly covered seconds.
    static func meanScore(_ scores: [Double], from: Double, length: Double) -> Double {
        guard length > 0 else { return 0 }
        var total = 0.0
        var t = from
        let end = from + length
        while t < end - 1e-9 {
            let second = Int(t.rounded(.down))
            let next = min(end, Double(second + 1))
            let value = second >= 0 && second < scores.count ? scores[second] : 0
            total += value * (next - t)
            t = next
        }
        return total / length
    }
}
