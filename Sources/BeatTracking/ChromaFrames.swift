import CAubio
import Foundation

/// The pitch classes of the sound (a chromagram), one frame per `hop` samples: how the harmonic
/// content changes, which marks where chords change and so where bars start (`BarPhase`).
///
/// aubio's phase vocoder gives the magnitude spectrum of a `window`-sample frame (4096 samples
/// at 48 kHz resolve a semitone from about 200 Hz up, where chords and bass notes' harmonics
/// lie); every bin from `lowestHz` to `highestHz` adds its power to the pitch class of its
/// frequency (equal temperament, A = 440 Hz). aubio has no chromagram of its own. The one owner
/// of its aubio objects, freed in `deinit`.
final class ChromaFrames {
    static let window = 4096
    static let hop = 1024
    static let lowestHz = 100.0
    static let highestHz = 2000.0

    private let vocoder: OpaquePointer
    private let input: UnsafeMutablePointer<fvec_t>
    private let spectrum: UnsafeMutablePointer<cvec_t>
    /// Pitch class (0...11) of each spectrum bin, -1 outside the band.
    private let pitchClass: [Int]
    private var filled = 0
    /// Twelve values per frame, each frame scaled so its classes sum to 1 (0 in silence).
    private(set) var frames: [Float] = []

    /// Nil when aubio refuses the sizes.
    init?(sampleRate: Int) {
        guard let vocoder = new_aubio_pvoc(UInt32(Self.window), UInt32(Self.hop)) else { return nil }
        self.vocoder = vocoder
        input = new_fvec(UInt32(Self.hop))
        spectrum = new_cvec(UInt32(Self.window))
        let bins = Self.window / 2 + 1
        pitchClass = (0..<bins).map { k in
            let f = Double(k) * Double(sampleRate) / Double(Self.window)
            guard f >= Self.lowestHz, f <= Self.highestHz else { return -1 }
            let semitones = Int((12 * log2(f / 440)).rounded())
            return ((semitones % 12) + 12) % 12
        }
    }

    deinit {
        del_aubio_pvoc(vocoder)
        del_fvec(input)
        del_cvec(spectrum)
    }

    /// Adds samples; every `hop` of them completes a frame.
    func add(_ samples: UnsafeBufferPointer<Float>) {
        for s in samples {
            input.pointee.data[filled] = s
            filled += 1
            if filled == Self.hop {
                filled = 0
                frame()
            }
        }
    }

    private func frame() {
        aubio_pvoc_do(vocoder, input, spectrum)
        var classes = [Float](repeating: 0, count: 12)
        for (k, pc) in pitchClass.enumerated() where pc >= 0 {
            let m = spectrum.pointee.norm[k]
            classes[pc] += m * m
        }
        let sum = classes.reduce(0, +)
        frames.append(contentsOf: sum > 1e-9 ? classes.map { $0 / sum } : classes)
    }
}
