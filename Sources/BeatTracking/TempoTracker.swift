import CAubio

/// aubio's beat tracker and a spectrum of each hop, fed one hop of mono samples at a time.
///
/// The one owner of aubio's objects: they are created together, freed in `deinit`, and never
/// leave this class. aubio finds the beats (`aubio_tempo_do`: a spectral-flux onset function,
/// its autocorrelation for the period, a comb of expected beats for the phase); beside it a
/// phase vocoder of the same size gives the magnitude spectrum and aubio's spectral flux of the
/// hop, the features bar phase and sections are measured on.
final class TempoTracker {
    let settings: TrackerSettings
    private let tempo: OpaquePointer
    private let vocoder: OpaquePointer
    private let flux: OpaquePointer
    private let input: UnsafeMutablePointer<fvec_t>
    private let beat: UnsafeMutablePointer<fvec_t>
    private let spectrum: UnsafeMutablePointer<cvec_t>
    private let fluxOut: UnsafeMutablePointer<fvec_t>
    /// Highest spectrum bin counted as low band (kick drum and bass).
    private let lowBins: Int
    /// The low band's magnitudes in the hop before, for its onsets (`HopFeatures.lowFlux`).
    private var lowMagnitudes: [Float]
    /// aubio's last beat, as last seen.
    private var lastBeat: UInt32 = 0

    /// Nil when aubio refuses the sizes (it prints why on standard error).
    init?(settings: TrackerSettings) {
        self.settings = settings
        let window = UInt32(settings.window)
        let hop = UInt32(settings.hop)
        let rate = UInt32(settings.sampleRate)
        guard let tempo = new_aubio_tempo(settings.method, window, hop, rate) else { return nil }
        guard let vocoder = new_aubio_pvoc(window, hop) else {
            del_aubio_tempo(tempo)
            return nil
        }
        guard let flux = new_aubio_specdesc("specflux", window) else {
            del_aubio_tempo(tempo)
            del_aubio_pvoc(vocoder)
            return nil
        }
        self.tempo = tempo
        self.vocoder = vocoder
        self.flux = flux
        aubio_tempo_set_threshold(tempo, settings.threshold)
        aubio_tempo_set_silence(tempo, settings.silence)
        input = new_fvec(hop)
        beat = new_fvec(2)
        spectrum = new_cvec(window)
        fluxOut = new_fvec(1)
        lowBins = max(1, settings.lowBandHz * settings.window / settings.sampleRate)
        lowMagnitudes = [Float](repeating: 0, count: lowBins + 1)
    }

    deinit {
        del_aubio_tempo(tempo)
        del_aubio_pvoc(vocoder)
        del_aubio_specdesc(flux)
        del_fvec(input)
        del_fvec(beat)
        del_cvec(spectrum)
        del_fvec(fluxOut)
    }

    /// One hop's analysis: the beat aubio placed in it, if any, and the hop's features.
    struct Hop {
        /// Sample index of the beat found in this hop (aubio's `get_last`), nil when none.
        var beat: Int64?
        var features: HopFeatures
    }

    /// Analyses the next `settings.hop` samples (`samples` holds exactly that many).
    func process(_ samples: UnsafeBufferPointer<Float>) -> Hop {
        precondition(samples.count == settings.hop, "TempoTracker: one hop at a time")
        input.pointee.data.update(from: samples.baseAddress!, count: samples.count)
        aubio_tempo_do(tempo, input, beat)
        // aubio marks a beat by its fraction of a hop in `beat[0]`, which is 0 for a beat that
        // falls on a hop's start (its own tools then miss it): a new `get_last` is the beat.
        // Whether it lies in silence is judged later, around the beat (`PulseCheck.audible`):
        // the hop that reports a click's beat may be the silence just after the click.
        var found: Int64?
        let last = aubio_tempo_get_last(tempo)
        if last != lastBeat {
            lastBeat = last
            found = Int64(last)
        }
        aubio_pvoc_do(vocoder, input, spectrum)
        aubio_specdesc_do(flux, spectrum, fluxOut)
        var low: Float = 0
        var lowRise: Float = 0
        var all: Float = 0
        let bins = Int(spectrum.pointee.length)
        for i in 0..<bins {
            let m = spectrum.pointee.norm[i]
            all += m * m
            if i >= 1 && i <= lowBins {
                low += m * m
                lowRise += max(0, m - lowMagnitudes[i])
                lowMagnitudes[i] = m
            }
        }
        var energy: Float = 0
        for s in samples { energy += s * s }
        let features = HopFeatures(
            energy: energy / Float(samples.count), lowEnergy: low / Float(bins), spectralEnergy: all / Float(bins), flux: fluxOut.pointee.data[0],
            lowFlux: lowRise)
        return Hop(beat: found, features: features)
    }

    /// aubio's tempo estimate for the last few seconds, nil while it has none.
    var currentBPM: Double? {
        let bpm = Double(aubio_tempo_get_bpm(tempo))
        return bpm > 0 ? bpm : nil
    }

    var confidence: Double { Double(aubio_tempo_get_confidence(tempo)) }
}

/// What the analysis measures of one hop, the raw material of bar phase and sections.
struct HopFeatures: Sendable {
    /// Mean square of the samples.
    var energy: Float
    /// Mean square magnitude of the low band (up to `lowBandHz`): kick drums and bass.
    var lowEnergy: Float
    /// Mean square magnitude of the whole spectrum.
    var spectralEnergy: Float
    /// aubio's spectral flux: how much the spectrum rose since the hop before (onset strength).
    var flux: Float
    /// The same rise in the low band alone (summed magnitude increases of its bins): the onsets
    /// of kick drums and bass notes, which mark the beat and the bar where hi-hats do not.
    var lowFlux: Float
}
