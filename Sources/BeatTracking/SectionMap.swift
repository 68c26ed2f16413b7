import Foundation

/// Bars, their energy and novelty, and the sections they make.
///
/// A bar runs from a downbeat to the next (the last one for a bar's worth of the median beat,
/// at most to the end of the sound). Its energy is its RMS level against the loudest bar's.
/// Its novelty compares the two bars from it on with the two before it: the difference, in dB,
/// of three measures (low-band level, whole-spectrum level, spectral flux), summed, and scaled so
/// the largest change of the file is 1. Sections split the bars where novelty peaks: each peak
/// of at least `minChangeDB`, strongest first, that leaves `BeatLimits.minSectionBars` bars
/// between it and every split already made. A drop, a chorus or a break starts a section, and
/// the loudest section (`BeatAnalysis.strongestSection`) is where the music is fullest.
struct SectionMap {
    /// Smallest summed change, in dB, that starts a section.
    static let minChangeDB = 4.5
    /// Bars compared on each side of a bar start.
    static let context = 2

    private(set) var bars: [BeatAnalysis.Bar] = []
    private(set) var sections: [BeatAnalysis.Section] = []

    init(beats: [Int64], firstDownbeat: Int?, beatsPerBar: Int, end: Int64, features: HopSeries) {
        guard let first = firstDownbeat, first < beats.count else { return }
        let starts = stride(from: first, to: beats.count, by: beatsPerBar).map { beats[$0] }
        let beatLength = beats.count >= 2 ? (beats[beats.count - 1] - beats[0]) / Int64(beats.count - 1) : 0
        var ranges: [(Int64, Int64)] = []
        for (i, s) in starts.enumerated() {
            let e = i + 1 < starts.count ? starts[i + 1] : min(end, s + beatLength * Int64(beatsPerBar))
            if e > s { ranges.append((s, e)) }
        }
        guard !ranges.isEmpty else { return }
        var levels: [Double] = []
        var measures: [[Double]] = []
        for (s, e) in ranges {
            let hops = features.hops(from: s, to: e)
            let n = Double(max(1, hops.count))
            levels.append((hops.reduce(0) { $0 + Double($1.energy) } / n).squareRoot())
            measures.append([
                Self.dB(hops.reduce(0) { $0 + Double($1.lowEnergy) } / n),
                Self.dB(hops.reduce(0) { $0 + Double($1.spectralEnergy) } / n),
                Self.dB(hops.reduce(0) { $0 + Double($1.flux) } / n),
            ])
        }
        let loudest = levels.max() ?? 0
        let changes = Self.changes(measures)
        let largest = changes.max() ?? 0
        for (i, (s, e)) in ranges.enumerated() {
            bars.append(
                BeatAnalysis.Bar(
                    start: s, end: e, energy: loudest > 0 ? levels[i] / loudest : 0, novelty: largest > 0 ? changes[i] / largest : 0))
        }
        let splits = Self.splits(changes)
        let edges = [0] + splits + [bars.count]
        for (a, b) in zip(edges, edges.dropFirst()) where b > a {
            let energy = bars[a..<b].reduce(0) { $0 + $1.energy } / Double(b - a)
            sections.append(BeatAnalysis.Section(firstBar: a, endBar: b, start: bars[a].start, end: bars[b - 1].end, energy: energy))
        }
    }

    /// The summed dB change at each bar start, the first bar's 0.
    static func changes(_ measures: [[Double]]) -> [Double] {
        measures.indices.map { i in
            guard i > 0 else { return 0 }
            let before = measures[max(0, i - context)..<i]
            let after = measures[i..<min(measures.count, i + context)]
            return (0..<measures[i].count).reduce(0) { sum, k in
                let a = before.reduce(0) { $0 + $1[k] } / Double(before.count)
                let b = after.reduce(0) { $0 + $1[k] } / Double(after.count)
                return sum + abs(b - a)
            }
        }
    }

    /// The bars where sections start, after the first (see the type's documentation).
    static func splits(_ changes: [Double]) -> [Int] {
        let n = changes.count
        let peaks = (1..<max(1, n)).filter { i in
            changes[i] >= minChangeDB && changes[i] >= changes[i - 1] && (i + 1 >= n || changes[i] >= changes[i + 1])
        }
        var chosen: [Int] = []
        for i in peaks.sorted(by: { changes[$0] > changes[$1] }) {
            let gap = BeatLimits.minSectionBars
            if i < gap || n - i < gap { continue }
            if chosen.allSatisfy({ abs($0 - i) >= gap }) { chosen.append(i) }
        }
        return chosen.sorted()
    }

    static func dB(_ power: Double) -> Double { 10 * log10(power + 1e-12) }
}
