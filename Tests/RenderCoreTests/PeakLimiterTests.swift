import Foundation
import RenderCore
import Testing

/// The limiter on synthetic stereo: transparent below its threshold, holding bursts under it,
/// moving nothing in time, and the same whatever the blocks it is asked for.
@Suite struct PeakLimiterTests {
    static let threshold: Float = 0.8

    /// Interleaved stereo, `seconds` long: `left(i)` and `right(i)` for sample i.
    static func signal(_ samples: Int, _ left: (Int) -> Double, _ right: (Int) -> Double) -> [Float] {
        var x = [Float](repeating: 0, count: samples * 2)
        for i in 0..<samples {
            x[2 * i] = Float(left(i))
            x[2 * i + 1] = Float(right(i))
        }
        return x
    }

    /// Limited samples `[start, start + count)` of `x` (silent outside it), read by `limiter`.
    static func limit(_ x: [Float], _ limiter: PeakLimiter, start: Int, count: Int) -> [Float] {
        var out = [Float](repeating: .nan, count: count * 2)
        out.withUnsafeMutableBufferPointer { o in
            limiter.process(start: Int64(start), count: count, into: o.baseAddress!) { s, n, p in
                for k in 0..<n {
                    let i = Int(s) + k
                    p[2 * k] = i < x.count / 2 ? x[2 * i] : 0
                    p[2 * k + 1] = i < x.count / 2 ? x[2 * i + 1] : 0
                }
            }
        }
        return out
    }

    /// All of `x` limited in blocks of `block` samples, in order.
    static func limitAll(_ x: [Float], block: Int) -> [Float] {
        let limiter = PeakLimiter(threshold: threshold)
        var out: [Float] = []
        var at = 0
        while at < x.count / 2 {
            let n = min(block, x.count / 2 - at)
            out += limit(x, limiter, start: at, count: n)
            at += n
        }
        return out
    }

    /// The largest magnitude of `x` drawn through its samples at 8 times the rate (a 32-tap
    /// windowed sinc): what a true-peak meter reads.
    static func oversampledPeak(_ x: [Float]) -> Float {
        var peak: Double = 0
        let n = x.count / 2
        for c in 0..<2 {
            for i in 0..<n {
                peak = max(peak, abs(Double(x[2 * i + c])))
                for phase in 1..<8 {
                    let f = Double(phase) / 8
                    var v = 0.0
                    for j in -15...16 where i + j >= 0 && i + j < n {
                        let d = Double(j) - f
                        v += Double(x[2 * (i + j) + c]) * sin(Double.pi * d) / (Double.pi * d) * (0.5 + 0.5 * cos(Double.pi * d / 17))
                    }
                    peak = max(peak, abs(v))
                }
            }
        }
        return Float(peak)
    }

    /// Samples of `y` that differ from `x` in any bit.
    static func differences(_ y: [Float], _ x: [Float]) -> Int {
        zip(y, x).filter { $0.bitPattern != $1.bitPattern }.count + abs(y.count - x.count)
    }

    @Test func soundBelowTheThresholdPassesToTheBit() {
        // Three tones peaking at 0.75, under the threshold between samples too.
        let x = Self.signal(
            48_000, { i in 0.4 * sin(Double(i) * 0.05) + 0.2 * sin(Double(i) * 1.3) + 0.15 * sin(Double(i) * 2.9) },
            { i in 0.5 * sin(Double(i) * 0.013) - 0.25 * sin(Double(i) * 0.7) })
        #expect(Self.oversampledPeak(Array(x.prefix(4000))) < Self.threshold)
        #expect(Self.differences(Self.limitAll(x, block: 1600), x) == 0)
    }

    @Test func aBurstIsHeldUnderTheThresholdAndNothingMovesInTime() {
        // A quiet 440 Hz tone with a burst three times the threshold from 0.5 s to 0.6 s.
        let burst = 24_000..<28_800
        let tone = { (i: Int) -> Double in
            let a = burst.contains(i) ? 2.4 : 0.3
            return a * sin(2 * Double.pi * 440 * Double(i) / 48_000)
        }
        let x = Self.signal(48_000, tone, { tone($0) * 0.5 })
        let y = Self.limitAll(x, block: 1601)
        let samplePeak = y.map(abs).max() ?? 0
        #expect(samplePeak <= Self.threshold)
        #expect(samplePeak > Self.threshold * 0.95, "the burst is turned down to the threshold, not below it: \(samplePeak)")
        #expect(Self.oversampledPeak(Array(y[(2 * 23_500)..<(2 * 25_000)])) <= Self.threshold * 1.01)
        // Every sample is its own input times a gain in (0, 1]: nothing shifts, nothing inverts.
        let wrong = (0..<y.count).first { x[$0] != 0 && !(y[$0] / x[$0] > 0 && y[$0] / x[$0] <= 1) }
        #expect(wrong == nil, "sample \(wrong.map { $0 / 2 } ?? 0) is not its input turned down")
        // Untouched before the look-ahead reaches the burst (a few samples more for the points
        // between samples) and after the hold and release.
        let before = 2 * (burst.lowerBound - PeakLimiter.attack - 8)
        let after = 2 * (burst.upperBound + PeakLimiter.lookBehind + 8)
        #expect(Self.differences(Array(y[0..<before]), Array(x[0..<before])) == 0)
        #expect(Self.differences(Array(y[after...]), Array(x[after...])) == 0)
        #expect(Self.differences(Array(y[before..<after]), Array(x[before..<after])) > 0)
    }

    @Test func blocksDoNotChangeTheSound() {
        let x = Self.signal(
            30_000, { i in (i / 3000) % 2 == 1 ? 1.5 * sin(Double(i) * 0.03) : 0.2 * sin(Double(i) * 0.2) },
            { i in 1.1 * sin(Double(i) * 0.011) })
        let whole = Self.limitAll(x, block: 30_000)
        #expect(Self.differences(Self.limitAll(x, block: 1600), whole) == 0)
        #expect(Self.differences(Self.limitAll(x, block: 1001), whole) == 0)
        // Out of order: each block read by itself after a jump.
        let limiter = PeakLimiter(threshold: Self.threshold)
        for start in [20_000, 3_000, 3_500, 12_345, 0] {
            let n = 1_500
            #expect(
                Self.differences(Self.limit(x, limiter, start: start, count: n), Array(whole[(2 * start)..<(2 * (start + n))])) == 0,
                "block at \(start)")
        }
    }

    @Test func peaksBetweenSamplesAreCaught() {
        // A tone at a quarter of the rate, phased so every sample is at 0.707 of its crest: samples
        // below the threshold, a waveform above it.
        let crest = 1.05
        let x = Self.signal(
            9_600, { i in crest * sin(Double.pi / 2 * Double(i) + Double.pi / 4) },
            { i in crest * sin(Double.pi / 2 * Double(i) + Double.pi / 4) })
        #expect((x.map(abs).max() ?? 0) < Self.threshold)
        #expect(Self.oversampledPeak(Array(x[4000..<6000])) > Self.threshold)
        let y = Self.limitAll(x, block: 1600)
        #expect(Self.oversampledPeak(Array(y[4000..<6000])) <= Self.threshold * 1.01)
    }

    /// A lowered stretch holds the sound under its own threshold, the same whatever the blocks,
    /// and leaves the sound far from it as it was.
    @Test func aLoweredStretchHoldsItsOwnThreshold() {
        // A steady tone at 0.7, under the threshold, with stretches 10 and 11 lowered to half.
        let x = Self.signal(30_000, { i in 0.7 * sin(Double(i) * 0.02) }, { i in 0.6 * sin(Double(i) * 0.031) })
        let lowered: [Int64: Float] = [10: 0.5, 11: 0.5]
        func run(block: Int) -> [Float] {
            let limiter = PeakLimiter(threshold: Self.threshold, lowered: lowered)
            var out: [Float] = []
            var at = 0
            while at < x.count / 2 {
                let n = min(block, x.count / 2 - at)
                out += Self.limit(x, limiter, start: at, count: n)
                at += n
            }
            return out
        }
        let y = run(block: 1600)
        let s = Int(PeakLimiter.stretch)
        let inside = Array(y[(2 * 10 * s)..<(2 * 12 * s)])
        #expect((inside.map(abs).max() ?? 1) <= Self.threshold * 0.5)
        #expect(Self.oversampledPeak(inside) <= Self.threshold * 0.5 * 1.01)
        #expect(Self.differences(run(block: 999), y) == 0)
        let before = 2 * (10 * s - PeakLimiter.attack - 8)
        let after = 2 * (12 * s + PeakLimiter.lookBehind + 8)
        #expect(Self.differences(Array(y[0..<before]), Array(x[0..<before])) == 0)
        #expect(Self.differences(Array(y[after...]), Array(x[after...])) == 0)
    }
}
