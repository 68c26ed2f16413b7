import MediaIO

/// Reads a sound at another speed by resampling it (linear interpolation), like tape run fast or slow.
/// The sound may be a file read forward or one read backwards (a reversed clip at its speed).
///
/// The source position of each output sample is computed from its index, not accumulated, so a long
/// clip at 0.8x stays in step with its pictures to the sample.
final class VarispeedReader {
    let decoder: any SampleStream
    let speed: Double
    /// Decoded source samples (interleaved stereo), starting at source sample `bufferStart`.
    private var buffer: [Float] = []
    private var bufferStart: Int64 = 0
    /// Source sample index of output offset 0 (the decoder was positioned there).
    private var origin: Int64?
    private var ended = false

    init(decoder: any SampleStream, speed: Double) {
        self.decoder = decoder
        self.speed = speed
    }

    /// Writes `count` output samples for item offsets `offset...` into `out`; returns how many had source.
    func read(offset: Int64, count: Int, into out: UnsafeMutablePointer<Float>) throws(FileAccessError) -> Int {
        if origin == nil {
            // The decoder was positioned at this offset's source sample (rounded to nearest).
            origin = offset
            bufferStart = Int64((Double(offset) * speed).rounded())
        }
        let last = Double(offset + Int64(count)) * speed + 2
        try fill(through: Int64(last.rounded(.up)))
        var written = 0
        buffer.withUnsafeBufferPointer { b in
            let available = Int64(b.count / 2)
            for k in 0..<count {
                let p = Double(offset + Int64(k)) * speed
                let i = Int64(p.rounded(.down)) - bufferStart
                if i < 0 || i + 1 >= available { break }
                let f = Float(p - p.rounded(.down))
                let a = Int(i) * 2
                out[k * 2] = b[a] + (b[a + 2] - b[a]) * f
                out[k * 2 + 1] = b[a + 1] + (b[a + 3] - b[a + 1]) * f
                written = k + 1
            }
        }
        // Drop what no later output can need.
        let keepFrom = Int64((Double(offset + Int64(count)) * speed).rounded(.down)) - 1 - bufferStart
        if keepFrom > 4096 {
            buffer.removeFirst(Int(keepFrom) * 2)
            bufferStart += keepFrom
        }
        return written
    }

    private func fill(through sample: Int64) throws(FileAccessError) {
        var chunk = [Float](repeating: 0, count: 4096 * 2)
        while !ended && bufferStart + Int64(buffer.count / 2) <= sample {
            let n = try chunk.withUnsafeMutableBufferPointer { p throws(FileAccessError) -> Int in
                try decoder.read(into: p.baseAddress!, count: 4096)
            }
            buffer.append(contentsOf: chunk.prefix(n * 2))
            if n < 4096 { ended = true }
        }
    }
}
