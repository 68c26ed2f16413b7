import Foundation
import MediaIO

/// Encodes the mix to AAC before the pictures, and proves the encoded sound under `AudioCeiling`
/// before the file gets it.
///
/// AAC does not keep peaks where the limiter put them (see `AudioCeiling`), and by how much it
/// moves them depends on the content and the bit rate. So the whole soundtrack is mixed, limited
/// and encoded, and the packets are decoded and measured as a true-peak meter measures a file
/// (`AACTrack.decodedPeaks`). Where a stretch of 1024 samples went past the ceiling, the limiter's
/// threshold is lowered over it and its neighbours (the encoder's frames overlap by a stretch)
/// by the overshoot and a margin that grows with each try, and the sound is encoded again. Only
/// a track that measured under the ceiling is returned: the file carries exactly those packets.
///
/// Sound that never goes past the ceiling once encoded is encoded once, and its samples are
/// those of the mix as before (the threshold is lowered nowhere).
package enum SoundtrackEncoder {
    /// Encodes tried before giving up; a second is rare, and each lowers the threshold further.
    package static let maxPasses = 8
    /// Mixed per block of this many samples (the mix is the same whatever the blocks).
    static let block = 48_000

    /// An encoded soundtrack and what it took.
    public struct Result {
        /// The encoded AAC packets, ready to mux beside the video.
        package let track: AACTrack
        /// Encodes made (1 when the first was under the ceiling).
        package let passes: Int
        /// The highest true peak of the decoded track, in dBFS.
        let truePeak: Double
        /// Integrated loudness of the sound decoded from the track, as a meter reading the file
        /// hears it, in LUFS; nil when silent or under 400 ms.
        package let loudness: Double?
    }

    /// Mixes timeline samples `0 ..< sampleCount` through `mixer` and encodes them at `bitrate`,
    /// lowering the mixer's threshold where the decoded sound would pass
    /// `AudioCeiling.checkedLinear`, in at most `tries` encodes (an error after the last, never a
    /// file over the ceiling). `file` names the export in errors.
    /// `progress` is told the samples encoded so far, on every try.
    package static func encode(
        mixer: AudioMixer, sampleCount: Int64, bitrate: Int, file: String, tries: Int = maxPasses, progress: ((Int64) -> Void)? = nil
    ) throws(RenderError) -> Result {
        precondition(tries >= 1, "SoundtrackEncoder: at least one encode")
        let allowed = AudioCeiling.checkedLinear
        var lowered = mixer.lowered
        var buffer = [Float](repeating: 0, count: block * 2)
        for pass in 1...tries {
            mixer.lowered = lowered
            let track: AACTrack
            let peaks: [Float]
            var meter = LoudnessMeter()
            do throws(FileAccessError) {
                let encoder = try AACEncoder(bitrate: bitrate, file: file)
                var s: Int64 = 0
                while s < sampleCount {
                    let n = Int(min(Int64(block), sampleCount - s))
                    try buffer.withUnsafeMutableBufferPointer { b throws(FileAccessError) in
                        try mixer.mix(start: s, count: n, into: b.baseAddress!)
                        try encoder.write(UnsafeBufferPointer(rebasing: b[0..<(n * 2)]))
                    }
                    s += Int64(n)
                    progress?(s)
                }
                track = try encoder.finish()
                peaks = try track.decodedPeaks(file: file) { meter.add($0) }
            } catch {
                throw RenderError(media: error)
            }
            let highest = peaks.max() ?? 0
            let over = peaks.indices.filter { peaks[$0] > allowed }
            if over.isEmpty || pass == tries {
                guard over.isEmpty else {
                    throw RenderError(
                        media: FileAccessError(
                            .unsupported, file: file, operation: "encoding the sound",
                            reason:
                                "its true peak stays at \(decibels(highest)) dBFS, above the \(AudioCeiling.decibels) dBFS ceiling, after \(pass == 1 ? "1 try" : "\(pass) tries")"
                        ))
                }
                return Result(track: track, passes: pass, truePeak: Double(decibels(highest)), loudness: meter.integratedLoudness)
            }
            // Each stretch over, and its neighbours, down by the overshoot and a margin of 0.25 dB
            // more at each try; a stretch near two takes the larger cut.
            var cut: [Int64: Double] = [:]
            for k in over {
                let need = 20 * log10(Double(peaks[k] / allowed)) + 0.25 * Double(pass)
                for j in Int64(k - 1)...Int64(k + 1) where j >= 0 { cut[j] = max(cut[j] ?? 0, need) }
            }
            for (j, db) in cut { lowered[j] = (lowered[j] ?? 1) * Float(pow(10, -db / 20)) }
        }
        preconditionFailure("unreachable: the last pass returns or throws")
    }

    private static func decibels(_ amplitude: Float) -> Double {
        (20 * log10(Double(max(amplitude, 1e-10))) * 100).rounded() / 100
    }
}
