import Foundation

/// Peaks between samples, as a reconstruction filter or a DAC draws them: 4x oversampling by a
/// windowed-sinc interpolator, the way ITU-R BS.1770-4 (Annex 2) measures true peak.
///
/// A sound limited only at its samples can still swing above the ceiling between them, by up to
/// 3 dB for a tone near a quarter of the sample rate; the limiter looks at these points too.
enum TruePeak {
    /// Samples on each side of a sample that `around` reads.
    static let reach = 6
    /// Interpolation weights of samples `i - 5 ... i + 6` for the points a quarter, a half and three
    /// quarters of the way from sample `i` to `i + 1`, row after row; each row sums to 1.
    static let taps: [Double] = (1...3).flatMap { phase -> [Double] in
        let fraction = Double(phase) / 4
        let row = (-5...6).map { j -> Double in
            let x = Double(j) - fraction
            return sin(Double.pi * x) / (Double.pi * x) * (0.5 + 0.5 * cos(Double.pi * x / 6.5))
        }
        let sum = row.reduce(0, +)
        return row.map { $0 / sum }
    }

    /// The largest magnitude of channel `channel` of interleaved stereo `x` strictly between
    /// samples `i` and `i + 1`; `x` must hold samples `i - 5 ... i + 6`.
    static func between(_ x: UnsafePointer<Float>, _ i: Int, channel: Int) -> Float {
        var peak = 0.0
        taps.withUnsafeBufferPointer { w in
            for phase in 0..<3 {
                var v = 0.0
                for k in 0..<12 { v += w[phase * 12 + k] * Double(x[2 * (i - 5 + k) + channel]) }
                peak = max(peak, abs(v))
            }
        }
        return Float(peak)
    }
}
