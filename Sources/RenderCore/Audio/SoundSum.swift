import MediaIO
import MediaTime
import TimelineModel

/// The sum of a timeline's sounds in 48 kHz stereo, each at its gain envelope, block by block in
/// timeline order: the mix before the master gain and the limiter (`AudioMixer`).
///
/// Each sound's decoder is opened when its first sample is needed and positioned exactly there;
/// blocks are asked for in order, so every source is read forward once (a reversed clip's sound
/// backwards once, a few seconds at a time, by `ReversedAudioReader`).
final class SoundSum {
    let planner: AudioPlanner
    private let baseFolder: String?
    private var decoders: [Int: AudioDecoder] = [:]
    /// Next timeline sample each open decoder will deliver.
    private var positions: [Int: Int64] = [:]
    private var scratch: [Float] = []
    /// Items whose media turned out to have no sound (a silent clip): skipped.
    private var silent: Set<Int> = []
    /// Readers of items played at another speed.
    private var varispeed: [Int: VarispeedReader] = [:]
    /// Looped sounds: the source sample their decoder stands at, and their period in samples.
    private var loopSources: [Int: Int64] = [:]
    private var loopPeriods: [Int: Int64] = [:]
    /// Sounds of reversed clips: read backwards, through a varispeed reader when not at speed 1.
    private var backwards: [Int: (reader: ReversedAudioReader, varispeed: VarispeedReader?)] = [:]
    /// One `Ducker` per distinct ducking of the items, and which of them each ducked item follows.
    private let duckers: [Ducker]
    private let duckerOf: [Int: Int]
    /// The sample after the last one summed: a block starting elsewhere first feeds the duckers
    /// the sidechain before it.
    private var next: Int64 = 0
    /// The sidechain, each ducker's sounds and its gains for the block being summed: stereo
    /// buffers of `capacity` samples, allocated once and grown with the blocks.
    private var sidechain: UnsafeMutablePointer<Float>?
    private var ducked: [UnsafeMutablePointer<Float>] = []
    private var gains: UnsafeMutablePointer<Float>?
    private var capacity = 0

    init(timeline: Timeline, baseFolder: String? = nil) {
        planner = AudioPlanner(timeline: timeline)
        self.baseFolder = baseFolder
        var duckers: [Ducker] = []
        var duckerOf: [Int: Int] = [:]
        for (i, item) in planner.items.enumerated() {
            guard let d = item.ducking else { continue }
            if let j = duckers.firstIndex(where: { $0.ducking == d }) {
                duckerOf[i] = j
            } else {
                duckerOf[i] = duckers.count
                duckers.append(Ducker(d))
            }
        }
        self.duckers = duckers
        self.duckerOf = duckerOf
    }

    /// Sums timeline samples `[start, start + count)` into `out` (interleaved stereo, overwritten),
    /// unbounded: a loud sum goes past full scale here. Ducked sounds are summed apart, then added
    /// at the gain their `Ducker` hears from the sidechain (the clips' sound and the voice, as mixed).
    func sum(start: Int64, count: Int, into out: UnsafeMutablePointer<Float>) throws(FileAccessError) {
        out.update(repeating: 0, count: count * 2)
        let end = start + Int64(count)
        if duckers.isEmpty {
            try add(from: start, to: end, into: out, sidechain: nil) { _ in out }
            next = end
            return
        }
        if start != next { try warmUp(before: start) }
        if count > capacity { grow(to: count) }
        guard let side = sidechain, let gains else { return }
        side.update(repeating: 0, count: count * 2)
        for x in ducked { x.update(repeating: 0, count: count * 2) }
        let targets = ducked
        try add(from: start, to: end, into: out, sidechain: side) { i in duckerOf[i].map { targets[$0] } ?? out }
        for (d, ducker) in duckers.enumerated() {
            ducker.process(side, count: count, gains: gains)
            let x = targets[d]
            for k in 0..<count {
                out[k * 2] += x[k * 2] * gains[k]
                out[k * 2 + 1] += x[k * 2 + 1] * gains[k]
            }
        }
        next = end
    }

    private func grow(to count: Int) {
        release()
        capacity = count
        sidechain = .allocate(capacity: count * 2)
        gains = .allocate(capacity: count)
        ducked = duckers.map { _ in .allocate(capacity: count * 2) }
    }

    private func release() {
        sidechain?.deallocate()
        gains?.deallocate()
        for x in ducked { x.deallocate() }
    }

    deinit { release() }

    /// Feeds the duckers the sidechain of the `lookBehind` samples before `start`, from silence,
    /// so their gains from `start` on are those of a sum read from the start.
    private func warmUp(before start: Int64) throws(FileAccessError) {
        for d in duckers { d.reset() }
        let reach = duckers.map(\.lookBehind).max() ?? 0
        let from = max(0, start - reach)
        guard from < start else { return }
        let n = Int(start - from)
        var side = [Float](repeating: 0, count: n * 2)
        try side.withUnsafeMutableBufferPointer { p throws(FileAccessError) in
            let p = p.baseAddress!
            try add(from: from, to: start, into: p, sidechain: nil, only: \.isSidechain) { _ in p }
            for d in duckers { d.process(p, count: n, gains: nil) }
        }
    }

    /// Adds every item sounding in `[start, end)` (those passing `only`), at its gain, into the
    /// buffer `target` gives for its index (covering `[start, end)`), and the sidechain's items into
    /// `sidechain` as well.
    private func add(
        from start: Int64, to end: Int64, into out: UnsafeMutablePointer<Float>, sidechain: UnsafeMutablePointer<Float>?,
        only: (AudioPlanner.Item) -> Bool = { _ in true }, target: (Int) -> UnsafeMutablePointer<Float>
    ) throws(FileAccessError) {
        for (i, item) in planner.items.enumerated() where item.start < end && item.end > start && !silent.contains(i) && only(item) {
            let from = max(start, item.start)
            let to = min(end, item.end)
            let n = Int(to - from)
            if scratch.count < n * 2 { scratch = [Float](repeating: 0, count: n * 2) }
            let got: Int
            do {
                got = try scratch.withUnsafeMutableBufferPointer { buf throws(FileAccessError) -> Int in
                    try read(i, item, from: from, count: n, into: buf.baseAddress!)
                }
            } catch  where error.kind == .notMedia && item.isClipAudio {
                silent.insert(i)
                continue
            }
            positions[i] = from + Int64(got)
            let offset = Int(from - start)
            let dest = target(i)
            let side = item.isSidechain ? sidechain : nil
            scratch.withUnsafeBufferPointer { s in
                for k in 0..<got {
                    let g = item.gain(at: from + Int64(k))
                    let l = s[k * 2] * g
                    let r = s[k * 2 + 1] * g
                    dest[(offset + k) * 2] += l
                    dest[(offset + k) * 2 + 1] += r
                    if let side {
                        side[(offset + k) * 2] += l
                        side[(offset + k) * 2 + 1] += r
                    }
                }
            }
            if to >= item.end {
                decoders[i] = nil
                positions[i] = nil
                varispeed[i] = nil
                backwards[i] = nil
                loopSources[i] = nil
            }
        }
    }

    /// Reads `count` samples of item `index` for timeline samples `from...` into `out`; returns how
    /// many had source.
    private func read(
        _ index: Int, _ item: AudioPlanner.Item, from: Int64, count: Int,
        into out: UnsafeMutablePointer<Float>
    ) throws(FileAccessError) -> Int {
        if item.reverse {
            let b = try backwards(for: index, item: item, at: from)
            if let v = b.varispeed { return try v.read(offset: from - item.start, count: count, into: out) }
            return try b.reader.read(into: out, count: count)
        }
        if item.loop && item.speed == 1 { return try readLooped(index, item, from: from, count: count, into: out) }
        let decoder = try self.decoder(for: index, item: item, at: from)
        if item.speed != 1 {
            let reader = varispeed[index] ?? VarispeedReader(decoder: decoder, speed: item.speed)
            varispeed[index] = reader
            return try reader.read(offset: from - item.start, count: count, into: out)
        }
        return try decoder.read(into: out, count: count)
    }

    /// A looped clip's sound for timeline samples `from...`: its source wraps at the length of the
    /// clip's video, as its pictures do, so sound and picture repeat together. A sound shorter than
    /// the picture is silent for the rest of each pass.
    ///
    /// ```
    /// media   |== 1 s ==|
    /// slot    |== pass 1 ==|== pass 2 ==|     both passes heard, each from the media's start
    /// ```
    private func readLooped(
        _ index: Int, _ item: AudioPlanner.Item, from: Int64, count: Int,
        into out: UnsafeMutablePointer<Float>
    ) throws(FileAccessError) -> Int {
        let period = try loopPeriod(index, item)
        let d: AudioDecoder
        if let existing = decoders[index] { d = existing } else { d = try AudioDecoder(path: path(of: item)) }
        decoders[index] = d
        let rate = Int64(AudioDecoder.sampleRate)
        var source = (item.sourceStart.ticks(timescale: rate, rounding: .toNearestOrAwayFromZero) + (from - item.start)) % period
        var written = 0
        while written < count {
            let need = min(count - written, Int(period - source))
            if loopSources[index] != source { try d.seek(to: SampleRate.standard.time(ofSample: source)) }
            let got = try d.read(into: out + written * 2, count: need)
            if got < need { (out + (written + got) * 2).update(repeating: 0, count: (need - got) * 2) }
            written += need
            source += Int64(need)
            loopSources[index] = got == need ? source : nil
            if source >= period { source = 0 }
        }
        return count
    }

    /// The length, in samples, after which a looped clip's source wraps: its video's duration.
    private func loopPeriod(_ index: Int, _ item: AudioPlanner.Item) throws(FileAccessError) -> Int64 {
        if let p = loopPeriods[index] { return p }
        let info = try MediaProbe.probe(path(of: item))
        // A clip's sound repeats with its picture; a sound of its own at its own length.
        let length = item.isClipAudio ? (info.video?.duration ?? info.duration) : (info.audio.first?.duration ?? info.duration)
        guard let duration = length, duration.isPositive else {
            throw FileAccessError(.corrupt, file: item.media, operation: "looping the sound", reason: "the video has no duration")
        }
        let p = max(1, duration.ticks(timescale: Int64(AudioDecoder.sampleRate), rounding: .toNearestOrAwayFromZero))
        loopPeriods[index] = p
        return p
    }

    private func decoder(for index: Int, item: AudioPlanner.Item, at sample: Int64) throws(FileAccessError) -> AudioDecoder {
        if let d = decoders[index], positions[index] == sample { return d }
        if item.speed != 1, let d = decoders[index], varispeed[index] != nil {
            // A varispeed reader reads forward by itself; blocks arrive in order.
            positions[index] = sample
            return d
        }
        varispeed[index] = nil
        let d: AudioDecoder
        if let existing = decoders[index] { d = existing } else { d = try AudioDecoder(path: path(of: item)) }
        let offset = SampleRate.standard.time(ofSample: sample - item.start)
        let sourceTime =
            item.sourceStart
            + (item.speed == 1 ? offset : RationalTime(value: Int64((offset.seconds * item.speed * 48000).rounded()), timescale: 48000))
        try d.seek(to: sourceTime)
        decoders[index] = d
        positions[index] = sample
        return d
    }

    /// The backwards reader of a reversed clip's sound, positioned for timeline sample `sample`: the
    /// one in use when blocks arrive in order, else a new one starting from the source sample heard there.
    private func backwards(for index: Int, item: AudioPlanner.Item, at sample: Int64) throws(FileAccessError)
        -> (reader: ReversedAudioReader, varispeed: VarispeedReader?)
    {
        if let b = backwards[index], positions[index] == sample || b.varispeed != nil {
            // Blocks arrive in order (a varispeed reader keeps its own count of where it is).
            positions[index] = sample
            return b
        }
        let d: AudioDecoder
        if let existing = decoders[index] { d = existing } else { d = try AudioDecoder(path: path(of: item)) }
        decoders[index] = d
        let offset = sample - item.start
        // Samples into the reversed sound, as the varispeed reader counts them.
        let skipped = item.speed == 1 ? offset : Int64((Double(offset) * item.speed).rounded())
        let top = item.sourceStart.ticks(timescale: Int64(AudioDecoder.sampleRate), rounding: .toNearestOrAwayFromZero)
        let reader = ReversedAudioReader(decoder: d, upper: top - skipped)
        let b = (reader: reader, varispeed: item.speed == 1 ? nil : VarispeedReader(decoder: reader, speed: item.speed))
        backwards[index] = b
        positions[index] = sample
        return b
    }

    private func path(of item: AudioPlanner.Item) -> String {
        if let base = baseFolder, !item.media.hasPrefix("/") { return base + "/" + item.media }
        return item.media
    }
}
