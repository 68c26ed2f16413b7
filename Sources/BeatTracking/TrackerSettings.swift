/// The sizes and thresholds aubio's tracker runs with, chosen with `scripts/bench-beats`.
///
/// aubio's own command line (`aubiotrack`) uses a 1024-sample window and a 512-sample hop. Its
/// comb filter finds beat periods about half a hop short (tempi about 1.3 % fast at a 512 hop),
/// and the tracker corrects the phase that drifts from it every 1.4 s or so, which costs beats at
/// some tempi: at a 256-sample hop (5.3 ms at 48 kHz) the bias is half as large, and the bench's
/// mean F-measure went from 0.82 to 0.94. A 128 hop or a 288 hop (aubio's 6 s observation window
/// instead of 11 s) scored lower.
struct TrackerSettings: Sendable {
    var sampleRate = 48_000
    var window = 1024
    var hop = 256
    /// aubio's onset function for tracking: "default" is spectral flux.
    var method = "default"
    /// The onset function of a second pass when the first finds no pulse: "hfc" (high-frequency
    /// content) finds the beat of the shipped lofi track (80 bpm, F 0.98) where spectral flux
    /// finds none, but misses three other shipped tracks, so it is a fallback only.
    var fallbackMethod: String? = "hfc"
    /// aubio's peak-picking threshold (its default, 0.3).
    var threshold: Float = 0.3
    /// Hops quieter than this (dB) get no beat: aubio's default is -90; quiet intros still count.
    var silence: Float = -90
    /// Upper edge of the low band (kick drum and bass) the bar phase listens to.
    var lowBandHz = 150

    /// The settings every analysis runs with; the bench compares others against them.
    public static let standard = TrackerSettings()
}

/// The bounds of beat analysis, declared once.
package enum BeatLimits {
    /// Longest stretch of a file analysed, in seconds: an hour at 48 kHz, and at 180 bpm about
    /// 10 800 beats, inside a template's limit of listed beats.
    package static let maxSeconds: Int64 = 3600
    /// Sound whose loudest hop is quieter than this (dBFS) is silence.
    static let silenceLevel = -70.0
    /// Fewest bars a section lasts, unless it is the last.
    static let minSectionBars = 4
}
