import CFFmpeg
import MediaTime

/// One cue of a soft subtitle stream: its text and when it shows.
package struct SubtitleCue: Sendable, Hashable {
    /// When the cue appears, from the start of the video.
    package var start: RationalTime
    /// When the cue goes, after `start`.
    package var end: RationalTime
    /// The cue's text; a line break starts a new line on screen.
    package var text: String

    /// `end` after `start`; cues are given in time order.
    package init(start: RationalTime, end: RationalTime, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// A `mov_text` (3GPP timed text) stream in an MP4: the subtitle format players of MP4 files show
/// and let people turn off, encoded by FFmpeg's own encoder from ASS events.
final class SubtitleTrack {
    let codec: UnsafeMutablePointer<AVCodecContext>
    let stream: UnsafeMutablePointer<AVStream>
    let cues: [SubtitleCue]

    /// The minimal ASS header FFmpeg's text encoders read the default style from.
    private static let header = """
        [Script Info]\r\nScriptType: v4.00+\r\nPlayResX: 384\r\nPlayResY: 288\r\n\r\n[V4+ Styles]\r\n\
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\r\n\
        Style: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0\r\n\r\n[Events]\r\n\
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n
        """

    init(format: UnsafeMutablePointer<AVFormatContext>, cues: [SubtitleCue], file: String) throws(FileAccessError) {
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_MOV_TEXT), let ctx = avcodec_alloc_context3(encoder),
            let st = avformat_new_stream(format, nil)
        else {
            throw FileAccessError(.missingComponent, file: file, operation: "creating the subtitle stream", reason: "no mov_text encoder")
        }
        codec = ctx
        stream = st
        self.cues = cues
        ctx.pointee.time_base = AVRational(num: 1, den: 1000)
        let bytes = Array(Self.header.utf8)
        guard let h = av_mallocz(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw FileAccessError(.writeFailed, file: file, operation: "creating the subtitle stream", reason: "out of memory")
        }
        h.update(from: bytes, count: bytes.count)
        ctx.pointee.subtitle_header = h
        ctx.pointee.subtitle_header_size = Int32(bytes.count)
        try check(avcodec_open2(ctx, encoder, nil), .unsupported, file: file, operation: "opening the subtitle encoder")
        try check(avcodec_parameters_from_context(st.pointee.codecpar, ctx), .writeFailed, file: file, operation: "configuring the subtitle stream")
        st.pointee.time_base = ctx.pointee.time_base
        av_dict_set(&st.pointee.metadata, "language", "und", 0)
    }

    /// Encodes every cue and hands its packet to the muxer, which interleaves it by time.
    func writeAll(format: UnsafeMutablePointer<AVFormatContext>, packet: UnsafeMutablePointer<AVPacket>, file: String) throws(FileAccessError) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        for (n, cue) in cues.enumerated() {
            let start = cue.start.ticks(timescale: 1000, rounding: .toNearestOrAwayFromZero)
            let end = cue.end.ticks(timescale: 1000, rounding: .toNearestOrAwayFromZero)
            guard end > start else { continue }
            // ASS event text: ReadOrder, Layer, Style, Name, MarginL, MarginR, MarginV, Effect, Text;
            // line breaks are written \N.
            let text = cue.text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\\N")
            let event = "\(n),0,Default,,0,0,0,,\(text)"
            let size: Int32 = event.withCString { ass in
                var rect = AVSubtitleRect()
                rect.type = SUBTITLE_ASS
                rect.ass = UnsafeMutablePointer(mutating: ass)
                return withUnsafeMutablePointer(to: &rect) { r in
                    var rects: UnsafeMutablePointer<AVSubtitleRect>? = r
                    return withUnsafeMutablePointer(to: &rects) { list in
                        var sub = AVSubtitle()
                        sub.num_rects = 1
                        sub.rects = list
                        sub.start_display_time = 0
                        sub.end_display_time = UInt32(end - start)
                        sub.pts = start * 1000
                        return buffer.withUnsafeMutableBufferPointer { b in
                            avcodec_encode_subtitle(codec, b.baseAddress, Int32(b.count), &sub)
                        }
                    }
                }
            }
            try check(size, .writeFailed, file: file, operation: "encoding the subtitles")
            guard size > 0 else { continue }
            av_packet_unref(packet)
            try check(av_new_packet(packet, size), .writeFailed, file: file, operation: "encoding the subtitles")
            buffer.withUnsafeBufferPointer { b in packet.pointee.data.update(from: b.baseAddress!, count: Int(size)) }
            packet.pointee.pts = start
            packet.pointee.dts = start
            packet.pointee.duration = end - start
            packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            try check(av_interleaved_write_frame(format, packet), .writeFailed, file: file, operation: "writing the subtitles")
        }
    }

    func free() {
        var c: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&c)
    }
}
