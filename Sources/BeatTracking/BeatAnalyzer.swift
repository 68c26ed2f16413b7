import Foundation
import MediaIO
import MediaTime

/// Finds the beats, bars and sections of a file's sound (`reel beats`).
///
/// The sound is decoded (`AudioDecoder`, 48 kHz), mixed to mono and fed hop by hop to aubio's
/// tempo tracker (`TempoTracker`), which places the beats. The hop features measured beside it
/// check which level of the beat aubio counted (`MetricalLevel`), whether it followed the beat or
/// the off-beat (`BeatPhase`) and that the beats stand out of the sound at all (`PulseCheck`), then
/// give the bar phase (`BarPhase`, with the chromagram of `ChromaFrames`) and the section map
/// (`SectionMap`). Only the hop features and the chromagram are kept, not the samples (but for the
/// opening, see `Priming`): 32 bytes per 256 samples, about 22 MB for an hour of music.
package enum BeatAnalyzer {
    /// The analysis of the first `BeatLimits.maxSeconds` of `path`'s sound.
    /// `progress` is told the samples (at `AudioDecoder.sampleRate`) gone through so far; a
    /// second pass over a soft song tells them again.
    package static func analyze(path: String, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> BeatAnalysis {
        try analyze(path: path, settings: .standard, progress: progress)
    }

    static func analyze(path: String, settings: TrackerSettings, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> BeatAnalysis {
        var run = try track(path: path, settings: settings, progress: progress)
        // Soft, dense music (lofi) may show no pulse in spectral flux; aubio's high-frequency
        // content onsets find it there, and nothing in a held tone or noise (see `TrackerSettings`).
        if !run.silent && run.beats.isEmpty, let fallback = settings.fallbackMethod {
            var other = settings
            other.method = fallback
            other.fallbackMethod = nil
            let second = try track(path: path, settings: other, progress: progress)
            if !second.beats.isEmpty { run = second }
        }
        let phase = BarPhase.firstDownbeat(beats: run.beats, features: run.series, beatsPerBar: 4)
        let map = SectionMap(beats: run.beats, firstDownbeat: phase, beatsPerBar: 4, end: run.total, features: run.series)
        return BeatAnalysis(
            sampleRate: Int64(AudioDecoder.sampleRate), sampleCount: run.total,
            tempo: medianTempo(run.beats, rate: Double(AudioDecoder.sampleRate)), confidence: run.beats.isEmpty ? 0 : run.confidence,
            beats: run.beats, beatsPerBar: 4, firstDownbeat: phase, bars: map.bars, sections: map.sections, silent: run.silent)
    }

    /// One pass of aubio over the sound: the beats it found (checked as the type says, empty when
    /// they do not stand out of the sound) and the hop features.
    struct Tracking {
        var beats: [Int64]
        var series: HopSeries
        var total: Int64
        var silent: Bool
        var confidence: Double
    }

    static func track(path: String, settings: TrackerSettings, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> Tracking {
        let refused = FileAccessError(.missingComponent, file: path, operation: "tracking beats", reason: "aubio refused its settings")
        guard let opener = TempoTracker(settings: settings), let tracker = TempoTracker(settings: settings),
            let chroma = ChromaFrames(sampleRate: settings.sampleRate)
        else { throw refused }
        let sound = MonoSound(decoder: try AudioDecoder(path: path), limit: BeatLimits.maxSeconds * Int64(AudioDecoder.sampleRate))
        let hop = settings.hop
        var block = [Float](repeating: 0, count: hop)
        // The opening is kept, to find its beat period and play it to the tracker first.
        var opening: [[Float]] = []
        let openingHops = Int(Priming.openingSeconds * Int64(settings.sampleRate)) / hop
        var openingBeats: [Int64] = []
        while opening.count < openingHops, try sound.next(&block) {
            opening.append(block)
            progress?(sound.count)
            if let b = block.withUnsafeBufferPointer({ opener.process($0) }).beat { openingBeats.append(b) }
        }
        var beats: [Int64] = []
        var features: [HopFeatures] = []
        let primer = Priming.primer(openingBeats: openingBeats, openingHops: opening.count, hop: hop, rate: settings.sampleRate)
        for h in opening.prefix(primer) { _ = h.withUnsafeBufferPointer { tracker.process($0) } }
        let shift = Int64(primer * hop)
        func run(_ samples: [Float]) {
            let result = samples.withUnsafeBufferPointer { tracker.process($0) }
            if let b = result.beat.map({ $0 - shift }), b >= 0, b > (beats.last ?? -1) { beats.append(b) }
            features.append(result.features)
            samples.withUnsafeBufferPointer { chroma.add($0) }
        }
        for h in opening { run(h) }
        while try sound.next(&block) {
            run(block)
            progress?(sound.count)
        }
        let total = sound.count
        let quiet = Float(pow(10, BeatLimits.silenceLevel / 10))
        let silent = (features.map(\.energy).max() ?? 0) < quiet
        let series = HopSeries(features: features, hop: Int64(hop), sampleRate: Int64(AudioDecoder.sampleRate), chroma: chroma.frames)
        // Beats after the end of the sound (aubio's last comb reaches past it) are dropped, and
        // those in silence (aubio's own rule, its silence level).
        let inaudible = Float(pow(10, Double(settings.silence) / 10))
        beats = PulseCheck.audible(beats.filter { $0 < total }, features: series, silence: inaudible)
        beats = silent ? [] : MetricalLevel.corrected(beats, features: series)
        beats = BeatPhase.onTheBeat(beats, features: series, end: total)
        if PulseCheck.pulse(beats: beats, features: series, silence: quiet) < PulseCheck.minimum { beats = [] }
        beats = PulseCheck.trimmed(beats, features: series)
        return Tracking(beats: beats, series: series, total: total, silent: silent, confidence: tracker.confidence)
    }

    /// Beats per minute: the median, over every run of `tempoSpan` consecutive intervals, of their
    /// mean (the median interval when there are fewer). aubio's beats are about half a hop too
    /// close together between the phase corrections it makes every 1.4 s or so; a run of 8
    /// intervals spans those corrections, so the tempo is not biased by them. Nil with fewer than
    /// two beats.
    static func medianTempo(_ beats: [Int64], rate: Double) -> Double? {
        guard beats.count >= 2 else { return nil }
        let span = min(tempoSpan, beats.count - 1)
        let means = (0..<(beats.count - span)).map { Double(beats[$0 + span] - beats[$0]) / Double(span) }.sorted()
        let mid = means.count / 2
        let median = means.count % 2 == 1 ? means[mid] : (means[mid - 1] + means[mid]) / 2
        return 60 * rate / median
    }

    static let tempoSpan = 8
}

extension BeatAnalyzer {
    /// Bumped whenever the analysis changes its results (settings, bar phase, sections), so that
    /// cached analyses made before are done again.
    package static let version = 2
}
