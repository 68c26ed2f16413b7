import CFFmpeg

/// A file's best stream of one type, opened for decoding: the demuxer, the stream's index, time
/// base and start, an opened decoder and its send/receive loop. `AudioDecoder` and `VideoDecoder`
/// both start from one, so a file without the stream asked for, or with a codec FFmpeg cannot
/// decode, is refused by both in the same words.
///
/// The decoder context belongs to whoever keeps the stream's parts: it frees `codec` when done.
struct DecodingStream {
    let input: InputFile
    let index: Int32
    let stream: UnsafeMutablePointer<AVStream>
    let timeBase: AVRational
    /// Stream time of source time zero (the stream's start time, or zero when the file gives none).
    let startTicks: Int64
    let codec: UnsafeMutablePointer<AVCodecContext>
    let loop: DecodeLoop

    /// Opens `path` and a decoder for its best stream of `type` (audio or video), with `threads`
    /// decoding threads (0: FFmpeg's choice).
    init(path: String, type: AVMediaType, threads: Int32) throws(FileAccessError) {
        let noun = type == AVMEDIA_TYPE_AUDIO ? "audio" : "video"
        input = try InputFile(path: path)
        guard let found = input.bestStream(type) else {
            throw FileAccessError(.notMedia, file: path, operation: "opening \(noun)", reason: "no \(noun) stream")
        }
        index = found
        stream = input.stream(found)
        timeBase = stream.pointee.time_base
        startTicks = stream.pointee.start_time == reel_nopts() ? 0 : stream.pointee.start_time
        codec = try input.openDecoder(stream: found, threads: threads)
        loop = DecodeLoop(input: input, streamIndex: found, codec: codec)
    }
}
