/// Whether the beats aubio gave stand out of the sound: aubio places beats on any sound, even a
/// held tone or noise, where its onset function is only noise.
///
/// A point's onset strength is the peak of aubio's spectral flux within 25 ms of it. The pulse
/// is the median strength at the beats over the median strength at every hop of the sound
/// (from the first sound to the last): how far the beats rise above an arbitrary moment. A held tone or pink
/// noise score 0.7 to 1; the shipped templates' music 2.5 to 3, the bench's synthesized tracks 10
/// to 40, a click track about 100. The shipped lofi track scores 1.3 with spectral flux, whose
/// beats there are wrong (120 bpm for 80); `TrackerSettings.fallbackMethod` finds it. Under
/// `minimum`, the sound has no beat (the analysis lists none).
enum PulseCheck {
    static let minimum = 1.5
    static let reach = 0.025

    static func pulse(beats: [Int64], features: HopSeries, silence: Float) -> Double {
        let flux = features.features.map { Double($0.flux) }
        guard !flux.isEmpty, !beats.isEmpty else { return 0 }
        let r = max(1, Int((reach * Double(features.sampleRate) / Double(features.hop)).rounded(.up)))
        var peak = [Double](repeating: 0, count: flux.count)
        for i in flux.indices {
            peak[i] = flux[max(0, i - r)...min(flux.count - 1, i + r)].max() ?? 0
        }
        let atBeats = beats.map { peak[min(flux.count - 1, Int($0 / features.hop))] }
        // Every hop from the first sound to the last: the silence between a click track's clicks
        // is part of its rhythm, but silence before and after the music is not.
        let sounding = flux.indices.filter { features.features[$0].energy > silence }
        guard let first = sounding.first, let last = sounding.last else { return 0 }
        let everywhere = (first...last).map { peak[$0] }
        let base = median(everywhere)
        let top = median(atBeats)
        return base > 0 ? top / base : (top > 0 ? .infinity : 0)
    }

    /// `beats` without those in silence: no hop within `reach` of the beat is louder than
    /// `silence` (mean square). A beat is judged around it, not by the one hop where aubio
    /// reported it, which after a click may already be silent.
    static func audible(_ beats: [Int64], features: HopSeries, silence: Float) -> [Int64] {
        let r = Int64(reach * Double(features.sampleRate))
        return beats.filter { b in features.hops(from: b - r, to: b + r).contains { $0.energy > silence } }
    }

    /// Fraction of the median beat strength under which the first and last beats are dropped.
    static let edge = 0.02

    /// `beats` without the run at its start and the run at its end weaker than `edge` times the
    /// median beat: a primed tracker places beats in the faint noise before the music starts, and
    /// one runs on after it ends.
    static func trimmed(_ beats: [Int64], features: HopSeries) -> [Int64] {
        let r = Int64(reach * Double(features.sampleRate))
        let strength = beats.map { b in Double(features.hops(from: b - r, to: b + r).map(\.flux).max() ?? 0) }
        let floor = edge * median(strength)
        guard let first = strength.firstIndex(where: { $0 >= floor }), let last = strength.lastIndex(where: { $0 >= floor }) else { return [] }
        return Array(beats[first...last])
    }

    static func median(_ x: [Double]) -> Double {
        guard !x.isEmpty else { return 0 }
        let s = x.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
