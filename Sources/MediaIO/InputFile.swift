import CFFmpeg
import MediaTime

/// An opened media file (demuxer) and its streams; the base of probing and decoding.
final class InputFile {
    let path: String
    var context: UnsafeMutablePointer<AVFormatContext>
    /// The file as opened and checked (a regular file, beneath its template folder if in one);
    /// FFmpeg reads it through its descriptor's name, so nothing else can be read in its place.
    let file: ReadableFile

    convenience init(path: String) throws(FileAccessError) {
        try self.init(file: ReadableFile(path: path))
    }

    /// Opens the demuxer on a file already opened and checked, without opening it by name again.
    init(file: ReadableFile) throws(FileAccessError) {
        path = file.path
        self.file = file
        // A picture whose header claims more than Reel reads is refused in Reel's words before
        // FFmpeg allocates for it, or fails on it with a message of its own.
        if let size = PictureHeader.oversizeDescription(of: file) {
            throw FileAccessError(.unsupported, file: path, operation: "opening", reason: size)
        }
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let openCode = avformat_open_input(&ctx, file.descriptorPath, nil, nil)
        guard openCode >= 0, let opened = ctx else {
            if openCode == reel_averror(EACCES) {
                throw FileAccessError(.unreadable, file: path, operation: "opening", reason: ffmpegMessage(openCode))
            }
            throw FileAccessError(
                .notMedia, file: path, operation: "opening", reason: "not a media file FFmpeg can read (\(ffmpegMessage(openCode)))")
        }
        context = opened
        let info = avformat_find_stream_info(context, nil)
        if info < 0 {
            var c: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&c)
            throw FileAccessError(.corrupt, file: path, operation: "reading stream information", reason: ffmpegMessage(info))
        }
    }

    deinit {
        var c: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&c)
    }

    var formatName: String { context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown" }

    var isStillImage: Bool {
        let name = formatName
        return name.hasPrefix("image2") || name.hasSuffix("_pipe") || name == "webp"
    }

    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[Int(index)]!
    }

    /// Throws when a picture stream's size, as the container gives it, is past
    /// `MediaLimits.maxPictureSide` (the picture's own header was checked on opening).
    func checkPictureSize(stream index: Int32) throws(FileAccessError) {
        let par = stream(index).pointee.codecpar.pointee
        if Int(par.width) > MediaLimits.maxPictureSide || Int(par.height) > MediaLimits.maxPictureSide {
            throw FileAccessError(.unsupported, file: path, operation: "opening", reason: PictureHeader.sizeMessage(Int(par.width), Int(par.height)))
        }
    }

    /// Index of the best stream of a type, or nil.
    func bestStream(_ type: AVMediaType) -> Int32? {
        let i = av_find_best_stream(context, type, -1, -1, nil, 0)
        return i >= 0 ? i : nil
    }

    /// Indices of all streams of a type.
    func streams(_ type: AVMediaType) -> [Int32] {
        (0..<Int32(context.pointee.nb_streams)).filter { stream($0).pointee.codecpar.pointee.codec_type == type }
    }

    /// Opens a decoder for a stream, with threads for video.
    func openDecoder(stream index: Int32, threads: Int32 = 0) throws(FileAccessError) -> UnsafeMutablePointer<AVCodecContext> {
        let st = stream(index)
        guard let codec = avcodec_find_decoder(st.pointee.codecpar.pointee.codec_id) else {
            throw FileAccessError(
                .unsupported, file: path, operation: "opening a decoder",
                reason: "no decoder for codec \(String(cString: avcodec_get_name(st.pointee.codecpar.pointee.codec_id)))")
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw FileAccessError(.unsupported, file: path, operation: "opening a decoder", reason: "out of memory")
        }
        var c: UnsafeMutablePointer<AVCodecContext>? = ctx
        do {
            try check(avcodec_parameters_to_context(ctx, st.pointee.codecpar), .corrupt, file: path, operation: "opening a decoder")
            ctx.pointee.pkt_timebase = st.pointee.time_base
            ctx.pointee.thread_count = threads
            try check(avcodec_open2(ctx, codec, nil), .unsupported, file: path, operation: "opening a decoder")
        } catch {
            avcodec_free_context(&c)
            throw error
        }
        return ctx
    }
}

/// Exact time of `ticks` in a stream's time base.
func exactTime(_ ticks: Int64, _ base: AVRational) -> RationalTime {
    // The ticks and the time base are the file's word: a product past Int64 is a time no medium
    // reaches, held at the farthest time on its side rather than trapping.
    let den = base.den > 0 ? Int64(base.den) : 1
    let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(max(1, base.num)))
    guard !overflow, value != .min else { return RationalTime(value: ticks < 0 ? -Int64.max : Int64.max, timescale: den) }
    return RationalTime(value: value, timescale: den)
}

/// `pts - start` in a stream's ticks, held at Int64's ends when a file's times lie so far apart
/// that the difference does not fit (no real medium's do).
func ticks(_ pts: Int64, since start: Int64) -> Int64 {
    let (d, overflow) = pts.subtractingReportingOverflow(start)
    guard overflow else { return d }
    return pts < start ? -Int64.max : Int64.max
}
