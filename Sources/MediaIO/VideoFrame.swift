import CFFmpeg
import MediaTime

/// A decoded picture as it came out of a decoder: any pixel format, any size, not yet oriented.
///
/// Opaque outside MediaIO; `FrameScaler` turns it into a `Picture` region.
package final class VideoFrame: @unchecked Sendable {
    let box: FrameBox
    /// Presentation time relative to the start of the stream.
    package let time: RationalTime
    /// The file it was decoded from, for the errors that name it.
    let file: String

    /// Wraps a decoded picture, made scalable first (`DecodedPixels`): the one conversion a
    /// palette, 1-bit or transparent picture needs is done once, not at every draw.
    init(decoded box: FrameBox, time: RationalTime, file: String, still: Bool = false) throws(FileAccessError) {
        self.box = try DecodedPixels.scalable(box, file: file, still: still)
        self.time = time
        self.file = file
    }

    /// Wraps a picture already made scalable.
    init(scalable box: FrameBox, time: RationalTime, file: String) {
        self.box = box
        self.time = time
        self.file = file
    }

    /// Width of the decoded pixels, before orientation and scaling.
    package var width: Int { Int(box.frame.pointee.width) }
    /// Height of the decoded pixels, before orientation and scaling.
    package var height: Int { Int(box.frame.pointee.height) }
}

/// Decodes the single picture of a still image file (JPEG, PNG, WebP).
final class StillDecoder {
    let input: InputFile
    let streamIndex: Int32
    let codec: UnsafeMutablePointer<AVCodecContext>

    init(input: InputFile, stream: Int32) throws(FileAccessError) {
        // Refused before decoding: a picture past the limit would need gigabytes, and FFmpeg's own
        // refusal says only "invalid data".
        try input.checkPictureSize(stream: stream)
        self.input = input
        streamIndex = stream
        codec = try input.openDecoder(stream: stream, threads: 1)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&c)
    }

    func decodeFirst() throws(FileAccessError) -> FrameBox {
        let frame = FrameBox()
        let loop = DecodeLoop(input: input, streamIndex: streamIndex, codec: codec)
        var sendFailure: Int32?
        decoding: while true {
            switch loop.next(into: frame.frame, onSent: { _, s in if s < 0 && s != reel_averror_eagain() && sendFailure == nil { sendFailure = s } })
            {
            case .frame: return frame
            case .end: break decoding
            case .failed(let r): try check(r, .corrupt, file: input.path, operation: "decoding the picture")
            }
        }
        // No picture came out: the decoder's own reason, when it gave one.
        if let s = sendFailure { try check(s, .corrupt, file: input.path, operation: "decoding the picture") }
        throw FileAccessError(.corrupt, file: input.path, operation: "decoding the picture", reason: "the file holds no complete picture")
    }
}

/// Loads a still image once, with its orientation.
package enum StillImage {
    /// Decodes the picture of a still image (HEIF through libheif, the rest through FFmpeg), its file opened once.
    package static func load(_ path: String) throws(FileAccessError) -> VideoFrame {
        // Opened once, as every medium is (a FIFO or device is refused, not waited on).
        let file = try ReadableFile(path: path)
        if HEIFImage.isHEIF(file) { return try HEIFImage.load(file) }
        let input = try InputFile(file: file)
        guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else {
            throw FileAccessError(.notMedia, file: path, operation: "loading the picture", reason: "no picture in the file")
        }
        let decoder = try StillDecoder(input: input, stream: index)
        return try VideoFrame(decoded: try StillGamut.converted(try decoder.decodeFirst(), file: path), time: .zero, file: path, still: true)
    }
}
