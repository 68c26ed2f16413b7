import CFFmpeg

/// FFmpeg's send/receive decoding loop for one stream, written once for every decoder.
///
/// `next` asks the decoder for a frame; whenever it wants more input (EAGAIN), the stream's next
/// packet is read and sent, and at the end of the file the flush is sent that makes the decoder
/// give back the frames it still holds. What differs between decoders stays with them: which
/// packets to skip and what to do after one is sent (`onPacket`, `onSent`), and whether a failed
/// frame ends the decoding or is counted and passed over (`.failed`, after which `next` may be
/// called again).
final class DecodeLoop {
    enum Step: Equatable {
        /// A frame is in the frame given to `next`.
        case frame
        /// The stream is over: every frame has been received.
        case end
        /// The decoder refused a frame with this code; the loop can go on.
        case failed(Int32)
    }

    let input: InputFile
    let streamIndex: Int32
    let codec: UnsafeMutablePointer<AVCodecContext>
    private let packet = PacketBox()
    /// Whether the flush was sent: after it, no packet is read until `restart`.
    private(set) var sentEnd = false

    init(input: InputFile, streamIndex: Int32, codec: UnsafeMutablePointer<AVCodecContext>) {
        self.input = input
        self.streamIndex = streamIndex
        self.codec = codec
    }

    /// After a seek (and `avcodec_flush_buffers`): packets are read again.
    func restart() { sentEnd = false }

    /// Sends the flush now: the decoder gives back what it holds, and no more packets are read.
    func drain() {
        avcodec_send_packet(codec, nil)
        sentEnd = true
    }

    /// The next frame into `frame`.
    /// - Parameters:
    ///   - onPacket: sees each of the stream's packets before it is sent; false skips it.
    ///   - onSent: after a packet is sent, with `avcodec_send_packet`'s result (it may `drain`).
    ///   - onReadError: a read failure other than the end of the file; the loop then drains.
    func next(
        into frame: UnsafeMutablePointer<AVFrame>,
        onPacket: (UnsafeMutablePointer<AVPacket>) -> Bool = { _ in true },
        onSent: (UnsafeMutablePointer<AVPacket>, Int32) -> Void = { _, _ in },
        onReadError: (Int32) -> Void = { _ in }
    ) -> Step {
        while true {
            let r = avcodec_receive_frame(codec, frame)
            if r >= 0 { return .frame }
            if r == reel_averror_eof() { return .end }
            if r != reel_averror_eagain() { return .failed(r) }
            if sentEnd { return .end }
            let read = av_read_frame(input.context, packet.packet)
            if read < 0 {
                if read != reel_averror_eof() { onReadError(read) }
                drain()
                continue
            }
            defer { av_packet_unref(packet.packet) }
            guard packet.packet.pointee.stream_index == streamIndex, onPacket(packet.packet) else { continue }
            onSent(packet.packet, avcodec_send_packet(codec, packet.packet))
        }
    }
}
