import DocumentLimits
import Foundation
import MediaTime
import TimelineModel

/// The gain of a ducked sound (the music) at each sample, from the level of the sidechain (the
/// clips' own sound and the voice-over, as mixed): down by `Ducking.amount` while the sidechain
/// is heard, back up after it falls quiet.
///
/// For sample `t` of the sidechain (`l`, `r`), in integers so that the result is exact:
///
///     p(t)   = (l² + r²) / 2, in units of 2^-40 (held under 64)
///     heard(t) = Σ p over the last `window` samples (10 ms) ≥ 10^(threshold/10) × window   the RMS level
///     key(t) = 1 when heard at one of the last `hold + 1` samples, else 0
///     a(t)   = Σ key over the last A samples                      (A = attack in samples, at least 1)
///     s(t)   = Σ a over the last R samples                        (R = release, at least 1)
///     w(t)   = max(a(t) × R, s(t)) / (A × R)                      the depth, 0...1
///     gain(t) = 10^(amount × w(t) / 20)
///
/// The depth follows `key` up in a straight line over the attack (in dB: the music fades down
/// evenly to the ear), and back down over the release plus the attack, along a smooth S (the
/// mean of a ramp); so a tone at `t0` lowers the music fully by `t0 + attack`, and a tone ending
/// at `t1` lets it back up from `t1 + hold`, fully by `t1 + hold + attack + release`. Unlike a
/// recursive envelope follower (FFmpeg's `sidechaincompress`, whose level moves towards each
/// sample by a coefficient of the attack or release), every term is a sum over a window of
/// `lookBehind` samples, so the gain at `t` depends on that window alone: the mix is the same to
/// the bit however it is cut into blocks, and a mixer that jumps (`SoundSum`) gets the same
/// gains by feeding the window before the jump. Memory is that window, whatever the length.
final class Ducker {
    let ducking: Ducking
    /// Samples of the RMS window: 10 ms, longer than a period of a voice's fundamental.
    static let window = 480
    private static let unit = Double(1 << 40)
    private let attack: Int
    private let hold: Int64
    private let release: Int
    private let required: Int64
    private let amount: Double

    private var power: [Int64]
    private var powerSum: Int64 = 0
    private var keys: [UInt8]
    private var keySum: Int64 = 0
    private var ramps: [Int64]
    private var rampSum: Int64 = 0
    /// Samples processed since the last reset, and the last of them heard.
    private var count: Int64 = 0
    private var lastHeard: Int64 = .min / 2
    private var lastDepth: Int64 = -1
    private var lastGain: Float = 1

    init(_ ducking: Ducking, rate: SampleRate = .standard) {
        self.ducking = ducking
        func samples(_ t: RationalTime) -> Int64 {
            let c = min(max(t, Limits.duckTime.lowerBound), Limits.duckTime.upperBound)
            return rate.sample(at: c, rounding: .toNearestOrAwayFromZero)
        }
        attack = Int(max(1, samples(ducking.attack)))
        hold = samples(ducking.hold)
        release = Int(max(1, samples(ducking.release)))
        let threshold = min(max(ducking.threshold.isNaN ? 0 : ducking.threshold, Limits.duckThreshold.lowerBound), Limits.duckThreshold.upperBound)
        required = Int64((pow(10, threshold / 10) * Self.unit).rounded()) * Int64(Self.window)
        amount = min(max(ducking.amount.isNaN ? 0 : ducking.amount, Limits.duckAmount.lowerBound), Limits.duckAmount.upperBound)
        power = [Int64](repeating: 0, count: Self.window)
        keys = [UInt8](repeating: 0, count: attack)
        ramps = [Int64](repeating: 0, count: release)
    }

    /// Input samples before `t` that can change the gain at `t`.
    var lookBehind: Int64 { Int64(Self.window) + hold + Int64(attack) + Int64(release) }

    /// Forgets every sample seen: the sidechain before the next one is silence.
    func reset() {
        power.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        ramps.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        powerSum = 0
        keySum = 0
        rampSum = 0
        count = 0
        lastHeard = .min / 2
    }

    /// Reads `n` sidechain samples (interleaved stereo) that follow those seen, and writes the
    /// ducked sound's gain at each into `gains` (which may be nil when only the state matters).
    func process(_ sidechain: UnsafePointer<Float>, count n: Int, gains: UnsafeMutablePointer<Float>?) {
        let full = Int64(attack) * Int64(release)
        for k in 0..<n {
            let l = Double(sidechain[k * 2])
            let r = Double(sidechain[k * 2 + 1])
            var p = (l * l + r * r) / 2
            if !(p < 64) { p = p.isNaN ? 0 : 64 }
            let q = Int64(p * Self.unit)
            let i = Int(count % Int64(Self.window))
            powerSum += q - power[i]
            power[i] = q
            if powerSum >= required { lastHeard = count }
            let key: UInt8 = count - lastHeard <= hold ? 1 : 0
            let j = Int(count % Int64(attack))
            keySum += Int64(key) - Int64(keys[j])
            keys[j] = key
            let m = Int(count % Int64(release))
            rampSum += keySum - ramps[m]
            ramps[m] = keySum
            count += 1
            guard let gains else { continue }
            let depth = max(keySum * Int64(release), rampSum)
            if depth != lastDepth {
                lastDepth = depth
                lastGain = depth == 0 ? 1 : Float(pow(10, amount * Double(depth) / Double(full) / 20))
            }
            gains[k] = lastGain
        }
    }
}
