import MediaTime

/// Where the visible window of a `smart` clip is centred at one time of the clip.
///
/// The window is the one `cover` shows (the largest part of the picture with the clip's frame's
/// shape); `x` and `y` place its centre in fractions of the picture as displayed (after its
/// orientation), 0 to 1 from its left and top edges. A centre too near an edge for the window is
/// moved in until the window touches it, so no edge of the picture ever shows: 0.5, 0.5 is
/// `cover`'s own window, 0 the window against the left (or top) edge.
public struct CropKeyframe: Sendable, Hashable {
    /// Time from the start of the clip's timeline range, as for `motion`.
    package var time: RationalTime
    /// Centre of the window across the displayed picture, 0 (left edge) to 1 (right edge).
    package var x: Double
    /// Centre of the window down the displayed picture, 0 (top edge) to 1 (bottom edge).
    package var y: Double

    /// Centred (`cover`'s window) unless given; `time` counts from the clip's start and lies within it (L031).
    public init(time: RationalTime, x: Double = 0.5, y: Double = 0.5) {
        self.time = time
        self.x = x
        self.y = y
    }
}

/// The centre of a crop path at any time: a monotone cubic (Fritsch–Carlson, as PCHIP) through
/// the keyframes, held before the first and after the last.
///
/// A monotone cubic never overshoots its keyframes (a still stretch between equal keyframes stays
/// perfectly still, a pan never swings past where it stops) and its velocity is continuous, so a
/// path written a few times a second moves as smoothly as the one it was sampled from.
package enum CropPath {
    /// The centre at `time` (from the clip's start); nil for an empty path.
    package static func centre(_ keys: [CropKeyframe], at time: RationalTime) -> (x: Double, y: Double)? {
        guard let first = keys.first, let last = keys.last else { return nil }
        if keys.count == 1 || time <= first.time { return (first.x, first.y) }
        if time >= last.time { return (last.x, last.y) }
        // The last keyframe at or before `time`.
        var low = 0
        var high = keys.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if keys[mid].time <= time { low = mid } else { high = mid }
        }
        let seconds = keys.map { $0.time.seconds }
        let h = seconds[low + 1] - seconds[low]
        guard h > 0 else { return (keys[low + 1].x, keys[low + 1].y) }
        let s = ((time - keys[low].time).seconds / h).clamped(0, 1)
        return (
            hermite(keys.map(\.x), seconds, low, s), hermite(keys.map(\.y), seconds, low, s)
        )
    }

    /// The part of a path from clip time `start` to `end`, as a path of the clip made of that part
    /// (times from `start`): what a split or a trim keeps. The centres at both ends are kept as
    /// keyframes, so the part passes where the path did at them; between keyframes next to a cut
    /// the curve may bend a little differently (its tangents are the part's own). A still part is
    /// one keyframe.
    package static func part(_ keys: [CropKeyframe], from start: RationalTime, to end: RationalTime) -> [CropKeyframe] {
        guard let first = centre(keys, at: start), let last = centre(keys, at: end) else { return [] }
        let inner = keys.filter { $0.time > start && $0.time < end }
        var kept = [CropKeyframe(time: .zero, x: first.x, y: first.y)]
        kept += inner.map { CropKeyframe(time: $0.time - start, x: $0.x, y: $0.y) }
        if end > start { kept.append(CropKeyframe(time: end - start, x: last.x, y: last.y)) }
        if kept.allSatisfy({ $0.x == kept[0].x && $0.y == kept[0].y }) { return [kept[0]] }
        return kept
    }

    /// The monotone cubic through `v` at `t`, on interval `i` at fraction `s`.
    static func hermite(_ v: [Double], _ t: [Double], _ i: Int, _ s: Double) -> Double {
        let h = t[i + 1] - t[i]
        let m0 = tangent(v, t, i)
        let m1 = tangent(v, t, i + 1)
        let s2 = s * s
        let s3 = s2 * s
        // v0 + (v1 - v0)·h01 + h·(m0·h10 + m1·h11): equal keyframes with flat tangents give v0 exactly.
        return v[i] + (v[i + 1] - v[i]) * (3 * s2 - 2 * s3) + h * (m0 * (s3 - 2 * s2 + s) + m1 * (s3 - s2))
    }

    /// Fritsch–Carlson tangent at keyframe `k`: zero where the path turns or rests, the weighted
    /// harmonic mean of the slopes either side elsewhere, the one slope at the ends.
    static func tangent(_ v: [Double], _ t: [Double], _ k: Int) -> Double {
        func slope(_ j: Int) -> Double {
            let h = t[j + 1] - t[j]
            return h > 0 ? (v[j + 1] - v[j]) / h : 0
        }
        if k == 0 { return slope(0) }
        if k == v.count - 1 { return slope(k - 1) }
        let a = slope(k - 1)
        let b = slope(k)
        guard a * b > 0 else { return 0 }
        let h0 = t[k] - t[k - 1]
        let h1 = t[k + 1] - t[k]
        let w1 = 2 * h1 + h0
        let w2 = h1 + 2 * h0
        return (w1 + w2) / (w1 / a + w2 / b)
    }
}

extension Double {
    fileprivate func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(high, Swift.max(low, self)) }
}
