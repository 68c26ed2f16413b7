import CFFmpeg
import CPNG

/// An 8-bit RGBA image in memory, rows packed without padding.
package struct RGBAImage: Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Rows top to bottom, 4 bytes a pixel (R, G, B, A), sRGB, straight alpha; always `width * height * 4` bytes.
    package var pixels: [UInt8]

    /// `pixels` must hold exactly `width * height * 4` bytes (checked; a mismatch traps).
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBAImage: pixel count does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent black image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The four channels at a pixel; `x` and `y` must lie inside the image.
    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// PNG reading and writing through libpng's simplified API (the only one Swift can use: the
/// classic API reports errors with `longjmp`).
package enum PNGFile {
    /// Writes `image` to `path` atomically (temporary file, then rename).
    package static func write(_ image: RGBAImage, to path: String) throws(FileAccessError) {
        let output = try AtomicFile(path: path)
        // Encoded in memory, then written through the output's own descriptor: a stream output
        // (`-`, a FIFO) is written in place, a file under its locked temporary name.
        try output.write(try encode(image, name: path))
        try output.commit()
    }

    /// The PNG file of `image`, in memory (a frame served over HTTP); `name` labels errors.
    package static func encode(_ image: RGBAImage, name: String) throws(FileAccessError) -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = reel_png_format_rgba
        var size = 0
        var bytes: [UInt8] = []
        let ok = image.pixels.withUnsafeBufferPointer { buf -> Int32 in
            guard png_image_write_to_memory(&png, nil, &size, 0, buf.baseAddress, Int32(image.width * 4), nil) != 0 else { return 0 }
            bytes = [UInt8](repeating: 0, count: size)
            return bytes.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&png, out.baseAddress, &size, 0, buf.baseAddress, Int32(image.width * 4), nil)
            }
        }
        if ok == 0 {
            let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            throw FileAccessError(.writeFailed, file: name, operation: "writing PNG", reason: message)
        }
        return Array(bytes.prefix(size))
    }

    /// The size a PNG's header gives, read by libpng from the opened `file` without decoding the
    /// pixels: whether overlays and masks named by a timeline are PNGs Reel reads, checked cheaply.
    package static func header(of file: ReadableFile) throws(FileAccessError) -> (width: Int, height: Int) {
        let size = try headerSize(of: file)
        try checkSides(size.width, size.height, file: file.path)
        return size
    }

    /// The size in the header, whatever it is (libpng reads only the header here).
    static func headerSize(of file: ReadableFile) throws(FileAccessError) -> (width: Int, height: Int) {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, file.descriptorPath) != 0 else {
            let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            throw FileAccessError(.corrupt, file: file.path, operation: "reading PNG", reason: message.isEmpty ? "not a PNG file" : message)
        }
        png_image_free(&png)
        return (Int(png.width), Int(png.height))
    }

    /// Refuses a picture without pixels or with a side past `MediaLimits.maxPictureSide`.
    static func checkSides(_ width: Int, _ height: Int, file: String) throws(FileAccessError) {
        guard width > 0, height > 0, width <= MediaLimits.maxPictureSide, height <= MediaLimits.maxPictureSide else {
            throw FileAccessError(.unsupported, file: file, operation: "reading PNG", reason: PictureHeader.sizeMessage(width, height))
        }
    }

    /// Reads a PNG as 8-bit RGBA (alpha is 255 where the file has none).
    package static func read(_ path: String) throws(FileAccessError) -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        func fail(_ what: String) -> FileAccessError {
            let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&png)
            return FileAccessError(.corrupt, file: path, operation: what, reason: message.isEmpty ? "not a PNG file" : message)
        }
        let file = try ReadableFile(path: path, operation: "reading PNG")
        guard png_image_begin_read_from_file(&png, file.descriptorPath) != 0 else { throw fail("reading PNG") }
        do { try checkSides(Int(png.width), Int(png.height), file: path) } catch {
            png_image_free(&png)
            throw error
        }
        png.format = reel_png_format_rgba
        var pixels = [UInt8](repeating: 0, count: Int(png.width) * Int(png.height) * 4)
        let ok = pixels.withUnsafeMutableBufferPointer { buf in
            png_image_finish_read(&png, nil, buf.baseAddress, Int32(png.width * 4), nil)
        }
        guard ok != 0 else { throw fail("decoding PNG") }
        return RGBAImage(width: Int(png.width), height: Int(png.height), pixels: pixels)
    }
}

extension Picture {
    /// Converts to sRGB (BT.709 limited range in, full-range RGB out), for PNG output.
    package func rgbaImage() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        guard
            let ctx = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_YUV420P, Int32(width), Int32(height),
                AV_PIX_FMT_RGBA, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
        else { return image }
        defer { sws_freeContext(ctx) }
        sws_setColorspaceDetails(ctx, sws_getCoefficients(SWS_CS_ITU709), 0, sws_getCoefficients(SWS_CS_ITU709), 1, 0, 1 << 16, 1 << 16)
        let src: [UnsafePointer<UInt8>?] = [UnsafePointer(y), UnsafePointer(u), UnsafePointer(v), nil]
        let srcStrides: [Int32] = [Int32(lumaStride), Int32(chromaStride), Int32(chromaStride), 0]
        let dstStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
        image.pixels.withUnsafeMutableBufferPointer { buf in
            var dst: [UnsafeMutablePointer<UInt8>?] = [buf.baseAddress, nil, nil, nil]
            _ = sws_scale(ctx, src, srcStrides, 0, Int32(height), &dst, dstStrides)
        }
        return image
    }
}
