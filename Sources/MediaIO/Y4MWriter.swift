import FileAccess
import MediaTime

/// Writes pictures unencoded, as a YUV4MPEG2 stream of 8-bit 4:2:0 frames: the reference a
/// measurement of an encoder's quality (PSNR, SSIM) compares its output with, readable by ffmpeg.
///
/// 1080x1920 takes 3.1 MB a frame (2.8 GB for 30 s at 30 fps): a tool for benchmarks, not an
/// output format. It is an output like any other (`AtomicFile`): written under a temporary name
/// and moved into place by `close()`, a device or FIFO written in place, and nothing left behind
/// when the render fails or is cancelled.
package final class Y4MWriter {
    /// The output path as the caller named it.
    package let path: String
    private let output: AtomicFile

    /// Writes the stream header at once; pictures added must be `width` x `height` and 4:2:0.
    package init(path: String, width: Int, height: Int, frameRate: FrameRate) throws(FileAccessError) {
        self.path = path
        output = try AtomicFile(path: path)
        // Limited range BT.709 with MPEG-2 chroma siting: what the H.264 output is tagged with.
        let header = "YUV4MPEG2 W\(width) H\(height) F\(frameRate.numerator):\(frameRate.denominator) Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n"
        try write(Array(header.utf8))
    }

    /// Appends one frame: its planes row by row, without the padding of the strides.
    package func write(_ p: Picture) throws(FileAccessError) {
        var frame = Array("FRAME\n".utf8)
        frame.reserveCapacity(6 + p.width * p.height + 2 * p.chromaWidth * p.chromaHeight)
        for row in 0..<p.height { frame.append(contentsOf: UnsafeBufferPointer(start: p.y + row * p.lumaStride, count: p.width)) }
        for plane in [p.u, p.v] {
            for row in 0..<p.chromaHeight {
                frame.append(contentsOf: UnsafeBufferPointer(start: plane + row * p.chromaStride, count: p.chromaWidth))
            }
        }
        try write(frame)
    }

    /// Moves the complete file into place.
    package func close() throws(FileAccessError) {
        try output.commit()
    }

    private func write(_ bytes: [UInt8]) throws(FileAccessError) {
        do { try output.write(bytes) } catch {
            output.discard()
            throw FileAccessError(.writeFailed, file: path, operation: "writing the raw video", reason: error.reason)
        }
    }
}
