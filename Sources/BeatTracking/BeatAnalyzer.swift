import Foundation
import MediaIO
import MediaTime

/// Finds the beats, bars and sections of a file's sound (`reel beats`).
///
/// The sound is decoded (`AudioDecoder`, 48 kHz), mixed to mono and fed hop by hop to aubio's
/// tempo tracker (`TempoTracker`), which places the beats. The hop features measured beside it
/// check which level of the beat aubio counted (`MetricalLevel`) and that the beats stand out of
/// the sound at all (`PulseCheck`), then give the bar phase (`BarPhase`) and the section map
/// (`SectionMap`). Only the hop features are
/// kept, not the samples, so an hour of music costs a few megabytes.
public enum BeatAnalyzer {
    /// The analysis of the first `BeatLimits.maxSeconds` of `path`'s sound.
    public static func analyze(path: String) throws(MediaError) -> BeatAnalysis {
        try analyze(path: path, settings: .standard)
    }

    static func analyze(path: String, settings: TrackerSettings) throws(MediaError) -> BeatAnalysis {
        guard let tracker = TempoTracker(settings: settings) else {
            throw MediaError(.missingComponent, file: path, operation: "tracking beats", reason: "aubio refused its settings")
        }
        let decoder = try AudioDecoder(path: path)
        let hop = settings.hop
        let limit = BeatLimits.maxSeconds * Int64(AudioDecoder.sampleRate)
        let block = 4096
        var stereo = [Float](repeating: 0, count: block * AudioDecoder.channels)
        var mono = [Float](repeating: 0, count: hop)
        var filled = 0
        var total: Int64 = 0
        var beats: [Int64] = []
        var features: [HopFeatures] = []
        func run() {
            let hopResult = mono.withUnsafeBufferPointer { tracker.process($0) }
            if let b = hopResult.beat, b >= 0, b > (beats.last ?? -1) { beats.append(b) }
            features.append(hopResult.features)
        }
        reading: while total < limit {
            let got = try stereo.withUnsafeMutableBufferPointer { p throws(MediaError) in
                try decoder.read(into: p.baseAddress!, count: block)
            }
            if got == 0 { break }
            for i in 0..<got {
                mono[filled] = 0.5 * (stereo[2 * i] + stereo[2 * i + 1])
                filled += 1
                total += 1
                if filled == hop {
                    run()
                    filled = 0
                }
                if total >= limit { break reading }
            }
        }
        if filled > 0 {
            for i in filled..<hop { mono[i] = 0 }
            run()
        }
        let quiet = Float(pow(10, BeatLimits.silenceLevel / 10))
        let silent = (features.map(\.energy).max() ?? 0) < quiet
        let series = HopSeries(features: features, hop: Int64(hop), sampleRate: Int64(AudioDecoder.sampleRate))
        // Beats after the end of the sound (aubio's last comb reaches past it) are dropped.
        beats = silent ? [] : MetricalLevel.corrected(beats.filter { $0 < total }, features: series)
        if PulseCheck.pulse(beats: beats, features: series, silence: quiet) < PulseCheck.minimum { beats = [] }
        let phase = BarPhase.firstDownbeat(beats: beats, features: series, beatsPerBar: 4)
        let map = SectionMap(beats: beats, firstDownbeat: phase, beatsPerBar: 4, end: total, features: series)
        return BeatAnalysis(
            sampleRate: Int64(AudioDecoder.sampleRate), sampleCount: total, tempo: medianTempo(beats, rate: Double(AudioDecoder.sampleRate)),
            confidence: beats.isEmpty ? 0 : tracker.confidence, beats: beats, beatsPerBar: 4, firstDownbeat: phase, bars: map.bars,
            sections: map.sections, silent: silent)
    }

    /// Beats per minute of the median interval between beats; nil with fewer than two beats.
    static func medianTempo(_ beats: [Int64], rate: Double) -> Double? {
        guard beats.count >= 2 else { return nil }
        let intervals = zip(beats.dropFirst(), beats).map { $0 - $1 }.sorted()
        let mid = intervals.count / 2
        let median = intervals.count % 2 == 1 ? Double(intervals[mid]) : Double(intervals[mid - 1] + intervals[mid]) / 2
        return 60 * rate / median
    }
}

extension BeatAnalyzer {
    /// Bumped whenever the analysis changes its results (settings, bar phase, sections), so that
    /// cached analyses made before are done again.
    public static let version = 1
}
