/// The features of every hop of a file, looked up by sample ranges.
struct HopSeries: Sendable {
    let features: [HopFeatures]
    /// Samples per hop, and per second.
    let hop: Int64
    let sampleRate: Int64

    /// The hops that start inside `start..<end` (at least the one holding `start`, when it exists).
    func hops(from start: Int64, to end: Int64) -> ArraySlice<HopFeatures> {
        let first = Int(max(0, start / hop))
        let last = Int(max(Int64(first + 1), (end + hop - 1) / hop))
        guard first < features.count else { return [] }
        return features[first..<min(features.count, last)]
    }
}
