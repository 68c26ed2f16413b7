/// Whether aubio's beats are on the beat or half a beat off it.
///
/// aubio's comb filter places its beats where its onset function (spectral flux) peaks most
/// regularly. In a song with a kick on every beat and hi-hats on every off-beat, the two pulse
/// trains have the same period, and the hi-hats, spread over the whole spectrum, often rise as
/// high in spectral flux as the kicks: which train aubio follows then depends on details as
/// small as an encoder's low-pass (an AAC file and an MP3 of one song came out half a beat
/// apart). The beat is where the low band starts notes (kick, bass): when the low-band onsets
/// (`HopFeatures.lowFlux`) halfway between aubio's beats are on average more than `ratio` times
/// as strong as at the beats, the beats move to the halfway points (and half a beat before the
/// first and after the last, where a low note starts there too). The beats' period is aubio's.
enum BeatPhase {
    static let ratio = 2.0
    /// Half-width of the window where a point's low-band onset strength is read, in seconds.
    static let reach = 0.025

    static func onTheBeat(_ beats: [Int64], features: HopSeries, end: Int64) -> [Int64] {
        guard beats.count >= 4 else { return beats }
        let mids = zip(beats, beats.dropFirst()).map { $0 + ($1 - $0) / 2 }
        let atBeats = mean(beats.map { lowOnset(at: $0, features) })
        let atMids = mean(mids.map { lowOnset(at: $0, features) })
        guard atMids > ratio * atBeats else { return beats }
        // Half a beat before the first and after the last are beats too where the low band
        // starts a note there as it does at the others (not in the tail of the last chord).
        let edge = { (b: Int64) -> Bool in b >= 0 && b < end && lowOnset(at: b, features) >= 0.5 * atMids }
        var shifted = mids
        let before = beats[0] - (beats[1] - beats[0]) / 2
        if edge(before) { shifted.insert(before, at: 0) }
        let n = beats.count
        let after = beats[n - 1] + (beats[n - 1] - beats[n - 2]) / 2
        if edge(after) { shifted.append(after) }
        return shifted
    }

    /// The strongest low-band onset within `reach` of `point`.
    static func lowOnset(at point: Int64, _ features: HopSeries) -> Double {
        let r = Int64(reach * Double(features.sampleRate))
        return Double(features.hops(from: point - r, to: point + r).map(\.lowFlux).max() ?? 0)
    }

    private static func mean(_ x: [Double]) -> Double { x.isEmpty ? 0 : x.reduce(0, +) / Double(x.count) }
}
