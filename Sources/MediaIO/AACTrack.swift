import CFFmpeg
import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A whole soundtrack encoded to AAC-LC (48 kHz stereo, FFmpeg's native encoder), its packets kept
/// in a file of a private scratch folder until `MP4Writer` lays them beside the pictures.
///
/// Only a small index (where each packet lies, its time and size) stays in memory, so memory does
/// not grow with the length of the sound; the folder goes with the track, and is unlinked on a
/// signal (`ScratchFolder`).
///
/// Encoding the sound before the pictures is what lets an export know the true peak of the very
/// packets its file will carry: `decodedPeaks()` decodes them with libavcodec's AAC decoder and
/// measures them as a true-peak meter does, before anything is written.
package final class AACTrack: @unchecked Sendable {
    // Immutable once made: the index, the file and the parameters are only read (by the writer
    // and the meter), each reader with its own handle.
    /// Where a packet's bytes lie in the scratch file, and its timing.
    struct Packet {
        let offset: Int64
        let pts: Int64
        let size: Int32
        let duration: Int32
        let flags: Int32
    }

    let packets: [Packet]
    /// The folder holding `path`; the file goes with it when the track goes.
    private let scratch: ScratchFolder
    /// The packets' bytes, one after the other.
    let path: String
    /// The stream's parameters (with the AudioSpecificConfig), as the encoder left them.
    let parameters: UnsafeMutablePointer<AVCodecParameters>
    /// Samples of input per packet (1024).
    package let frameSize: Int
    /// Samples the encoder puts before the first one it was given (its priming, 1024): decoded
    /// sample `j` is input sample `j - delay`.
    package let delay: Int
    /// Samples it was given.
    package let sampleCount: Int64

    init(
        packets: [Packet], scratch: ScratchFolder, path: String, parameters: UnsafeMutablePointer<AVCodecParameters>, frameSize: Int,
        delay: Int, sampleCount: Int64
    ) {
        self.packets = packets
        self.scratch = scratch
        self.path = path
        self.parameters = parameters
        self.frameSize = frameSize
        self.delay = delay
        self.sampleCount = sampleCount
    }

    deinit {
        var p: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&p)
    }

    /// Bytes of encoded sound (in the scratch file).
    package var byteCount: Int { packets.reduce(0) { $0 + Int($1.size) } }

    /// Bytes the track holds in memory: its index, a few dozen bytes a packet.
    package var indexByteCount: Int { packets.count * MemoryLayout<Packet>.stride }

    /// The scratch file holding the packets (gone once the track is).
    package var scratchFile: String { path }

    /// Reads the packets back in order, each into the same buffer.
    final class Reader {
        private let file: UnsafeMutablePointer<FILE>
        private var buffer = [UInt8]()
        private let track: AACTrack

        init(_ track: AACTrack, file name: String, operation: String) throws(FileAccessError) {
            guard let f = fopen(track.path, "rb") else {
                throw FileAccessError(.unreadable, file: name, operation: operation, reason: "the encoded sound: \(String(cString: strerror(errno)))")
            }
            file = f
            self.track = track
        }

        deinit { fclose(file) }

        /// Packet `index` as an `AVPacket` in `p`: its bytes, its times (1/48000 s) and flags, as the
        /// encoder made it. What the MP4 writer and the soundtrack file both lay.
        func load(_ index: Int, into p: UnsafeMutablePointer<AVPacket>, file name: String, operation: String) throws(FileAccessError) {
            let made: Int32 = try read(index, file: name, operation: operation) { bytes in
                guard av_new_packet(p, Int32(bytes.count)) >= 0 else { return reel_averror(ENOMEM) }
                if let d = p.pointee.data, let b = bytes.baseAddress { d.update(from: b, count: bytes.count) }
                return 0
            }
            try check(made, .writeFailed, file: name, operation: operation)
            let source = track.packets[index]
            p.pointee.pts = source.pts
            p.pointee.dts = source.pts
            p.pointee.duration = Int64(source.duration)
            p.pointee.flags = source.flags
        }

        /// The bytes of packet `index`, valid until the next read; packets are read in order.
        func read<T>(_ index: Int, file name: String, operation: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) throws(FileAccessError) -> T {
            let p = track.packets[index]
            let size = Int(p.size)
            if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, 2048)) }
            let got = buffer.withUnsafeMutableBytes { b -> Int in
                guard fseeko(file, off_t(p.offset), SEEK_SET) == 0 else { return -1 }
                return fread(b.baseAddress, 1, size, file)
            }
            guard got == size else {
                throw FileAccessError(.unreadable, file: name, operation: operation, reason: "the encoded sound's file is short at packet \(index)")
            }
            return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<size])) }
        }
    }
}

/// Opens FFmpeg's AAC-LC encoder for 48 kHz stereo float at `bitrate`, with the global header an
/// MP4 needs.
func openAACEncoder(bitrate: Int, file: String) throws(FileAccessError) -> UnsafeMutablePointer<AVCodecContext> {
    guard let aac = avcodec_find_encoder(AV_CODEC_ID_AAC), let actx = avcodec_alloc_context3(aac) else {
        throw FileAccessError(.missingComponent, file: file, operation: "creating the AAC encoder", reason: "no AAC encoder")
    }
    actx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    actx.pointee.sample_rate = Int32(AudioDecoder.sampleRate)
    av_channel_layout_default(&actx.pointee.ch_layout, 2)
    actx.pointee.bit_rate = Int64(bitrate)
    actx.pointee.time_base = AVRational(num: 1, den: Int32(AudioDecoder.sampleRate))
    actx.pointee.profile = FF_PROFILE_AAC_LOW
    actx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
    let code = avcodec_open2(actx, aac, nil)
    if code < 0 {
        var p: UnsafeMutablePointer<AVCodecContext>? = actx
        avcodec_free_context(&p)
        _ = try check(code, .unsupported, file: file, operation: "opening the AAC encoder")
    }
    return actx
}

/// Encodes interleaved stereo float at 48 kHz into an `AACTrack`.
package final class AACEncoder {
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let frame = FrameBox()
    private let packet = PacketBox()
    private var queue: [Float] = []
    private var packets: [AACTrack.Packet] = []
    private var samplesIn: Int64 = 0
    private let file: String
    private let scratch: ScratchFolder
    private let path: String
    private var out: UnsafeMutablePointer<FILE>?
    private var written: Int64 = 0

    /// `file` names the export the sound is for, in errors. The packets go to a file in a new
    /// scratch folder as they are made; it is removed if the encoder goes unfinished.
    package init(bitrate: Int, file: String) throws(FileAccessError) {
        self.file = file
        scratch = try ScratchFolder(purpose: "sound")
        path = try scratch.file("sound.aac")
        guard let o = PathBytes.withCString(path, { fopen($0, "wb") }) else {
            throw FileAccessError(.writeFailed, file: file, operation: "keeping the encoded sound", reason: String(cString: strerror(errno)))
        }
        out = o
        let c = try openAACEncoder(bitrate: bitrate, file: file)
        codec = c
        let f = frame.frame
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.nb_samples = c.pointee.frame_size
        f.pointee.sample_rate = c.pointee.sample_rate
        try check(
            av_channel_layout_copy(&f.pointee.ch_layout, &c.pointee.ch_layout), .writeFailed, file: file, operation: "allocating an audio frame")
        try check(av_frame_get_buffer(f, 0), .writeFailed, file: file, operation: "allocating an audio frame")
    }

    deinit {
        if codec != nil { avcodec_free_context(&codec) }
        if let out { fclose(out) }
    }

    /// The scratch file the packets go to (handed to the track by `finish()`).
    package var scratchFile: String { path }

    /// Queues samples; they are encoded as whole AAC frames fill.
    package func write(_ samples: UnsafeBufferPointer<Float>) throws(FileAccessError) {
        guard let c = codec else { preconditionFailure("AACEncoder: write after finish") }
        queue.append(contentsOf: samples)
        let size = Int(c.pointee.frame_size)
        var offset = 0
        while queue.count - offset >= size * 2 {
            try encode(from: offset, count: size, codec: c)
            offset += size * 2
        }
        queue.removeFirst(offset)
    }

    /// Encodes what is queued, flushes the encoder and hands over the packets.
    package func finish() throws(FileAccessError) -> AACTrack {
        guard let c = codec else { preconditionFailure("AACEncoder: finish twice") }
        let size = Int(c.pointee.frame_size)
        var offset = 0
        while queue.count - offset > 0 {
            let n = min((queue.count - offset) / 2, size)
            try encode(from: offset, count: n, codec: c)
            offset += n * 2
        }
        queue.removeAll()
        try send(nil, codec: c)
        let closed = out.map { fclose($0) } ?? 0
        out = nil
        guard closed == 0 else {
            throw FileAccessError(.writeFailed, file: file, operation: "keeping the encoded sound", reason: String(cString: strerror(errno)))
        }
        guard let parameters = avcodec_parameters_alloc() else { fatalError("avcodec_parameters_alloc: out of memory") }
        let code = avcodec_parameters_from_context(parameters, c)
        if code < 0 {
            var p: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&p)
            _ = try check(code, .writeFailed, file: file, operation: "configuring the audio stream")
        }
        let track = AACTrack(
            packets: packets, scratch: scratch, path: path, parameters: parameters, frameSize: size, delay: Int(c.pointee.initial_padding),
            sampleCount: samplesIn)
        avcodec_free_context(&codec)
        packets = []
        return track
    }

    private func encode(from offset: Int, count: Int, codec c: UnsafeMutablePointer<AVCodecContext>) throws(FileAccessError) {
        let f = frame.frame
        try check(av_frame_make_writable(f), .writeFailed, file: file, operation: "preparing an audio frame")
        f.pointee.nb_samples = Int32(count)
        guard let l = f.plane(0), let r = f.plane(1) else { return }
        let left = UnsafeMutableRawPointer(l).assumingMemoryBound(to: Float.self)
        let right = UnsafeMutableRawPointer(r).assumingMemoryBound(to: Float.self)
        queue.withUnsafeBufferPointer { q in
            for i in 0..<count {
                left[i] = q[offset + 2 * i]
                right[i] = q[offset + 2 * i + 1]
            }
        }
        f.pointee.pts = samplesIn
        samplesIn += Int64(count)
        try send(f, codec: c)
    }

    private func send(_ f: UnsafeMutablePointer<AVFrame>?, codec c: UnsafeMutablePointer<AVCodecContext>) throws(FileAccessError) {
        try check(avcodec_send_frame(c, f), .writeFailed, file: file, operation: "encoding audio")
        while true {
            let r = avcodec_receive_packet(c, packet.packet)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try check(r, .writeFailed, file: file, operation: "encoding audio")
            let p = packet.packet
            let size = Int(p.pointee.size)
            let entry = AACTrack.Packet(
                offset: written, pts: p.pointee.pts, size: Int32(size), duration: Int32(p.pointee.duration), flags: p.pointee.flags)
            let put = p.pointee.data.map { fwrite($0, 1, size, out) } ?? 0
            av_packet_unref(p)
            guard put == size else {
                throw FileAccessError(.writeFailed, file: file, operation: "keeping the encoded sound", reason: String(cString: strerror(errno)))
            }
            packets.append(entry)
            written += Int64(size)
        }
    }
}

extension AACTrack {
    /// The loudest the decoded sound gets near each stretch of `frameSize` input samples, as a
    /// linear amplitude: element `k` is the true peak of the decoded sound over input samples
    /// `k * frameSize ..< (k + 1) * frameSize` (both channels).
    ///
    /// The packets are decoded by libavcodec's AAC decoder and oversampled to 192 kHz by
    /// libswresample with its default filter, the very measurement of ffmpeg's
    /// `ebur128=peak=true` (ITU-R BS.1770-4 true peak). The encoder's priming and the decoder's
    /// tail are measured too and counted in the first and last stretches.
    ///
    /// `listen`, when given, is handed the decoded sound itself at 48 kHz, interleaved stereo,
    /// block after block: decoded samples of input samples `0 ..< sampleCount`, in order, without
    /// the priming and the tail (what a loudness meter reading the file hears).
    package func decodedPeaks(file: String, listen: ((UnsafeBufferPointer<Float>) -> Void)? = nil) throws(FileAccessError) -> [Float] {
        let stretches = max(1, Int((sampleCount + Int64(frameSize) - 1) / Int64(frameSize)))
        var peaks = [Float](repeating: 0, count: stretches)
        guard let aac = avcodec_find_decoder(AV_CODEC_ID_AAC), let dctx = avcodec_alloc_context3(aac) else {
            throw FileAccessError(.missingComponent, file: file, operation: "checking the sound's peaks", reason: "no AAC decoder")
        }
        defer {
            var p: UnsafeMutablePointer<AVCodecContext>? = dctx
            avcodec_free_context(&p)
        }
        let operation = "checking the sound's peaks"
        try check(avcodec_parameters_to_context(dctx, parameters), .unsupported, file: file, operation: operation)
        try check(avcodec_open2(dctx, aac, nil), .unsupported, file: file, operation: operation)

        var resampler: OpaquePointer?
        defer { swr_free(&resampler) }
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, 2)
        var inLayout = outLayout
        try check(
            swr_alloc_set_opts2(
                &resampler, &outLayout, AV_SAMPLE_FMT_DBL, 192_000, &inLayout, AV_SAMPLE_FMT_FLTP, Int32(AudioDecoder.sampleRate), 0, nil),
            .unsupported, file: file, operation: operation)
        // ebur128 hands the resampler doubles, so it filters in doubles: the same here.
        try check(
            av_opt_set_sample_fmt(resampler.map { UnsafeMutableRawPointer($0) }, "internal_sample_fmt", AV_SAMPLE_FMT_DBLP, 0), .unsupported,
            file: file, operation: operation)
        try check(swr_init(resampler), .unsupported, file: file, operation: operation)

        let frame = FrameBox()
        let packet = PacketBox()
        var out = [Double]()
        // Output sample m of the resampler (192 kHz) lies at decoded sample m / 4.
        var produced: Int64 = 0
        let delay = Int64(self.delay)
        let size = Int64(frameSize)
        func take(_ got: Int32) {
            for m in 0..<Int(got) {
                let v = Float(max(abs(out[2 * m]), abs(out[2 * m + 1])))
                let input = (produced + Int64(m)) / 4 - delay
                let k = min(max(0, input >= 0 ? input / size : 0), Int64(stretches - 1))
                if v > peaks[Int(k)] { peaks[Int(k)] = v }
            }
            produced += Int64(got)
        }
        func convert(_ f: UnsafeMutablePointer<AVFrame>?) throws(FileAccessError) {
            let n = f.map { Int($0.pointee.nb_samples) } ?? 0
            let capacity = Int(swr_get_out_samples(resampler, Int32(n))) + 64
            if out.count < capacity * 2 { out = [Double](repeating: 0, count: capacity * 2) }
            let got = out.withUnsafeMutableBufferPointer { buf -> Int32 in
                var o: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buf.baseAddress!).assumingMemoryBound(to: UInt8.self)
                guard let f else { return swr_convert(resampler, &o, Int32(capacity), nil, 0) }
                let inData = UnsafeRawPointer(f.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                return swr_convert(resampler, &o, Int32(capacity), UnsafeMutablePointer(mutating: inData), f.pointee.nb_samples)
            }
            try check(got, .corrupt, file: file, operation: operation)
            take(got)
        }
        // Decoded samples handed to `listen` so far, counted from the first decoded (priming included).
        var decoded: Int64 = 0
        var heard = [Float]()
        func hand(_ f: UnsafeMutablePointer<AVFrame>) {
            let n = Int(f.pointee.nb_samples)
            defer { decoded += Int64(n) }
            guard let listen, n > 0, let data = f.pointee.extended_data else { return }
            let first = max(0, delay - decoded)
            let last = min(Int64(n), sampleCount + delay - decoded)
            guard last > first, let left = data[0] else { return }
            let right = f.pointee.ch_layout.nb_channels > 1 ? data[1] ?? left : left
            let l = UnsafeRawPointer(left).assumingMemoryBound(to: Float.self)
            let r = UnsafeRawPointer(right).assumingMemoryBound(to: Float.self)
            heard.removeAll(keepingCapacity: true)
            for j in Int(first)..<Int(last) {
                heard.append(l[j])
                heard.append(r[j])
            }
            heard.withUnsafeBufferPointer { listen($0) }
        }
        func receive() throws(FileAccessError) {
            while true {
                let r = avcodec_receive_frame(dctx, frame.frame)
                if r == reel_averror_eagain() || r == reel_averror_eof() { return }
                try check(r, .corrupt, file: file, operation: operation)
                hand(frame.frame)
                try convert(frame.frame)
                av_frame_unref(frame.frame)
            }
        }
        let reader = try Reader(self, file: file, operation: operation)
        for (i, p) in packets.enumerated() {
            let sent: Int32 = try reader.read(i, file: file, operation: operation) { bytes in
                let pk = packet.packet
                guard av_new_packet(pk, Int32(bytes.count)) >= 0 else { return reel_averror(ENOMEM) }
                if let d = pk.pointee.data, let b = bytes.baseAddress { d.update(from: b, count: bytes.count) }
                pk.pointee.pts = p.pts
                pk.pointee.dts = p.pts
                pk.pointee.duration = Int64(p.duration)
                pk.pointee.flags = p.flags
                let r = avcodec_send_packet(dctx, pk)
                av_packet_unref(pk)
                return r
            }
            try check(sent, .corrupt, file: file, operation: operation)
            try receive()
        }
        try check(avcodec_send_packet(dctx, nil), .corrupt, file: file, operation: operation)
        try receive()
        try convert(nil)
        return peaks
    }
}
