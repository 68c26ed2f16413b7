import MediaIO

/// A file's sound as mono samples (the mean of the two channels `AudioDecoder` gives), read a
/// hop at a time, up to `limit` samples; the last hop is padded with silence.
final class MonoSound {
    private let decoder: AudioDecoder
    private let limit: Int64
    private var stereo: [Float]
    private var available = 0
    private var offset = 0
    private var finished = false
    /// Samples of the sound read so far (without the padding).
    private(set) var count: Int64 = 0

    init(decoder: AudioDecoder, limit: Int64) {
        self.decoder = decoder
        self.limit = limit
        stereo = [Float](repeating: 0, count: 4096 * AudioDecoder.channels)
    }

    /// Fills `hop` with the next samples; false when the sound had ended before it.
    func next(_ hop: inout [Float]) throws(FileAccessError) -> Bool {
        var filled = 0
        while filled < hop.count {
            if offset == available {
                if finished || count >= limit { break }
                let n = try stereo.withUnsafeMutableBufferPointer { p throws(FileAccessError) in
                    try decoder.read(into: p.baseAddress!, count: p.count / AudioDecoder.channels)
                }
                available = n
                offset = 0
                if n == 0 {
                    finished = true
                    break
                }
            }
            while filled < hop.count && offset < available && count < limit {
                hop[filled] = 0.5 * (stereo[2 * offset] + stereo[2 * offset + 1])
                filled += 1
                offset += 1
                count += 1
            }
            if count >= limit { offset = available }
        }
        guard filled > 0 else { return false }
        for i in filled..<hop.count { hop[i] = 0 }
        return true
    }
}
