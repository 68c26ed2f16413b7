import CFFmpeg
import MediaTime

/// Decodes a file's audio as 48 kHz stereo 32-bit float, interleaved, read forward in blocks.
///
/// Resampling happens once, here, so the mixer works on one format at one rate. Reading
/// starts at a source time (`seek(to:)`), and the position is counted in output samples,
/// so the mix stays sample-exact however the source packets are sized.
package final class AudioDecoder {
    /// The file decoded, as the caller named it, for messages.
    package let path: String
    /// Output sample rate in Hz, whatever the source's; the mix runs at it.
    package static let sampleRate = 48_000
    /// Output channels (stereo, interleaved); the resampler maps any source layout onto them.
    package static let channels = 2
    let input: InputFile
    let streamIndex: Int32
    let codec: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational
    let startTicks: Int64
    private var resampler: OpaquePointer?
    private let loop: DecodeLoop
    private let frame = FrameBox()
    /// Samples decoded and resampled but not yet read (interleaved stereo).
    private var pending: [Float] = []
    private var pendingOffset = 0
    /// Output samples still to drop after a seek, to land exactly on the asked time.
    private var skip: Int64 = 0
    private var finished = false
    /// Nothing has been read since the file was opened: reading starts at the stream's start.
    private var untouched = true

    /// Opens the file's best audio stream; throws when there is none or it cannot be decoded.
    package init(path: String) throws(FileAccessError) {
        self.path = path
        let opened = try DecodingStream(path: path, type: AVMEDIA_TYPE_AUDIO, threads: 1)
        input = opened.input
        streamIndex = opened.index
        timeBase = opened.timeBase
        startTicks = opened.startTicks
        codec = opened.codec
        loop = opened.loop
    }

    deinit {
        swr_free(&resampler)
        var c: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&c)
    }

    /// Positions reading at source time `time` (zero is the stream's start).
    package func seek(to time: RationalTime) throws(FileAccessError) {
        pending.removeAll(keepingCapacity: true)
        pendingOffset = 0
        finished = false
        loop.restart()
        swr_free(&resampler)
        if time <= .zero {
            // A file just opened already stands at its start; reading it from there keeps the
            // decoder's handling of the encoder's priming (a seek back and a flush would make the
            // first samples come out of a decoder with no history, nearly silent).
            if untouched {
                skip = 0
                return
            }
            av_seek_frame(input.context, streamIndex, startTicks, AVSEEK_FLAG_BACKWARD)
            avcodec_flush_buffers(codec)
            skip = 0
            return
        }
        let tick = RationalTime(value: Int64(timeBase.num), timescale: Int64(timeBase.den))
        let target = (time / tick).ticks(timescale: 1, rounding: .down) + startTicks
        av_seek_frame(input.context, streamIndex, target, AVSEEK_FLAG_BACKWARD)
        avcodec_flush_buffers(codec)
        // Decode from wherever the seek landed, then drop samples up to the asked time.
        skip = -1
        seekTarget = time
    }

    private var seekTarget: RationalTime = .zero

    /// Fills `buffer` with up to `count` stereo sample frames; returns how many were written
    /// (fewer only at the end of the stream).
    package func read(into buffer: UnsafeMutablePointer<Float>, count: Int) throws(FileAccessError) -> Int {
        untouched = false
        var written = 0
        while written < count {
            let available = (pending.count - pendingOffset) / 2
            if available > 0 {
                let n = min(available, count - written)
                pending.withUnsafeBufferPointer { p in
                    (buffer + written * 2).update(from: p.baseAddress! + pendingOffset, count: n * 2)
                }
                pendingOffset += n * 2
                written += n
                continue
            }
            if finished { break }
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
            try decodeMore()
        }
        return written
    }

    private func decodeMore() throws(FileAccessError) {
        while true {
            switch loop.next(into: frame.frame) {
            case .frame:
                try resample(frame.frame)
                av_frame_unref(frame.frame)
                if !pending.isEmpty { return }
            case .end:
                try flushResampler()
                finished = true
                return
            case .failed:
                // A damaged audio packet is passed over: the sound goes on after it.
                continue
            }
        }
    }

    private func resample(_ f: UnsafeMutablePointer<AVFrame>) throws(FileAccessError) {
        if resampler == nil {
            var outLayout = AVChannelLayout()
            av_channel_layout_default(&outLayout, 2)
            var inLayout = f.pointee.ch_layout
            if inLayout.order == AV_CHANNEL_ORDER_UNSPEC { av_channel_layout_default(&inLayout, inLayout.nb_channels) }
            let r = swr_alloc_set_opts2(
                &resampler, &outLayout, AV_SAMPLE_FMT_FLT, Int32(Self.sampleRate),
                &inLayout, AVSampleFormat(rawValue: f.pointee.format), f.pointee.sample_rate, 0, nil)
            try check(r, .unsupported, file: path, operation: "resampling audio")
            try check(swr_init(resampler), .unsupported, file: path, operation: "resampling audio")
            if skip < 0 {
                // First frame after a seek: how many output samples lie before the asked time.
                var pts = f.pointee.best_effort_timestamp
                if pts == reel_nopts() { pts = startTicks }
                let frameTime = exactTime(ticks(pts, since: startTicks), timeBase)
                let ahead = seekTarget - frameTime
                skip = ahead.isPositive ? ahead.ticks(timescale: Int64(Self.sampleRate), rounding: .toNearestOrAwayFromZero) : 0
            }
        }
        let capacity = Int(swr_get_out_samples(resampler, f.pointee.nb_samples)) + 16
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: capacity * 2))
        let got = pending.withUnsafeMutableBufferPointer { buf -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buf.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
            let inData = UnsafeRawPointer(f.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            return swr_convert(resampler, &out, Int32(capacity), UnsafeMutablePointer(mutating: inData), f.pointee.nb_samples)
        }
        try check(got, .corrupt, file: path, operation: "resampling audio")
        pending.removeLast((capacity - Int(got)) * 2)
        dropSkipped()
    }

    private func flushResampler() throws(FileAccessError) {
        guard resampler != nil else { return }
        let capacity = 4096
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: capacity * 2))
        let got = pending.withUnsafeMutableBufferPointer { buf -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buf.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &out, Int32(capacity), nil, 0)
        }
        pending.removeLast((capacity - Int(max(got, 0))) * 2)
        dropSkipped()
    }

    private func dropSkipped() {
        guard skip > 0 else { return }
        let available = (pending.count - pendingOffset) / 2
        let n = Int(min(Int64(available), skip))
        pendingOffset += n * 2
        skip -= Int64(n)
    }
}
