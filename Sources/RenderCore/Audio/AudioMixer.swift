import MediaIO
import MediaTime
import TemplateCore

/// Mixes a timeline's sounds into 48 kHz stereo, block by block, in timeline order.
///
/// Each sound's decoder is opened when its first sample is needed and positioned exactly there;
/// blocks are asked for in order, so every source is read forward once.
public final class AudioMixer {
    public let planner: AudioPlanner
    private let baseFolder: String?
    private var decoders: [Int: AudioDecoder] = [:]
    /// Next timeline sample each open decoder will deliver.
    private var positions: [Int: Int64] = [:]
    private var scratch: [Float] = []
    /// Items whose media turned out to have no sound (a silent clip): skipped.
    private var silent: Set<Int> = []
    /// Readers of items played at another speed.
    private var varispeed: [Int: VarispeedReader] = [:]
    /// Gain applied to the whole mix (loudness normalization), before the final clip.
    public var masterGain: Float = 1

    public init(timeline: Timeline, baseFolder: String? = nil) {
        planner = AudioPlanner(timeline: timeline)
        self.baseFolder = baseFolder
    }

    /// Mixes timeline samples `[start, start + count)` into `out` (interleaved stereo, overwritten).
    public func mix(start: Int64, count: Int, into out: UnsafeMutablePointer<Float>) throws(MediaError) {
        out.update(repeating: 0, count: count * 2)
        let end = start + Int64(count)
        for (i, item) in planner.items.enumerated() where item.start < end && item.end > start && !silent.contains(i) {
            let from = max(start, item.start)
            let to = min(end, item.end)
            let decoder: AudioDecoder
            do {
                decoder = try self.decoder(for: i, item: item, at: from)
            } catch where error.kind == .notMedia && item.isClipAudio {
                silent.insert(i)
                continue
            }
            let n = Int(to - from)
            if scratch.count < n * 2 { scratch = [Float](repeating: 0, count: n * 2) }
            let got: Int
            if item.speed != 1 {
                let reader = varispeed[i] ?? VarispeedReader(decoder: decoder, speed: item.speed)
                varispeed[i] = reader
                got = try scratch.withUnsafeMutableBufferPointer { buf throws(MediaError) -> Int in
                    try reader.read(offset: from - item.start, count: n, into: buf.baseAddress!)
                }
            } else {
                got = try scratch.withUnsafeMutableBufferPointer { buf throws(MediaError) -> Int in
                    try decoder.read(into: buf.baseAddress!, count: n)
                }
            }
            positions[i] = from + Int64(got)
            let offset = Int(from - start)
            scratch.withUnsafeBufferPointer { s in
                for k in 0..<got {
                    let g = item.gain(at: from + Int64(k))
                    out[(offset + k) * 2] += s[k * 2] * g
                    out[(offset + k) * 2 + 1] += s[k * 2 + 1] * g
                }
            }
            if to >= item.end {
                decoders[i] = nil
                positions[i] = nil
                varispeed[i] = nil
            }
        }
        // Keep the sum in range: a hard clip, only where the mix overflows.
        let g = masterGain
        for k in 0..<count * 2 { out[k] = min(1, max(-1, out[k] * g)) }
    }

    private func decoder(for index: Int, item: AudioPlanner.Item, at sample: Int64) throws(MediaError) -> AudioDecoder {
        if let d = decoders[index], positions[index] == sample { return d }
        if item.speed != 1, let d = decoders[index], varispeed[index] != nil {
            // A varispeed reader reads forward by itself; blocks arrive in order.
            positions[index] = sample
            return d
        }
        varispeed[index] = nil
        let path: String
        if let base = baseFolder, !item.media.hasPrefix("/") { path = base + "/" + item.media } else { path = item.media }
        let d: AudioDecoder
        if let existing = decoders[index] { d = existing } else { d = try AudioDecoder(path: path) }
        let offset = SampleRate.standard.time(ofSample: sample - item.start)
        let sourceTime = item.sourceStart + (item.speed == 1 ? offset : RationalTime(value: Int64((offset.seconds * item.speed * 48000).rounded()), timescale: 48000))
        try d.seek(to: sourceTime)
        decoders[index] = d
        positions[index] = sample
        return d
    }
}
