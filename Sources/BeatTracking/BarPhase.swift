import Foundation

/// Which beat starts the bars: aubio finds beats, not bars, so the bar phase is measured.
///
/// Each beat gets a strength: the low band's loudest hop (kick drum, bass) and aubio's spectral
/// flux (onset strength) in the first 100 ms after it, each on a log scale and standardised over
/// the file, then added. With bars of four, the beats fall into four classes by their index
/// modulo four; the class with the highest mean strength holds the downbeats. Music accents its
/// downbeats, and a bass note or kick starts most bars, so this finds the bar start of most
/// popular music; a track that stresses beat 3 as much as beat 1 may come out half a bar off.
/// The phase is one for the file: a beat aubio drops or adds shifts the bars after it.
enum BarPhase {
    /// Window after a beat where its strength is measured, in seconds.
    static let window = 0.1

    /// Index of the first downbeat in `beats`, nil with fewer beats than a bar.
    static func firstDownbeat(beats: [Int64], features: HopSeries, beatsPerBar: Int) -> Int? {
        guard beats.count >= beatsPerBar else { return nil }
        let strengths = strengths(beats: beats, features: features)
        var best = (phase: 0, score: -Double.infinity)
        for phase in 0..<beatsPerBar {
            let own = stride(from: phase, to: strengths.count, by: beatsPerBar).map { strengths[$0] }
            let score = own.reduce(0, +) / Double(own.count)
            if score > best.score + 1e-9 { best = (phase, score) }
        }
        return best.phase
    }

    /// The standardised strength of each beat (see the type's documentation).
    static func strengths(beats: [Int64], features: HopSeries) -> [Double] {
        let span = Int64(window * Double(features.sampleRate))
        var low: [Double] = []
        var flux: [Double] = []
        for b in beats {
            let hops = features.hops(from: b, to: b + span)
            low.append(log10(Double(hops.map(\.lowEnergy).max() ?? 0) + 1e-10))
            flux.append(log10(Double(hops.map(\.flux).max() ?? 0) + 1e-6))
        }
        let a = standardised(low)
        let f = standardised(flux)
        return zip(a, f).map { $0 + $1 }
    }

    static func standardised(_ x: [Double]) -> [Double] {
        guard !x.isEmpty else { return [] }
        let mean = x.reduce(0, +) / Double(x.count)
        let variance = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count)
        let sd = variance.squareRoot()
        return x.map { sd > 1e-9 ? ($0 - mean) / sd : 0 }
    }
}
