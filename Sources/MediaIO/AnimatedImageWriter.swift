import CFFmpeg
import DocumentLimits
import MediaTime

/// Writes small looping animations (GIF or animated WebP) from pictures, through libavcodec's
/// `gif` and `libwebp_anim` encoders.
///
/// WebP takes the working 4:2:0 pictures as they are. GIF has 256 colours a frame: each picture is
/// converted to RGB and mapped onto one fixed palette (6 x 7 x 6 levels) with ordered dithering.
/// A fixed palette costs no pass over the whole animation and keeps memory to one frame; ordered
/// (not error-diffusion) dithering gives the same pattern on every frame, so still areas do not
/// shimmer. The file is written under a temporary name and appears only after `finish()`.
package final class AnimatedImageWriter {
    /// The container and codec: GIF (palette, dithered) or animated WebP (libwebp).
    package enum Format: String, Sendable, CaseIterable {
        case gif, webp

        /// The format a file name asks for (`.gif`, `.webp`), or nil.
        package init?(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".gif") { self = .gif } else if lower.hasSuffix(".webp") { self = .webp } else { return nil }
        }
    }

    /// The output path as the caller named it, for messages.
    package let path: String
    /// The format chosen at creation; a path's extension does not change it.
    package let format: Format
    /// Width of every frame in pixels, even; pictures added must have this size.
    package let width: Int
    /// Height of every frame in pixels, even; pictures added must have this size.
    package let height: Int
    private let output: AtomicFile
    private let muxer: UnsafeMutablePointer<AVFormatContext>
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: UnsafeMutablePointer<AVStream>
    private let frame = FrameBox()
    private let packet = PacketBox()
    private var written: Int64 = 0
    private var ioOpen = false
    private var closed = false

    /// Throws unless both sides are even and within `Limits.animatedPreviewSide`, or when this FFmpeg lacks the encoder.
    package init(path: String, format: Format, width: Int, height: Int, frameRate: FrameRate) throws(FileAccessError) {
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        let sides = Limits.animatedPreviewSide
        guard sides.contains(width), sides.contains(height), width % 2 == 0, height % 2 == 0 else {
            throw FileAccessError(
                .unsupported, file: path, operation: "creating the animation",
                reason: "size \(width)x\(height) must be even and within \(sides.lowerBound)...\(sides.upperBound)")
        }
        let encoderName = format == .gif ? "gif" : "libwebp_anim"
        guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
            throw FileAccessError(
                .missingComponent, file: path, operation: "looking for the \(format.rawValue) encoder",
                reason: "this FFmpeg has no \(encoderName) encoder; install Debian's libavcodec59 by running scripts/setup")
        }
        output = try AtomicFile(path: path)
        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(
            avformat_alloc_output_context2(&oc, nil, format.rawValue, output.libraryPath), .writeFailed, file: path,
            operation: "creating the animation")
        guard let fmt = oc, let st = avformat_new_stream(fmt, nil), let ctx = avcodec_alloc_context3(encoder) else {
            avformat_free_context(oc)
            throw FileAccessError(.writeFailed, file: path, operation: "creating the animation", reason: "out of memory")
        }
        muxer = fmt
        stream = st
        codec = ctx
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        ctx.pointee.time_base = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        ctx.pointee.framerate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        ctx.pointee.pix_fmt = format == .gif ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P
        var options: OpaquePointer?
        if format == .webp {
            av_dict_set(&options, "quality", "70", 0)
            av_dict_set(&options, "preset", "picture", 0)
        }
        let opened = avcodec_open2(ctx, encoder, &options)
        av_dict_free(&options)
        do {
            try check(opened, .unsupported, file: path, operation: "opening the \(format.rawValue) encoder")
            try check(avcodec_parameters_from_context(st.pointee.codecpar, ctx), .writeFailed, file: path, operation: "configuring the animation")
            st.pointee.time_base = ctx.pointee.time_base
            try check(avio_open(&fmt.pointee.pb, output.libraryPath, AVIO_FLAG_WRITE), .writeFailed, file: path, operation: "opening the output file")
            ioOpen = true
            var muxOptions: OpaquePointer?
            av_dict_set(&muxOptions, "loop", "0", 0)
            let header = avformat_write_header(fmt, &muxOptions)
            av_dict_free(&muxOptions)
            try check(header, .writeFailed, file: path, operation: "writing the animation header")
            frame.frame.pointee.format = ctx.pointee.pix_fmt.rawValue
            frame.frame.pointee.width = Int32(width)
            frame.frame.pointee.height = Int32(height)
            try check(av_frame_get_buffer(frame.frame, 0), .writeFailed, file: path, operation: "allocating a frame")
        } catch {
            close()
            output.discard()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Adds the next picture (of the animation's size).
    package func write(_ picture: Picture) throws(FileAccessError) {
        guard picture.width == width, picture.height == height, let ctx = codec else {
            throw FileAccessError(
                .writeFailed, file: path, operation: "adding a frame",
                reason: "the picture is \(picture.width)x\(picture.height), not \(width)x\(height)")
        }
        let f = frame.frame
        try check(av_frame_make_writable(f), .writeFailed, file: path, operation: "preparing a frame")
        switch format {
        case .webp:
            for (plane, src, stride, w, h) in [
                (0, picture.y, picture.lumaStride, width, height),
                (1, picture.u, picture.chromaStride, picture.chromaWidth, picture.chromaHeight),
                (2, picture.v, picture.chromaStride, picture.chromaWidth, picture.chromaHeight),
            ] {
                guard let dst = f.plane(plane) else { continue }
                for row in 0..<h { (dst + row * f.stride(plane)).update(from: src + row * stride, count: w) }
            }
        case .gif:
            guard let indices = f.plane(0), let palette = f.plane(1) else { return }
            FixedPalette.write(into: palette)
            FixedPalette.map(picture.rgbaImage(), into: indices, stride: f.stride(0))
        }
        f.pointee.pts = written
        written += 1
        try encode(ctx, f)
    }

    /// Flushes the encoder, writes the trailer and moves the file into place.
    package func finish() throws(FileAccessError) {
        guard let ctx = codec, !closed else { return }
        try encode(ctx, nil)
        try check(av_write_trailer(muxer), .writeFailed, file: path, operation: "finishing the animation")
        close()
        try output.commit()
    }

    private func encode(_ ctx: UnsafeMutablePointer<AVCodecContext>, _ f: UnsafeMutablePointer<AVFrame>?) throws(FileAccessError) {
        try check(avcodec_send_frame(ctx, f), .writeFailed, file: path, operation: "encoding the animation")
        while true {
            let r = avcodec_receive_packet(ctx, packet.packet)
            if r == reel_averror_eagain() || r == reel_averror_eof() { return }
            try check(r, .writeFailed, file: path, operation: "encoding the animation")
            let p = packet.packet
            if p.pointee.duration == 0 { p.pointee.duration = 1 }
            av_packet_rescale_ts(p, ctx.pointee.time_base, stream.pointee.time_base)
            p.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(muxer, p), .writeFailed, file: path, operation: "writing the animation")
        }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        if ioOpen { avio_closep(&muxer.pointee.pb) }
        avcodec_free_context(&codec)
        avformat_free_context(muxer)
    }
}
