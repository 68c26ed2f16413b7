import Foundation

/// Integrated loudness of 48 kHz stereo audio, as ITU-R BS.1770-4 and EBU R 128 define it.
///
/// K-weighting (a high shelf and a high-pass, the standard's 48 kHz coefficients), mean square over
/// 400 ms blocks overlapping by 75 %, an absolute gate at -70 LUFS and a relative gate 10 LU below
/// the loudness of the blocks that pass it. Fed in any block sizes; memory is one value per 100 ms.
package struct LoudnessMeter: Sendable {
    private var shelf = [Biquad](repeating: Biquad.shelf, count: 2)
    private var highPass = [Biquad](repeating: Biquad.highPass, count: 2)
    /// Sum of squared K-weighted samples (both channels) over each 100 ms step.
    private var steps: [Double] = []
    private var current = 0.0
    private var inStep = 0
    private let stepLength = 4800
    /// Largest absolute sample seen (sample peak, not true peak).
    package private(set) var peak: Float = 0

    /// An empty meter; feed it the whole mix with `add`, in order, then read the result.
    package init() {}

    /// Adds interleaved stereo samples.
    package mutating func add(_ samples: UnsafeBufferPointer<Float>) {
        var i = 0
        while i + 1 < samples.count {
            let l = Double(samples[i])
            let r = Double(samples[i + 1])
            peak = max(peak, abs(samples[i]), abs(samples[i + 1]))
            let kl = highPass[0].process(shelf[0].process(l))
            let kr = highPass[1].process(shelf[1].process(r))
            current += kl * kl + kr * kr
            inStep += 1
            if inStep == stepLength {
                steps.append(current)
                current = 0
                inStep = 0
            }
            i += 2
        }
    }

    /// Mean square of each 400 ms block (K-weighted, the channels summed), one starting every
    /// 100 ms: what the gates and the integrated loudness are computed from.
    package var blocks: [Double] {
        guard steps.count >= 4 else { return [] }
        let length = Double(4 * stepLength)
        var result: [Double] = []
        result.reserveCapacity(steps.count - 3)
        for i in 0...(steps.count - 4) {
            let sum: Double = steps[i] + steps[i + 1] + steps[i + 2] + steps[i + 3]
            result.append(sum / length)
        }
        return result
    }

    /// Indices in `blocks` of the blocks that pass both gates: the sound the integrated loudness
    /// is the loudness of.
    var gatedBlocks: [Int] {
        let blocks = self.blocks
        let absolute = blocks.indices.filter { blocks[$0] > 0 && Self.lufs(blocks[$0]) > -70 }
        guard !absolute.isEmpty else { return [] }
        let relativeGate = Self.lufs(absolute.reduce(0) { $0 + blocks[$1] } / Double(absolute.count)) - 10
        return absolute.filter { Self.lufs(blocks[$0]) > relativeGate }
    }

    /// Integrated loudness in LUFS; nil when nothing passes the gates (silence, or under 400 ms).
    package var integratedLoudness: Double? {
        let blocks = self.blocks
        let gated = gatedBlocks
        guard !gated.isEmpty else { return nil }
        return Self.lufs(gated.reduce(0) { $0 + blocks[$1] } / Double(gated.count))
    }

    /// The loudness of a mean square, in LUFS.
    static func lufs(_ meanSquare: Double) -> Double { -0.691 + 10 * log10(meanSquare) }
}

/// A direct-form-I biquad section.
struct Biquad: Sendable {
    let b0, b1, b2, a1, a2: Double
    var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        return y
    }

    /// BS.1770 stage 1 at 48 kHz: the head's high-frequency boost.
    static let shelf = Biquad(
        b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285,
        a1: -1.69065929318241, a2: 0.73248077421585)
    /// BS.1770 stage 2 at 48 kHz: the RLB high-pass.
    static let highPass = Biquad(b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621)
}
