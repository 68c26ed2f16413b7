/// A head start for aubio: its tracker needs seconds of sound before its first beat.
///
/// aubio finds the period and phase from the last 11 s or so of onsets, so on its own it lists
/// no beat in the first 2 to 3 s of a song. The opening (`openingSeconds`) is first tracked on its
/// own to measure its beat period P (the median interval of aubio's beats there); then the tracker
/// that makes the analysis hears the opening's first L samples, L a whole number of bars of P
/// (4P each) of at least `minimumSeconds` rounded to whole hops, and then the song from its start.
/// A steady opening continues across the join in step with itself, so the tracker is locked on
/// when the song starts; its beats are counted from there (L is taken off, and any before the
/// start dropped). Without at least four beats in the opening there is no primer.
enum Priming {
    static let openingSeconds: Int64 = 20
    static let minimumSeconds = 11.0

    /// Hops of the opening to play first, 0 for none.
    static func primer(openingBeats: [Int64], openingHops: Int, hop: Int, rate: Int) -> Int {
        guard openingBeats.count >= 4, let tempo = BeatAnalyzer.medianTempo(openingBeats, rate: Double(rate)) else { return 0 }
        let bar = 4 * 60 * Double(rate) / tempo
        let bars = (minimumSeconds * Double(rate) / bar).rounded(.up)
        let hops = Int((bars * bar / Double(hop)).rounded())
        return hops <= openingHops ? hops : 0
    }
}
