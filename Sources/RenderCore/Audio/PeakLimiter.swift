/// A look-ahead peak limiter for interleaved stereo that does not delay the sound: sample `t` comes
/// out at `t`, times a gain that has already come down for any peak of the next `attack` samples.
///
/// The gain at `t` depends on the input from `lookBehind` samples before `t` to `attack` after it,
/// and on nothing else: not on where a block starts nor on the order blocks are asked for. So a mix
/// read per video frame, in one piece or out of order gives the same samples to the bit, and a
/// sound that stays below the threshold (where it is not `lowered`) comes out unchanged to the bit.
/// Gains are sums of integers (fixed point, 2^-24), which is what makes them exact whatever the blocks.
///
/// `r` is the gain that brings sample `t`, and the points between it and its neighbours, down to
/// the threshold (1 where it is below). For one loud peak at t0:
///
///     r        ───────────┐┌──────────────
///                         └┘ t0
///     held     ───────┐              ┌───     min of r over [t - hold, t + attack)
///                     └──────────────┘
///     ramped   ───────╲              ╱───     mean of `held` over the last `attack` samples:
///                      ╲────────────╱         down by t0 (the look-ahead), back up after the hold
///     gain     ───────╲              ╱‾‾‾     the lower of `ramped` and its mean over the last
///                      ╲────────────╱         `release` samples: the way back up is slow
///
/// Every term of each mean is at most `r(t)`, so the gain never lets a sample past the threshold;
/// memory is a window of about 0.1 s of input, whatever the length of the sound.
package final class PeakLimiter {
    /// Amplitude that no sample, and no point between samples, exceeds on the way out.
    package let threshold: Float
    /// Look-ahead and length of the ramp down: 5 ms at 48 kHz.
    package static let attack = 240
    /// How long the gain stays down after a peak: 50 ms, longer than a period of any bass note,
    /// so a loud low tone is turned down steadily instead of being shaped cycle by cycle.
    package static let hold = 2400
    /// Length of the way back up: 50 ms.
    package static let release = 2400
    /// Input samples before `t` that can change the gain at `t`.
    package static var lookBehind: Int { release - 1 + attack - 1 + hold }

    private static let unit: Int64 = 1 << 24
    /// Input (interleaved) for samples `base ..< base + raw.count / 2`; timeline samples before 0 are silent.
    private var raw: [Float] = []
    private var base: Int64 = 0
    /// `required[i]`: r of sample `base + i` in units of 2^-24, for samples up to `base + required.count`
    /// (the first `TruePeak.reach` after a restart are never read).
    private var required: [Int64] = []
    private var held: [Int64] = []
    private var ramped: [Int64] = []
    private var queue: [Int] = []
    private var intervals: [Float] = []

    /// Stretches of samples where the threshold is lower, by stretch index (samples
    /// `k * stretch ..< (k + 1) * stretch`) to a factor in (0, 1).
    package let lowered: [Int64: Float]

    /// `lowered` lowers the threshold over some stretches (see `SoundtrackEncoder`); the gain
    /// comes down before them and goes back up after them as around any peak.
    package init(threshold: Float, lowered: [Int64: Float] = [:]) {
        precondition(threshold > 0 && threshold.isFinite, "a limiter's threshold is a positive amplitude")
        precondition(lowered.values.allSatisfy { $0 > 0 && $0 <= 1 }, "a lowered threshold is a factor in (0, 1]")
        self.threshold = threshold
        self.lowered = lowered
    }

    /// Samples per stretch of `lowered`: one AAC frame.
    package static let stretch: Int64 = 1024

    /// The threshold at sample `s`.
    private func threshold(at s: Int64) -> Float {
        guard !lowered.isEmpty else { return threshold }
        let k = s >= 0 ? s / Self.stretch : (s + 1) / Self.stretch - 1
        return threshold * (lowered[k] ?? 1)
    }

    /// Writes limited samples `[start, start + count)` into `out` (interleaved stereo), reading the
    /// input from `source`, which fills `count` samples from a start it is given. Blocks asked for
    /// in order read each input sample once; any other order reads again what it needs.
    package func process<E: Error>(
        start: Int64, count: Int, into out: UnsafeMutablePointer<Float>,
        source: (Int64, Int, UnsafeMutablePointer<Float>) throws(E) -> Void
    ) throws(E) {
        precondition(count >= 0, "a negative sample count")
        guard count > 0 else { return }
        let a = Int64(Self.attack)
        let reach = Int64(TruePeak.reach)
        let end = start + Int64(count)
        let needLow = start - Int64(Self.lookBehind)
        let needHigh = end + a - 1
        try fill(from: needLow - reach, to: needHigh + reach, source: source)
        computeRequired(upTo: needHigh)
        applyGain(start: start, count: count, into: out)
    }

    /// Makes `raw` hold samples `[low, high)`, keeping what it holds when `low` is inside it.
    private func fill<E: Error>(
        from low: Int64, to high: Int64,
        source: (Int64, Int, UnsafeMutablePointer<Float>) throws(E) -> Void
    ) throws(E) {
        if low < base || low > base + Int64(raw.count / 2) {
            raw.removeAll(keepingCapacity: true)
            required.removeAll(keepingCapacity: true)
            base = low
            required.append(contentsOf: repeatElement(Self.unit, count: TruePeak.reach))
        } else {
            // Forget what no later block in order needs, keeping the reach before the next r to compute.
            let drop = min(Int(low - base), required.count - TruePeak.reach)
            if drop > 48_000 {
                raw.removeFirst(drop * 2)
                required.removeFirst(drop)
                base += Int64(drop)
            }
        }
        let have = base + Int64(raw.count / 2)
        guard high > have else { return }
        let first = raw.count
        raw.append(contentsOf: repeatElement(0, count: Int(high - have) * 2))
        let from = max(have, 0)
        if high > from {
            let offset = first + Int(from - have) * 2
            try raw.withUnsafeMutableBufferPointer { p throws(E) in
                try source(from, Int(high - from), p.baseAddress! + offset)
            }
        }
        for i in first..<raw.count where !raw[i].isFinite { raw[i] = 0 }
    }

    /// Extends `required` to every sample below `high` (the input holds `TruePeak.reach` more).
    private func computeRequired(upTo high: Int64) {
        let from = base + Int64(required.count)
        guard high > from else { return }
        let n = Int(high - from)
        let first = Int(from - base)
        let unit = Double(Self.unit)
        raw.withUnsafeBufferPointer { p in
            let x = p.baseAddress!
            // intervals[k]: peak between samples first - 1 + k and first + k, both channels.
            intervals.removeAll(keepingCapacity: true)
            for i in (first - 1)..<(first + n) {
                intervals.append(max(TruePeak.between(x, i, channel: 0), TruePeak.between(x, i, channel: 1)))
            }
            for k in 0..<n {
                let i = first + k
                let peak = max(abs(x[2 * i]), abs(x[2 * i + 1]), intervals[k], intervals[k + 1])
                let t = threshold(at: base + Int64(i))
                required.append(peak <= t ? Self.unit : Int64((Double(t) / Double(peak) * unit).rounded(.down)))
            }
        }
    }

    /// The three stages of the type's comment over `[start, start + count)`, then the gain applied.
    private func applyGain(start: Int64, count: Int, into out: UnsafeMutablePointer<Float>) {
        let a = Self.attack
        let h = Self.hold
        let r = Self.release
        // held[k] for sample heldStart + k, ramped[k] for rampedStart + k.
        let rampedStart = start - Int64(r - 1)
        let heldStart = rampedStart - Int64(a - 1)
        let heldCount = count + r - 1 + a - 1
        held.removeAll(keepingCapacity: true)
        queue.removeAll(keepingCapacity: true)
        var head = 0
        let req = { (s: Int64) -> Int64 in self.required[Int(s - self.base)] }
        // Sliding minimum over [t - hold, t + attack - 1]: a queue of sample indices whose r increases.
        var next = heldStart - Int64(h)
        for k in 0..<heldCount {
            let t = heldStart + Int64(k)
            while next <= t + Int64(a - 1) {
                let v = req(next)
                while queue.count > head, req(Int64(queue[queue.count - 1]) + heldStart) >= v { queue.removeLast() }
                queue.append(Int(next - heldStart))
                next += 1
            }
            while Int64(queue[head]) + heldStart < t - Int64(h) { head += 1 }
            held.append(req(Int64(queue[head]) + heldStart))
        }
        // ramped: sums of `attack` held values; then sums of `release` ramped values.
        ramped.removeAll(keepingCapacity: true)
        var sum: Int64 = 0
        for k in 0..<heldCount {
            sum += held[k]
            if k >= a { sum -= held[k - a] }
            if k >= a - 1 { ramped.append(sum) }
        }
        let full = Self.unit * Int64(a) * Int64(r)
        let scale = 1 / Double(full)
        let limit = threshold
        raw.withUnsafeBufferPointer { p in
            let x = p.baseAddress! + Int(start - base) * 2
            var total: Int64 = 0
            for k in 0..<(r - 1) { total += ramped[k] }
            for k in 0..<count {
                total += ramped[k + r - 1]
                let own = ramped[k + r - 1] * Int64(r)
                let g = min(own, total)
                total -= ramped[k]
                if g == full {
                    out[2 * k] = x[2 * k]
                    out[2 * k + 1] = x[2 * k + 1]
                } else {
                    let gain = Double(g) * scale
                    out[2 * k] = min(limit, max(-limit, Float(Double(x[2 * k]) * gain)))
                    out[2 * k + 1] = min(limit, max(-limit, Float(Double(x[2 * k + 1]) * gain)))
                }
            }
        }
    }
}
