import CFFmpeg

/// Scales a colour glyph's picture (FreeType's BGRA, premultiplied) to the text size, with
/// libswscale.
///
/// Emoji fonts carry one picture size (Noto Color Emoji: 109 px); text is mostly smaller.
/// Shrinking uses swscale's area filter, which averages every source pixel into the result, so
/// thin outlines neither vanish nor alias; enlarging uses its bicubic filter. Scaling premultiplied
/// values keeps edges free of dark fringes, and the same call turns FreeType's BGRA into the
/// layer's RGBA. The picture lands on the whole pixel nearest its pen position: swscale scales to
/// whole pixels, and half a pixel of an emoji is below what a viewer sees.
enum ColorBitmapScaler {
    /// A picture as FreeType holds it: rows of `pitch` bytes, four bytes (B, G, R, A) a pixel.
    struct Source {
        let bytes: UnsafeMutablePointer<UInt8>
        let width: Int
        let height: Int
        let pitch: Int
    }

    /// The picture scaled by `scale` with its top left corner at (`originX`, `originY`) of the
    /// layout: premultiplied RGBA over the returned whole-pixel rectangle (empty when swscale
    /// cannot take the sizes).
    static func resample(_ source: Source, scale: Double, originX: Double, originY: Double) -> ([UInt8], InkRect) {
        guard source.width > 0, source.height > 0, scale > 0, scale.isFinite else { return ([], .empty) }
        let width = max(1, Int((Double(source.width) * scale).rounded()))
        let height = max(1, Int((Double(source.height) * scale).rounded()))
        let x0 = Int(originX.rounded())
        let y0 = Int(originY.rounded())
        let rect = InkRect(x0: x0, y0: y0, x1: x0 + width, y1: y0 + height)
        let filter = scale < 1 ? SWS_AREA : SWS_BICUBIC
        guard
            let context = sws_getContext(
                Int32(source.width), Int32(source.height), AV_PIX_FMT_BGRA, Int32(width), Int32(height), AV_PIX_FMT_RGBA,
                filter | SWS_ACCURATE_RND, nil, nil, nil)
        else { return ([], .empty) }
        defer { sws_freeContext(context) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let sourcePlanes: [UnsafePointer<UInt8>?] = [UnsafePointer(source.bytes), nil, nil, nil]
        let sourceStrides: [Int32] = [Int32(source.pitch), 0, 0, 0]
        let strides: [Int32] = [Int32(width * 4), 0, 0, 0]
        let rows = pixels.withUnsafeMutableBufferPointer { buffer in
            var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            return sws_scale(context, sourcePlanes, sourceStrides, 0, Int32(source.height), &planes, strides)
        }
        guard rows == Int32(height) else { return ([], .empty) }
        // Premultiplied: no channel above alpha, whatever a filter's overshoot or rounding.
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = pixels[i + 3]
            pixels[i] = min(pixels[i], alpha)
            pixels[i + 1] = min(pixels[i + 1], alpha)
            pixels[i + 2] = min(pixels[i + 2], alpha)
        }
        return (pixels, rect)
    }
}
