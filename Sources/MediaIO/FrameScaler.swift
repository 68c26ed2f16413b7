import CFFmpeg
import MediaTime

/// A rectangle of whole pixels on a picture.
package struct PixelRect: Sendable, Hashable {
    /// Left edge in pixels from the picture's left.
    package var x: Int
    /// Top edge in pixels from the picture's top.
    package var y: Int
    /// Width in pixels; a rectangle on a 4:2:0 picture should be even-sized at an even origin.
    package var width: Int
    /// Height in pixels.
    package var height: Int

    /// Plain values, not checked: callers keep the rectangle inside the picture they draw into.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How a decoded picture is placed into a rectangle.
package struct Placement: Sendable, Hashable {
    /// Clockwise quarter turns and mirror to apply (the media's display orientation).
    package var rotation: Int
    /// Whether the display mirrors the picture left to right, after turning it by `rotation`.
    package var mirrored: Bool
    /// True to fill the rectangle and crop the overflow; false to fit inside it.
    package var cover: Bool
    /// Where the centre of the covered window lies, in fractions of the picture as displayed
    /// (0.5, 0.5 is the centre); moved in as far as needed for the window to stay inside the
    /// picture, so no edge shows. Read only when `cover`.
    package var focusX: Double
    /// Vertical centre of the covered window, 0 top to 1 bottom; see `focusX`.
    package var focusY: Double

    /// Defaults cover the rectangle, centred, with no rotation or mirror.
    package init(rotation: Int = 0, mirrored: Bool = false, cover: Bool = true, focusX: Double = 0.5, focusY: Double = 0.5) {
        self.rotation = rotation
        self.mirrored = mirrored
        self.cover = cover
        self.focusX = focusX
        self.focusY = focusY
    }

    /// The focus in the frame's stored axes: the display turns the stored picture clockwise by
    /// `rotation`, then mirrors it, so the focus is mirrored back first, then turned back.
    var storedFocus: (x: Double, y: Double) {
        let x = mirrored ? 1 - focusX : focusX
        let y = focusY
        switch rotation {
        case 90: return (y, 1 - x)
        case 180: return (1 - x, 1 - y)
        case 270: return (1 - y, x)
        default: return (x, y)
        }
    }
}

/// Scales, crops and orients decoded pictures straight into a region of a `Picture`.
///
/// The crop is taken from the decoded frame before scaling (cheaper than scaling then cropping),
/// and the only pixel-format conversion is the one into BT.709 limited-range 4:2:0 (formats that
/// cannot be cropped in place are first made scalable by `DecodedPixels`, once per picture). swscale
/// cannot rotate, so a quarter-turned source is scaled to the rotated size and then turned,
/// which moves only the output's pixels.
package final class FrameScaler {
    private var context: OpaquePointer?
    private var scratch: Picture?
    /// 16-bit 4:4:4 planes for HDR pictures on their way to the tone mapper.
    private var hdrScratch: [UInt16] = []
    /// Bilinear for drafts, bicubic otherwise.
    package let fast: Bool

    /// `fast` (bilinear) for drafts and thumbnails; one scaler per thread, as it keeps its swscale context and scratch between draws.
    package init(fast: Bool = false) {
        self.fast = fast
    }

    deinit {
        sws_freeContext(context)
    }

    /// Draws `frame` into `rect` of `picture`. Pixels of `rect` the frame does not cover (contain fit)
    /// are left as they are, so the caller paints the background first.
    package func draw(_ frame: VideoFrame, placement: Placement, into picture: Picture, rect: PixelRect) throws(FileAccessError) {
        // Decoders and still loaders hand over scalable frames already; this only guards the rule.
        let box = try DecodedPixels.scalable(frame.box, file: frame.file)
        let src = box.frame
        let quarter = placement.rotation % 180 != 0
        // Target size in the frame's own (unrotated) axes.
        let tw = quarter ? rect.height : rect.width
        let th = quarter ? rect.width : rect.height
        let sw = Int(src.pointee.width)
        let sh = Int(src.pointee.height)
        guard sw > 0, sh > 0, tw >= 2, th >= 2 else { return }
        let sar = src.pointee.sample_aspect_ratio
        let pixelAspect = sar.num > 0 && sar.den > 0 ? Double(sar.num) / Double(sar.den) : 1
        let displayW = Double(sw) * pixelAspect
        var crop = (x: 0, y: 0, w: sw, h: sh)
        var out = (w: tw, h: th)
        let scaleX = Double(tw) / displayW
        let scaleY = Double(th) / Double(sh)
        if placement.cover {
            let s = max(scaleX, scaleY)
            let cw = min(sw, max(2, Int((Double(tw) / s / pixelAspect).rounded())))
            let ch = min(sh, max(2, Int((Double(th) / s).rounded())))
            // The window centred on the focus, held inside the picture, on even pixels (4:2:0).
            let focus = placement.storedFocus
            let left = (sw - cw) / 2 + Int(((focus.x - 0.5) * Double(sw)).rounded())
            let top = (sh - ch) / 2 + Int(((focus.y - 0.5) * Double(sh)).rounded())
            crop = (min(sw - cw, max(0, left)) & ~1, min(sh - ch, max(0, top)) & ~1, cw, ch)
        } else {
            let s = min(scaleX, scaleY)
            out = (max(2, Int((displayW * s).rounded()) & ~1), max(2, Int((Double(sh) * s).rounded()) & ~1))
            out = (min(out.w, tw), min(out.h, th))
        }
        // Where the scaled picture lands inside rect (centred for contain), in display axes.
        let landW = quarter ? out.h : out.w
        let landH = quarter ? out.w : out.h
        let dest = PixelRect(x: rect.x + (rect.width - landW) / 2 & ~1, y: rect.y + (rect.height - landH) / 2 & ~1, width: landW, height: landH)

        let needsTurn = placement.rotation != 0 || placement.mirrored
        let target: Picture
        let targetRect: PixelRect
        if needsTurn {
            if scratch?.width != out.w || scratch?.height != out.h { scratch = Picture(width: out.w, height: out.h) }
            guard let s = scratch else { return }
            target = s
            targetRect = PixelRect(x: 0, y: 0, width: out.w, height: out.h)
        } else {
            target = picture
            targetRect = dest
        }
        try scale(src, crop: crop, into: target, rect: targetRect, file: frame.file)
        if needsTurn, let s = scratch {
            PlaneRotation.turn(s, rotation: placement.rotation, mirrored: placement.mirrored, into: picture, at: dest)
        }
    }

    private func scale(
        _ src: UnsafeMutablePointer<AVFrame>, crop: (x: Int, y: Int, w: Int, h: Int), into picture: Picture,
        rect: PixelRect, file: String
    ) throws(FileAccessError) {
        var format = AVPixelFormat(rawValue: src.pointee.format)
        let details = DecodedPixels.colorDetails(src)
        let fullRange = details.fullRange
        // The full-range names are deprecated in swscale: the range is set below instead.
        switch format {
        case AV_PIX_FMT_YUVJ420P: format = AV_PIX_FMT_YUV420P
        case AV_PIX_FMT_YUVJ422P: format = AV_PIX_FMT_YUV422P
        case AV_PIX_FMT_YUVJ444P: format = AV_PIX_FMT_YUV444P
        case AV_PIX_FMT_YUVJ440P: format = AV_PIX_FMT_YUV440P
        case AV_PIX_FMT_YUVJ411P: format = AV_PIX_FMT_YUV411P
        default: break
        }
        let desc = try DecodedPixels.descriptor(format, file: file)
        let isRGB = desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        let hdr = isRGB || DecodedPixels.isGray(desc) ? nil : HDRToneMapper.mapper(for: DynamicRange(transfer: src.pointee.color_trc))
        let flags = fast ? SWS_BILINEAR : SWS_BICUBIC
        // HDR is only scaled, to 16-bit 4:4:4, for the tone mapper; everything else goes straight to 4:2:0.
        let outFormat = hdr == nil ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUV444P16LE
        context = sws_getCachedContext(
            context, Int32(crop.w), Int32(crop.h), format,
            Int32(rect.width), Int32(rect.height), outFormat, flags, nil, nil, nil)
        guard let ctx = context else {
            throw FileAccessError(.unsupported, file: file, operation: "scaling", reason: "swscale cannot convert this picture")
        }
        let srcSpace = details.space
        if hdr == nil {
            sws_setColorspaceDetails(
                ctx, sws_getCoefficients(srcSpace), fullRange ? 1 : 0,
                sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16)
        } else {
            // Same matrix and range in and out: swscale only scales.
            sws_setColorspaceDetails(
                ctx, sws_getCoefficients(SWS_CS_BT2020), fullRange ? 1 : 0,
                sws_getCoefficients(SWS_CS_BT2020), fullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
        }

        // Crop by offsetting the source plane pointers.
        var srcPlanes: [UnsafePointer<UInt8>?] = [nil, nil, nil, nil]
        var srcStrides: [Int32] = [0, 0, 0, 0]
        let planeCount = Int(av_pix_fmt_count_planes(format))
        for i in 0..<min(planeCount, 4) {
            guard let base = src.plane(i) else { continue }
            let chroma = (i == 1 || i == 2) && !isRGB
            let dx = chroma ? crop.x >> Int(desc.pointee.log2_chroma_w) : crop.x
            let dy = chroma ? crop.y >> Int(desc.pointee.log2_chroma_h) : crop.y
            let step = Int(componentStep(desc, plane: i))
            srcPlanes[i] = UnsafePointer(base + dy * src.stride(i) + dx * step)
            srcStrides[i] = Int32(src.stride(i))
        }
        if let hdr {
            try toneMapped(ctx, hdr, srcPlanes, srcStrides, rows: crop.h, fullRange: fullRange, into: picture, rect: rect, file: file)
            return
        }
        let cx = rect.x / 2
        let cy = rect.y / 2
        var dstPlanes: [UnsafeMutablePointer<UInt8>?] = [
            picture.y + rect.y * picture.lumaStride + rect.x,
            picture.u + cy * picture.chromaStride + cx,
            picture.v + cy * picture.chromaStride + cx,
            nil,
        ]
        let dstStrides: [Int32] = [Int32(picture.lumaStride), Int32(picture.chromaStride), Int32(picture.chromaStride), 0]
        let rows = srcPlanes.withUnsafeBufferPointer { sp in
            dstPlanes.withUnsafeMutableBufferPointer { dp in
                sws_scale(ctx, sp.baseAddress, srcStrides, 0, Int32(crop.h), dp.baseAddress, dstStrides)
            }
        }
        if rows < 0 {
            throw FileAccessError(.corrupt, file: file, operation: "scaling", reason: ffmpegMessage(rows))
        }
    }

    /// Scales an HDR picture into 16-bit 4:4:4 scratch planes, then tone-maps them into `rect`.
    private func toneMapped(
        _ ctx: OpaquePointer, _ mapper: HDRToneMapper, _ srcPlanes: [UnsafePointer<UInt8>?], _ srcStrides: [Int32],
        rows: Int, fullRange: Bool, into picture: Picture, rect: PixelRect, file: String
    ) throws(FileAccessError) {
        let stride = (rect.width + 31) & ~31
        let planeSize = stride * rect.height
        if hdrScratch.count < 3 * planeSize { hdrScratch = [UInt16](repeating: 0, count: 3 * planeSize) }
        let result: Int32 = hdrScratch.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            var dstPlanes: [UnsafeMutablePointer<UInt8>?] =
                [0, 1, 2].map { UnsafeMutableRawPointer(base + $0 * planeSize).assumingMemoryBound(to: UInt8.self) } + [nil]
            let dstStrides: [Int32] = [Int32(stride * 2), Int32(stride * 2), Int32(stride * 2), 0]
            let r = srcPlanes.withUnsafeBufferPointer { sp in
                dstPlanes.withUnsafeMutableBufferPointer { dp in
                    sws_scale(ctx, sp.baseAddress, srcStrides, 0, Int32(rows), dp.baseAddress, dstStrides)
                }
            }
            if r >= 0 {
                mapper.convert(
                    luma: base, cb: base + planeSize, cr: base + 2 * planeSize, stride: stride, fullRange: fullRange,
                    width: rect.width, height: rect.height, into: picture, x: rect.x, y: rect.y)
            }
            return r
        }
        if result < 0 {
            throw FileAccessError(.corrupt, file: file, operation: "scaling", reason: ffmpegMessage(result))
        }
    }

    /// Bytes between horizontally adjacent pixels in a plane.
    private func componentStep(_ desc: UnsafePointer<AVPixFmtDescriptor>, plane: Int) -> Int32 {
        let comps = [desc.pointee.comp.0, desc.pointee.comp.1, desc.pointee.comp.2, desc.pointee.comp.3]
        for c in comps.prefix(Int(desc.pointee.nb_components)) where Int(c.plane) == plane {
            return c.step
        }
        return 1
    }
}
