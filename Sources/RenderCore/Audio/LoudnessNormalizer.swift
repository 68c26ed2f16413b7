import DocumentLimits
import Foundation
import MediaIO
import MediaTime

/// Finds the one gain that brings a mix to its loudness target through the limiter, as broadcast
/// and streaming loudness processors do: measure, raise (or lower) to the target, let the
/// look-ahead limiter hold the peaks, and measure again, since limiting takes a little loudness
/// back.
///
/// The gain is not held back to keep peaks under the limiter's threshold: that is what the limiter
/// is for. It is held back only where the limiter would take more than `Limits.maxLimiting` off
/// the loudness of some 400 ms stretch (a stretch flattened, not a peak shaved), and then the
/// report says so.
///
///     gain ──► mix ─► limiter ─► meter:  loudness L, limiting per 400 ms block
///       ▲                                       │
///       └── × (target − L) dB; down by the excess where a block lost more than the limit;
///           between the best gain within the limit and the lowest beyond it
enum LoudnessNormalizer {
    /// Mixes through the limiter tried at most (each sums the whole sound, without pictures).
    static let maxPasses = 5
    /// How close to the target a pass must land to stop, in LU.
    static let aim = 0.1
    /// How far a true peak can lie above the sample peak of the sum: past this the limiter may act.
    static let intersampleMargin = 2.0

    /// The gain chosen and what the limiter does with it.
    struct Choice: Sendable, Equatable {
        /// Linear gain applied to the whole mix before the limiter.
        let gain: Double
        /// The most the limiter took off a 400 ms stretch with it, in dB (0 when nothing reaches it).
        let limiting: Double
        /// Whether a higher gain, closer to the target, was refused for taking more than
        /// `Limits.maxLimiting`.
        let heldBack: Bool
    }

    /// Sets `mixer.masterGain` to bring the mix to `target` LUFS and says what it chose; nil (gain
    /// 1) when the mix has no measurable loudness (silent, or under 400 ms). `before` measured
    /// the sum of the sounds, before any gain and the limiter, over `sampleCount` samples.
    static func normalize(_ mixer: AudioMixer, target: Double, before: LoudnessMeter, sampleCount: Int64) throws(FileAccessError) -> Choice? {
        guard let measured = before.integratedLoudness else { return nil }
        let first = linear(target - measured)
        let threshold = Double(mixer.threshold)
        // Nothing reaches the limiter: the sum times the gain is what is encoded, exactly on target.
        if Double(before.peak) * first * intersampleMargin <= threshold {
            mixer.masterGain = Float(first)
            return Choice(gain: first, limiting: 0, heldBack: false)
        }
        // Gains in dB. The best within the limit starts as the gain that keeps the sum's samples
        // under the threshold (the limiter only shaves what lies between them, so its loudness
        // is foreseen); then the best tried (nearest the target), and the lowest refused.
        let safe = min(target - measured, 20 * log10(threshold / Double(before.peak)))
        var best = (gain: safe, loudness: measured + safe, limiting: 0.0)
        var refused: (gain: Double, limiting: Double)?
        var gain = target - measured
        for _ in 0..<maxPasses {
            let pass = try limitedPass(mixer, gain: linear(gain), before: before, sampleCount: sampleCount)
            if pass.limiting <= Limits.maxLimiting {
                if abs(pass.loudness - target) < abs(best.loudness - target) { best = (gain, pass.loudness, pass.limiting) }
            } else if refused.map({ gain < $0.gain }) ?? true {
                refused = (gain, pass.limiting)
            }
            if abs(best.loudness - target) <= aim { break }
            // Limited sound grows less than the gain: from below, each step lands nearer.
            var next = best.gain + target - best.loudness
            if let refused, next >= refused.gain - aim {
                // Between the two, where the limiting reaches the limit (it grows about linearly
                // with the gain there), a little under it.
                let slope = max((refused.limiting - best.limiting) / (refused.gain - best.gain), 0.1)
                let span = refused.gain - best.gain
                next = best.gain + (Limits.maxLimiting - aim - best.limiting) / slope
                next = min(max(next, best.gain + span * 0.1), refused.gain - span * 0.1)
            }
            if abs(next - gain) < aim / 2 || next <= best.gain && best.loudness < target { break }
            gain = next
        }
        mixer.masterGain = Float(linear(best.gain))
        return Choice(gain: linear(best.gain), limiting: best.limiting, heldBack: refused != nil && best.loudness < target - aim)
    }

    /// Mixes the whole sound through the limiter at `gain` and measures it: its loudness, and the
    /// most the limiter took off a 400 ms block that counts toward it (the block's loudness
    /// times the gain, against after the limiter).
    static func limitedPass(_ mixer: AudioMixer, gain: Double, before: LoudnessMeter, sampleCount: Int64) throws(FileAccessError) -> (
        loudness: Double, limiting: Double
    ) {
        mixer.masterGain = Float(gain)
        mixer.lowered = [:]
        var after = LoudnessMeter()
        let block = 48_000
        var buffer = [Float](repeating: 0, count: block * 2)
        var s: Int64 = 0
        while s < sampleCount {
            let n = Int(min(Int64(block), sampleCount - s))
            try buffer.withUnsafeMutableBufferPointer { b throws(FileAccessError) in
                try mixer.mix(start: s, count: n, into: b.baseAddress!)
                after.add(UnsafeBufferPointer(rebasing: b[0..<(n * 2)]))
            }
            s += Int64(n)
        }
        let had = before.blocks
        let has = after.blocks
        var limiting = 0.0
        for b in after.gatedBlocks where b < had.count && has[b] > 0 {
            limiting = max(limiting, 10 * log10(had[b] * gain * gain / has[b]))
        }
        return (after.integratedLoudness ?? -70, limiting)
    }

    /// The linear gain of `decibels`.
    static func linear(_ decibels: Double) -> Double { pow(10, decibels / 20) }
}
