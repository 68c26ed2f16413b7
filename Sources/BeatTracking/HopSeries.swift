/// The features of every hop of a file, looked up by sample ranges.
struct HopSeries: Sendable {
    let features: [HopFeatures]
    /// Samples per hop, and per second.
    let hop: Int64
    let sampleRate: Int64
    /// The chromagram (`ChromaFrames`): twelve values per frame of `ChromaFrames.hop` samples.
    var chroma: [Float] = []

    /// The hops that start inside `start..<end` (at least the one holding `start`, when it exists).
    func hops(from start: Int64, to end: Int64) -> ArraySlice<HopFeatures> {
        let first = Int(max(0, start / hop))
        let last = Int(max(Int64(first + 1), (end + hop - 1) / hop))
        guard first < features.count else { return [] }
        return features[first..<min(features.count, last)]
    }

    /// The mean pitch classes of the chroma frames centred inside `start..<end`, nil when none is.
    /// Frame `i` ends at sample `(i + 1) * hop` and is centred half a window before.
    func pitchClasses(from start: Int64, to end: Int64) -> [Double]? {
        let step = Int64(ChromaFrames.hop)
        let half = Int64(ChromaFrames.window / 2)
        let count = Int64(chroma.count / 12)
        // Centre of frame i: (i + 1) * step - half.
        let first = max(0, (start + half + step - 1) / step - 1)
        let last = min(count, (end + half + step - 1) / step - 1)
        guard last > first else { return nil }
        var sum = [Double](repeating: 0, count: 12)
        for i in first..<last {
            for k in 0..<12 { sum[k] += Double(chroma[Int(i) * 12 + k]) }
        }
        return sum.map { $0 / Double(last - first) }
    }
}
