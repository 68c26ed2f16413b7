import Foundation

/// The level of one frequency in decoded sound: a Goertzel filter over Hann-windowed stretches,
/// so a tone elsewhere in the spectrum (a voice's, a clip's) does not leak into the figure.
public enum BandLevel {
    /// The RMS amplitude, in dBFS, of the sine at `frequency` in the left channel of `samples`
    /// (48 kHz interleaved stereo) between `from` and `to` seconds: the mean power of 50 ms
    /// windows, each Hann-windowed (a full-scale sine reads 0 dB... -3 dB RMS).
    public static func db(_ samples: [Float], frequency: Double, from: Double, to: Double, rate: Double = 48_000) -> Double {
        let window = Int(rate / 20)
        var start = Int(from * rate)
        let end = min(samples.count / 2, Int(to * rate))
        var total = 0.0
        var count = 0
        while start + window <= end {
            total += power(samples, frequency: frequency, start: start, length: window, rate: rate)
            count += 1
            start += window
        }
        guard count > 0 else { return -200 }
        return 10 * log10(max(total / Double(count), 1e-20))
    }

    /// Mean-square amplitude of the sine at `frequency` over `length` samples from `start`.
    public static func power(_ samples: [Float], frequency: Double, start: Int, length: Int, rate: Double = 48_000) -> Double {
        let w = 2 * Double.pi * frequency / rate
        let c = 2 * cos(w)
        var s1 = 0.0
        var s2 = 0.0
        var windowSum = 0.0
        for k in 0..<length {
            let hann = 0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(length - 1))
            windowSum += hann
            let s = Double(samples[(start + k) * 2]) * hann + c * s1 - s2
            s2 = s1
            s1 = s
        }
        let magnitude = (s1 * s1 + s2 * s2 - c * s1 * s2).squareRoot()
        // The sine's amplitude is 2 × |X| / Σ window; its mean square half the square of that.
        let amplitude = 2 * magnitude / windowSum
        return amplitude * amplitude / 2
    }

    /// The first time, in seconds, from `from` at which the sine at `frequency` rises above
    /// `threshold` dBFS, looking at 5 ms windows stepped by 1 ms; nil if it never does.
    public static func onset(_ samples: [Float], frequency: Double, threshold: Double, from: Double = 0, rate: Double = 48_000) -> Double? {
        let length = Int(rate / 200)
        let step = Int(rate / 1000)
        var start = Int(from * rate)
        while start + length <= samples.count / 2 {
            if 10 * log10(max(power(samples, frequency: frequency, start: start, length: length, rate: rate), 1e-20)) > threshold {
                // The window's middle: where half of it holds the sound.
                return Double(start + length / 2) / rate
            }
            start += step
        }
        return nil
    }
}
