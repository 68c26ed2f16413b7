import CFFmpeg
import DocumentLimits
import MediaTime

/// Settings of an H.264 + AAC MP4 export.
package struct EncoderSettings: Sendable, Hashable {
    /// Output width in pixels, even (4:2:0).
    package var width: Int
    /// Output height in pixels, even (4:2:0).
    package var height: Int
    /// Exact frame rate; the video's time base is derived from it, so frame times never drift.
    package var frameRate: FrameRate
    /// x264 constant rate factor; ignored when `videoBitrate` is set.
    package var crf: Int
    /// Target average video bit rate in bits per second, instead of a constant quality.
    package var videoBitrate: Int?
    /// x264 preset, `ultrafast` to `veryslow`.
    package var preset: String
    /// The file's `comment` tag (a segment names itself there for the join).
    package var comment: String?
    /// Cues of a soft subtitle stream (`mov_text`); none when empty.
    package var subtitles: [SubtitleCue] = []
    /// Which pass of a two-pass bit-rate encode this is; nil for one pass. Only with `videoBitrate`.
    package var ratePass: RatePass?
    /// Pictures from one keyframe to the next (1: every picture a keyframe, as previews' proxies
    /// are); nil for one every two seconds, as exports have.
    package var keyframeInterval: Int?
    /// x264's tuning (`zerolatency` for a stream played as it is made); nil for none.
    package var tune: String?

    /// Defaults: CRF 20 at x264's `veryfast`, one pass, no comment, no subtitles.
    package init(
        width: Int, height: Int, frameRate: FrameRate, crf: Int = 20, videoBitrate: Int? = nil,
        preset: String = "veryfast", comment: String? = nil, ratePass: RatePass? = nil
    ) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.crf = crf
        self.videoBitrate = videoBitrate
        self.preset = preset
        self.comment = comment
        self.ratePass = ratePass
    }
}

/// A pass of x264's two-pass rate control: the first writes statistics of every frame to a file,
/// the second reads them to spread the bits so the average lands on the target (one pass with a
/// buffer misses by 10 % and more on short videos).
package enum RatePass: Sendable, Hashable {
    case first(stats: String)
    case second(stats: String)

    /// The files x264 writes for a statistics file named `stats` (the file, its macroblock-tree
    /// data, and the names both are written under before renaming), for whoever cleans up.
    package static func companionFiles(of stats: String) -> [String] {
        [stats, stats + ".temp", stats + ".mbtree", stats + ".mbtree.temp"]
    }
}

/// Writes H.264 High (yuv420p, BT.709 limited range, tagged) and AAC-LC 48 kHz stereo into an MP4
/// with its index at the front (`+faststart`), so it plays everywhere and streams at once.
///
/// Pictures and sound are given in presentation order; packets are interleaved by the muxer.
/// The file is written to a temporary name and appears at `path` only after `finish()`; a device,
/// FIFO or `-` (standard output) is written in place as a fragmented MP4 (see `AtomicFile`).
package final class MP4Writer {
    /// The output path as the caller named it (`-` for standard output).
    package let path: String
    /// What the encoders were opened with; fixed for the file.
    package let settings: EncoderSettings
    private let output: AtomicFile
    private var format: UnsafeMutablePointer<AVFormatContext>
    /// The H.264 encoder; nil when the video is copied from segments (`init(path:settings:copyingVideoOf:)`).
    private var video: UnsafeMutablePointer<AVCodecContext>?
    /// The time base of the segments' video when it is copied.
    private var copiedTimeBase: AVRational?
    /// The decoding time of the last packet copied, in the output's time base: copied packets must go forward.
    private var lastCopiedDTS: Int64?
    private let videoStream: UnsafeMutablePointer<AVStream>
    private var audioStream: UnsafeMutablePointer<AVStream>?
    private let videoFrame = FrameBox()
    private let packet = PacketBox()
    private var framesWritten: Int64 = 0
    private var ioOpen = false
    private var finished = false
    /// The sound, encoded before the pictures (`AACEncoder`) and laid beside them as they come.
    private let audioTrack: AACTrack?
    private var trackPacketsWritten = 0
    /// Reads the track's packets back from its scratch file while they are laid.
    private var trackReader: AACTrack.Reader?

    /// With `audioTrack`, the file's sound is that track's packets (`writeAudio(through:)`);
    /// without, the file has no sound (a segment, a first pass). With `descriptor`, the file is
    /// streamed through it (a fragmented MP4; `path` only names it) instead of written at `path`.
    package init(path: String, settings: EncoderSettings, audioTrack: AACTrack? = nil, streamingTo descriptor: Int32? = nil)
        throws(FileAccessError)
    {
        self.path = path
        self.settings = settings
        self.audioTrack = audioTrack
        let sides = Limits.canvasSide
        guard sides.contains(settings.width), sides.contains(settings.height), settings.width % 2 == 0, settings.height % 2 == 0 else {
            throw FileAccessError(
                .unsupported, file: path, operation: "creating the video",
                reason: "size \(settings.width)x\(settings.height) must be even and within \(sides.lowerBound)...\(sides.upperBound)")
        }
        try MediaLibrary.checkEncoders()
        if let descriptor {
            output = try AtomicFile(streamingTo: descriptor, name: path)
        } else {
            output = try AtomicFile(path: path)
        }
        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&oc, nil, "mp4", output.libraryPath), .writeFailed, file: path, operation: "creating the MP4")
        guard let fmt = oc else { throw FileAccessError(.writeFailed, file: path, operation: "creating the MP4", reason: "no muxer") }
        format = fmt

        guard let x264 = avcodec_find_encoder_by_name("libx264"), let vctx = avcodec_alloc_context3(x264),
            let vst = avformat_new_stream(fmt, nil)
        else {
            avformat_free_context(fmt)
            throw FileAccessError(.missingComponent, file: path, operation: "creating the video encoder", reason: "libx264 is not available")
        }
        video = vctx
        videoStream = vst
        let rate = settings.frameRate
        vctx.pointee.width = Int32(settings.width)
        vctx.pointee.height = Int32(settings.height)
        vctx.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        vctx.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        vctx.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        vctx.pointee.color_range = AVCOL_RANGE_MPEG
        vctx.pointee.color_primaries = AVCOL_PRI_BT709
        vctx.pointee.color_trc = AVCOL_TRC_BT709
        vctx.pointee.colorspace = AVCOL_SPC_BT709
        vctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        // A keyframe at least every two seconds keeps seeking in players quick.
        vctx.pointee.gop_size = Int32(max(1, min(600, settings.keyframeInterval ?? Int(rate.frame(at: RationalTime(seconds: 2), rounding: .down)))))
        vctx.pointee.thread_count = 0
        if fmt.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            vctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var options: OpaquePointer?
        av_dict_set(&options, "preset", settings.preset, 0)
        av_dict_set(&options, "profile", "high", 0)
        if let tune = settings.tune { av_dict_set(&options, "tune", tune, 0) }
        if let bitrate = settings.videoBitrate {
            vctx.pointee.bit_rate = Int64(bitrate)
            // A buffer of one second at the peak rate of 1.5 times the average keeps bursts short
            // for players on slow links, while the two passes put the average on the target.
            vctx.pointee.rc_max_rate = Int64(bitrate) * 3 / 2
            vctx.pointee.rc_buffer_size = Int32(min(Int64(Int32.max), Int64(bitrate) * 3 / 2))
            switch settings.ratePass {
            case .first(let stats):
                vctx.pointee.flags |= Int32(AV_CODEC_FLAG_PASS1)
                av_dict_set(&options, "stats", stats, 0)
            case .second(let stats):
                vctx.pointee.flags |= Int32(AV_CODEC_FLAG_PASS2)
                av_dict_set(&options, "stats", stats, 0)
            case nil: break
            }
        } else {
            av_dict_set(&options, "crf", "\(settings.crf)", 0)
        }
        let openCode = avcodec_open2(vctx, x264, &options)
        av_dict_free(&options)
        do {
            try check(openCode, .unsupported, file: path, operation: "opening the H.264 encoder")
            try check(
                avcodec_parameters_from_context(vst.pointee.codecpar, vctx), .writeFailed, file: path, operation: "configuring the video stream")
            vst.pointee.time_base = vctx.pointee.time_base
            vst.pointee.avg_frame_rate = vctx.pointee.framerate

            try openSoundSubtitlesAndOutput()
        } catch {
            close()
            throw error
        }

        videoFrame.frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        videoFrame.frame.pointee.width = Int32(settings.width)
        videoFrame.frame.pointee.height = Int32(settings.height)
        videoFrame.frame.pointee.color_range = AVCOL_RANGE_MPEG
        videoFrame.frame.pointee.colorspace = AVCOL_SPC_BT709
        videoFrame.frame.pointee.color_primaries = AVCOL_PRI_BT709
        videoFrame.frame.pointee.color_trc = AVCOL_TRC_BT709
        try check(av_frame_get_buffer(videoFrame.frame, 0), .writeFailed, file: path, operation: "allocating a video frame")
    }

    /// After the video stream: the audio stream when there is a track, the subtitle stream when there are
    /// cues, then the file with its header, and the subtitles (all known before the first frame).
    private func openSoundSubtitlesAndOutput() throws(FileAccessError) {
        if let audioTrack { try openAudio(audioTrack) }
        if !settings.subtitles.isEmpty { subtitleTrack = try SubtitleTrack(format: format, cues: settings.subtitles, file: path) }
        try openOutput()
        try subtitleTrack?.writeAll(format: format, packet: packet.packet, file: path)
    }

    /// Opens the file and writes the header, once the streams are set up.
    private func openOutput() throws(FileAccessError) {
        if let comment = settings.comment { av_dict_set(&format.pointee.metadata, "comment", comment, 0) }
        // A stream (a device, a FIFO, standard output) cannot be read back to move the index to
        // the front, so it gets a fragmented MP4, which players read front to back.
        let url = output.destination == .stream ? "pipe:\(output.descriptor)" : output.libraryPath
        try check(avio_open(&format.pointee.pb, url, AVIO_FLAG_WRITE), .writeFailed, file: path, operation: "opening the output file")
        ioOpen = true
        var muxOptions: OpaquePointer?
        av_dict_set(&muxOptions, "movflags", output.destination == .stream ? "+frag_keyframe+empty_moov+default_base_moof" : "+faststart", 0)
        let header = avformat_write_header(format, &muxOptions)
        av_dict_free(&muxOptions)
        try check(header, .writeFailed, file: path, operation: "writing the MP4 header")
    }

    /// A writer whose video is copied, packet by packet, from segments like `first` (same size,
    /// same H.264 configuration, colour tags and all), and whose sound is encoded as usual or laid from
    /// `audioTrack`.
    package init(path: String, settings: EncoderSettings, copyingVideoOf first: VideoPacketReader, audioTrack: AACTrack? = nil)
        throws(FileAccessError)
    {
        self.path = path
        self.settings = settings
        self.audioTrack = audioTrack
        try MediaLibrary.checkEncoders()
        output = try AtomicFile(path: path)
        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&oc, nil, "mp4", output.libraryPath), .writeFailed, file: path, operation: "creating the MP4")
        guard let fmt = oc, let vst = avformat_new_stream(fmt, nil) else {
            if let oc { avformat_free_context(oc) }
            throw FileAccessError(.writeFailed, file: path, operation: "creating the MP4", reason: "no muxer")
        }
        format = fmt
        video = nil
        videoStream = vst
        do {
            try check(
                avcodec_parameters_copy(vst.pointee.codecpar, first.stream.pointee.codecpar), .writeFailed, file: path,
                operation: "configuring the video stream")
            vst.pointee.codecpar.pointee.codec_tag = 0
            vst.pointee.time_base = first.stream.pointee.time_base
            copiedTimeBase = first.stream.pointee.time_base
            let rate = settings.frameRate
            vst.pointee.avg_frame_rate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
            try openSoundSubtitlesAndOutput()
        } catch {
            close()
            throw error
        }
    }

    /// Writes the packet `reader` last read, its times moved `frameOffset` frames later.
    package func copyPacket(from reader: VideoPacketReader, frameOffset: Int64) throws(FileAccessError) {
        guard copiedTimeBase != nil else { preconditionFailure("MP4Writer: copyPacket on a writer that encodes its video") }
        let p = reader.packet.packet
        let rate = settings.frameRate
        // In the part's own time base, which its packets' times are in.
        let shift = av_rescale_q(frameOffset, AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator)), reader.stream.pointee.time_base)
        // The part's times are its file's word: a packet without them, out of range or out of
        // order is the part's fault, named as such, not the muxer's refusal of the output.
        func fault(_ reason: String) -> FileAccessError {
            FileAccessError(.corrupt, file: reader.path, operation: "joining segments", reason: reason)
        }
        guard p.pointee.pts != reel_nopts(), p.pointee.dts != reel_nopts() else {
            throw fault("packet \(reader.packetCount) has no time; was it written as a fragmented MP4 (-o - or a pipe)? render it to a file")
        }
        let (pts, o1) = p.pointee.pts.addingReportingOverflow(shift)
        let (dts, o2) = p.pointee.dts.addingReportingOverflow(shift)
        guard !o1, !o2 else { throw fault("packet \(reader.packetCount) has a time out of range") }
        p.pointee.pts = pts
        p.pointee.dts = dts
        av_packet_rescale_ts(p, reader.stream.pointee.time_base, videoStream.pointee.time_base)
        if let last = lastCopiedDTS, p.pointee.dts <= last {
            throw fault("packet \(reader.packetCount)'s time is not after the one before it; render the segment again to a file")
        }
        lastCopiedDTS = p.pointee.dts
        p.pointee.stream_index = videoStream.pointee.index
        p.pointee.pos = -1
        framesWritten += 1
        try check(av_interleaved_write_frame(format, p), .writeFailed, file: path, operation: "writing video")
    }

    private func openAudio(_ track: AACTrack) throws(FileAccessError) {
        guard let ast = avformat_new_stream(format, nil) else {
            throw FileAccessError(.writeFailed, file: path, operation: "creating the audio stream", reason: "no stream")
        }
        audioStream = ast
        ast.pointee.time_base = AVRational(num: 1, den: Int32(AudioDecoder.sampleRate))
        try check(
            avcodec_parameters_copy(ast.pointee.codecpar, track.parameters), .writeFailed, file: path, operation: "configuring the audio stream")
    }

    /// Writes the packets of the encoded track given at the start (`audioTrack`) that begin
    /// before input sample `sample`, so the muxer interleaves them with the pictures.
    package func writeAudio(through sample: Int64) throws(FileAccessError) {
        guard let track = audioTrack, let ast = audioStream else { preconditionFailure("MP4Writer: writeAudio(through:) without a track") }
        let p = packet.packet
        if trackReader == nil, trackPacketsWritten < track.packets.count {
            trackReader = try AACTrack.Reader(track, file: path, operation: "writing audio")
        }
        while trackPacketsWritten < track.packets.count, track.packets[trackPacketsWritten].pts < sample, let reader = trackReader {
            try reader.load(trackPacketsWritten, into: p, file: path, operation: "writing audio")
            trackPacketsWritten += 1
            av_packet_rescale_ts(p, AVRational(num: 1, den: Int32(AudioDecoder.sampleRate)), ast.pointee.time_base)
            p.pointee.stream_index = ast.pointee.index
            try check(av_interleaved_write_frame(format, p), .writeFailed, file: path, operation: "writing audio")
        }
    }

    deinit {
        close()
    }

    /// Number of pictures written so far.
    package var frameCount: Int64 { framesWritten }

    /// Encodes the next picture (must be the export's size).
    package func writeVideo(_ picture: Picture) throws(FileAccessError) {
        precondition(picture.width == settings.width && picture.height == settings.height, "MP4Writer: picture size differs from the video's")
        let f = videoFrame.frame
        try check(av_frame_make_writable(f), .writeFailed, file: path, operation: "preparing a video frame")
        copyPlane(picture.y, picture.lumaStride, f.plane(0), f.stride(0), picture.width, picture.height)
        copyPlane(picture.u, picture.chromaStride, f.plane(1), f.stride(1), picture.chromaWidth, picture.chromaHeight)
        copyPlane(picture.v, picture.chromaStride, f.plane(2), f.stride(2), picture.chromaWidth, picture.chromaHeight)
        f.pointee.pts = framesWritten
        framesWritten += 1
        guard let video else { preconditionFailure("MP4Writer: writeVideo on a writer that copies its video") }
        try encode(video, stream: videoStream, frame: f)
    }

    /// Flushes the encoders, writes the index and moves the file into place.
    package func finish() throws(FileAccessError) {
        guard !finished else { return }
        if audioTrack != nil {
            try writeAudio(through: .max)
            trackReader = nil
        }
        if let video { try encode(video, stream: videoStream, frame: nil) }
        try check(av_write_trailer(format), .writeFailed, file: path, operation: "writing the MP4 index")
        finished = true
        close()
        try output.commit()
    }

    /// Stops without producing a file.
    package func cancel() {
        close()
        output.discard()
    }

    private func encode(
        _ codec: UnsafeMutablePointer<AVCodecContext>, stream: UnsafeMutablePointer<AVStream>,
        frame: UnsafeMutablePointer<AVFrame>?
    ) throws(FileAccessError) {
        let what = "encoding video"
        try check(avcodec_send_frame(codec, frame), .writeFailed, file: path, operation: what)
        while true {
            let r = avcodec_receive_packet(codec, packet.packet)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try check(r, .writeFailed, file: path, operation: what)
            let p = packet.packet
            if p.pointee.duration == 0 { p.pointee.duration = 1 }
            av_packet_rescale_ts(p, codec.pointee.time_base, stream.pointee.time_base)
            p.pointee.stream_index = stream.pointee.index
            let w = av_interleaved_write_frame(format, p)
            try check(w, .writeFailed, file: path, operation: "writing video")
        }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        if ioOpen {
            avio_closep(&format.pointee.pb)
            ioOpen = false
        }
        if video != nil { avcodec_free_context(&video) }
        subtitleTrack?.free()
        subtitleTrack = nil
        avformat_free_context(format)
    }

    private var closed = false
    private var subtitleTrack: SubtitleTrack?
}

private func copyPlane(
    _ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>?, _ dstStride: Int,
    _ width: Int, _ height: Int
) {
    guard let dst else { return }
    for row in 0..<height {
        (dst + row * dstStride).update(from: src + row * srcStride, count: width)
    }
}
