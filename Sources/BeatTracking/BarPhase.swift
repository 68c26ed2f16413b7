import Foundation

/// Which beat starts the bars: aubio finds beats, not bars, so the bar phase is measured.
///
/// Each beat gets a strength, the sum of three measures, each standardised over the file:
/// - the low band's strongest onset (`HopFeatures.lowFlux`: a kick drum, a new bass note) from
///   25 ms before the beat to 100 ms after it, on a log scale;
/// - aubio's spectral flux (onset strength) in the 100 ms after it, on a log scale;
/// - the harmonic change: how far the pitch classes of the beat from it to the next differ from
///   those of the beat before it (`ChromaFrames`; one minus the cosine of the two), which is
///   large where a chord changes and near 0 inside a held chord.
///
/// With bars of four, the beats fall into four classes by their index modulo four; the class
/// with the highest mean strength holds the downbeats. Music accents its downbeats, starts most
/// bars with a kick or a bass note, and changes chord on them, so this finds the bar start of
/// most popular music; a track that stresses beat 3 as much as beat 1 and changes chord every
/// two beats may come out half a bar off. The phase is one for the file: a beat aubio drops or
/// adds shifts the bars after it.
enum BarPhase {
    /// Window after a beat where its strength is measured, in seconds.
    static let window = 0.1
    /// How far before a beat its low-band onset may lie, in seconds (aubio's beats may be late
    /// by a hop or two).
    static let lead = 0.025

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
        let before = Int64(lead * Double(features.sampleRate))
        var low: [Double] = []
        var flux: [Double] = []
        for b in beats {
            low.append(log10(Double(features.hops(from: b - before, to: b + span).map(\.lowFlux).max() ?? 0) + 1e-6))
            flux.append(log10(Double(features.hops(from: b, to: b + span).map(\.flux).max() ?? 0) + 1e-6))
        }
        let change = harmonicChanges(beats: beats, features: features)
        return zip(zip(standardised(low), standardised(flux)), standardised(change)).map { $0.0 + $0.1 + $1 }
    }

    /// One minus the cosine of the pitch classes after each beat (to the next beat) and before it
    /// (from the beat before); the first and last beats, which lack a side, get the mean of the others.
    static func harmonicChanges(beats: [Int64], features: HopSeries) -> [Double] {
        guard beats.count >= 3 else { return beats.map { _ in 0 } }
        let spans = zip(beats, beats.dropFirst()).map { features.pitchClasses(from: $0, to: $1) }
        var changes: [Double?] = [nil]
        for i in 1..<(beats.count - 1) {
            guard let a = spans[i - 1], let b = spans[i] else {
                changes.append(nil)
                continue
            }
            changes.append(1 - cosine(a, b))
        }
        changes.append(nil)
        let known = changes.compactMap { $0 }
        let fill = known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
        return changes.map { $0 ?? fill }
    }

    static func cosine(_ a: [Double], _ b: [Double]) -> Double {
        let dot = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        let na = a.reduce(0) { $0 + $1 * $1 }.squareRoot()
        let nb = b.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return na > 0 && nb > 0 ? dot / (na * nb) : 1
    }

    static func standardised(_ x: [Double]) -> [Double] {
        guard !x.isEmpty else { return [] }
        let mean = x.reduce(0, +) / Double(x.count)
        let variance = x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count)
        let sd = variance.squareRoot()
        return x.map { sd > 1e-9 ? ($0 - mean) / sd : 0 }
    }
}
