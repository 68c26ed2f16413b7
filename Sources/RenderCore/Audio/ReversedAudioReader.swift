import MediaIO
import MediaTime

/// Reads a file's sound backwards, sample by sample: source sample `upper - 1` first, then
/// `upper - 2`, down to the first sample of the file (48 kHz stereo, as `AudioDecoder` gives it).
///
/// Decoders read forward only, so the sound is read in blocks of 4 s (1.5 MB) from the top down:
/// each block is decoded forward, handed out reversed, then the block below it is decoded. Memory
/// stays at one block however long the clip; past the file's end, samples are silence.
///
/// Seams between blocks: a compressed sound decoded from a seek point is wrong at first (an AAC
/// frame overlaps the one before it), so each block is decoded from 8192 samples (0.17 s) below it,
/// which are dropped; from there the decode equals a straight read of the file. A source at another
/// rate than 48 kHz is resampled from the seek point, so two decodes of the same stretch can differ
/// by a fraction of a sample in phase: each block also decodes 10 ms below its bottom, and the next
/// block fades from those samples into its own over its first 10 ms, so no seam clicks.
final class ReversedAudioReader: SampleStream {
    static let blockSamples = 192_000
    static let preroll = 8192
    static let overlap = 480

    let decoder: AudioDecoder
    /// Source sample just above the next one handed out.
    private(set) var top: Int64
    /// The current block, reversed (interleaved stereo), and how many of its sample frames were handed out.
    private var block: [Float] = []
    private var used = 0
    /// The samples just below the current block, reversed, from the same decode.
    private var below: [Float] = []
    private var decoded: [Float] = []

    init(decoder: AudioDecoder, upper: Int64) {
        self.decoder = decoder
        top = max(0, upper)
    }

    func read(into buffer: UnsafeMutablePointer<Float>, count: Int) throws(FileAccessError) -> Int {
        var written = 0
        while written < count {
            let available = block.count / 2 - used
            if available == 0 {
                if top <= 0 { break }
                try decodeBlock()
                continue
            }
            let n = min(available, count - written)
            block.withUnsafeBufferPointer { b in
                (buffer + written * 2).update(from: b.baseAddress! + used * 2, count: n * 2)
            }
            used += n
            written += n
            top -= Int64(n)
        }
        return written
    }

    /// Decodes source samples `[lo, top)` (and the overlap below them) and reverses them into `block`.
    private func decodeBlock() throws(FileAccessError) {
        let hi = top
        let lo = max(0, hi - Int64(Self.blockSamples))
        let extra = Int(min(Int64(Self.overlap), lo))
        let first = lo - Int64(extra)
        let seekAt = max(0, first - Int64(Self.preroll))
        try decoder.seek(to: SampleRate.standard.time(ofSample: seekAt))
        let dropped = Int(first - seekAt)
        let total = dropped + Int(hi - first)
        // Zeros stay where the file has ended.
        decoded.removeAll(keepingCapacity: true)
        decoded.append(contentsOf: repeatElement(0, count: total * 2))
        _ = try decoded.withUnsafeMutableBufferPointer { d throws(FileAccessError) -> Int in
            try decoder.read(into: d.baseAddress!, count: total)
        }
        let size = Int(hi - lo)
        // Source sample lo + i sits at frame dropped + extra + i of `decoded`.
        let base = dropped + extra
        block.removeAll(keepingCapacity: true)
        block.reserveCapacity(size * 2)
        for m in 0..<size {
            let i = (base + size - 1 - m) * 2
            block.append(decoded[i])
            block.append(decoded[i + 1])
        }
        // Fade from the last decode's samples of this stretch into this decode's.
        let fade = min(below.count / 2, size)
        for m in 0..<fade {
            let w = Float(m + 1) / Float(fade + 1)
            block[m * 2] = below[m * 2] * (1 - w) + block[m * 2] * w
            block[m * 2 + 1] = below[m * 2 + 1] * (1 - w) + block[m * 2 + 1] * w
        }
        below.removeAll(keepingCapacity: true)
        for m in 0..<extra {
            let i = (base - 1 - m) * 2
            below.append(decoded[i])
            below.append(decoded[i + 1])
        }
        used = 0
    }
}
