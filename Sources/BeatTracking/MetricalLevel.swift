/// Which level of the beat aubio locked on to: the beat, or twice or half as fast.
///
/// aubio weights its tempo search towards 120 bpm, so on a slow song it may count the eighth
/// notes (every other beat a hi-hat only) and on a fast one every other beat. Both show in the
/// onset strength (aubio's spectral flux) at the beats aubio gave:
///
/// - Halved when the tempo is at least `halveAbove` and one of the two alternating classes of
///   beats (even, odd) is much weaker than the other: the geometric mean of two ratios, the
///   weaker class's mean onset strength over the stronger's and the same for its low band (kick,
///   bass) in the 50 ms after the beat, under `halveRatio`. The stronger class is kept. (Kick and
///   snare beats of a steady track give about 0.5; beats of hi-hats alone between them, 0.04.)
/// - Doubled when the tempo is below `doubleBelow` and the points halfway between the beats are
///   on average at least `doubleRatio` times as strong as the beats: each midpoint (rounded down
///   to a sample) becomes a beat.
///
/// Before both, the level is made one for the file: aubio may drop to half the tempo for a
/// stretch (seen at 170 bpm), so every gap of about two median intervals (`gapRange`) gets its
/// midpoint as a beat. Doubling, likewise, fills only gaps of about one median interval.
///
/// Nothing is tracked here: the beats are aubio's, or every other one, or aubio's with the
/// midpoints between them.
enum MetricalLevel {
    /// Gaps between beats, in median intervals, that hold one missing beat.
    static let gapRange = 1.75...2.3
    static let halveAbove = 100.0
    static let halveRatio = 0.2
    static let doubleBelow = 100.0
    static let doubleRatio = 0.5
    /// Half-width of the window where a point's onset strength is read, in seconds.
    static let reach = 0.025

    static func corrected(_ aubio: [Int64], features: HopSeries) -> [Int64] {
        guard aubio.count >= 8, let median = medianInterval(aubio) else { return aubio }
        let beats = filled(aubio, where: gapRange, median: median)
        let tempo = 60 * Double(features.sampleRate) / median
        let strength = { (b: Int64) -> Double in
            let r = Int64(reach * Double(features.sampleRate))
            return Double(features.hops(from: b - r, to: b + r).map(\.flux).max() ?? 0)
        }
        let s = beats.map(strength)
        if tempo >= halveAbove {
            let low = { (b: Int64) -> Double in
                let span = Int64(2 * reach * Double(features.sampleRate))
                return Double(features.hops(from: b, to: b + span).map(\.lowEnergy).max() ?? 0).squareRoot()
            }
            let l = beats.map(low)
            let even = stride(from: 0, to: s.count, by: 2)
            let odd = stride(from: 1, to: s.count, by: 2)
            let flux = (mean(even.map { s[$0] }), mean(odd.map { s[$0] }))
            let bass = (mean(even.map { l[$0] }), mean(odd.map { l[$0] }))
            let ratio = (ratio(flux) * ratio(bass)).squareRoot()
            if ratio < halveRatio {
                return stride(from: flux.0 + bass.0 >= flux.1 + bass.1 ? 0 : 1, to: beats.count, by: 2).map { beats[$0] }
            }
        }
        if tempo < doubleBelow {
            let mids = zip(beats, beats.dropFirst()).map { $0 + ($1 - $0) / 2 }
            if mean(mids.map(strength)) >= doubleRatio * mean(s) {
                return filled(beats, where: 0.75...1.5, median: median)
            }
        }
        return beats
    }

    /// `beats` with the midpoint (rounded down to a sample) of every gap whose length, in
    /// `median` intervals, is in `range`.
    static func filled(_ beats: [Int64], where range: ClosedRange<Double>, median: Double) -> [Int64] {
        var out: [Int64] = []
        for (b, next) in zip(beats, beats.dropFirst()) {
            out.append(b)
            if range.contains(Double(next - b) / median) { out.append(b + (next - b) / 2) }
        }
        if let last = beats.last { out.append(last) }
        return out
    }

    static func medianInterval(_ beats: [Int64]) -> Double? {
        guard beats.count >= 2 else { return nil }
        let intervals = zip(beats.dropFirst(), beats).map { Double($0 - $1) }.sorted()
        return intervals[intervals.count / 2]
    }

    /// The weaker of two means over the stronger, 1 when both are 0.
    private static func ratio(_ pair: (Double, Double)) -> Double {
        let (a, b) = pair
        return max(a, b) > 0 ? min(a, b) / max(a, b) : 1
    }

    private static func mean(_ x: [Double]) -> Double { x.isEmpty ? 0 : x.reduce(0, +) / Double(x.count) }
}
