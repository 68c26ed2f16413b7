import CFFmpeg

/// The one place that knows which pixel formats of decoded pictures Reel reads, and how each one
/// reaches the scaler.
///
/// Decoders hand back pictures in dozens of layouts. Most are scaled straight from the decoder's
/// planes, a crop being an offset into each plane: planar and semi-planar Y'CbCr (with or
/// without alpha, full or limited range, 8 to 16 bits), planar and packed RGB in any byte order
/// and depth, gray. The others cannot be cropped by offsets and are first converted whole into a
/// plain format: a palette picture (its colours are a second plane), 1-bit pictures (eight
/// pixels to a byte), packed 4:2:2 or 4:1:1 Y'CbCr (neighbours share bytes) and Bayer mosaics.
/// A picture with alpha is flattened over black, so what a transparent pixel happens to store
/// never shows. A format swscale cannot read (hardware surfaces, a few rare packings) is refused
/// with an error naming it.
enum DecodedPixels {
    /// `box` itself when the scaler can take it as it is; otherwise a converted copy. Stills pass
    /// `still`: an untagged Y'CbCr still (JPEG, WebP) is BT.601, as those formats define.
    static func scalable(_ box: FrameBox, file: String, still: Bool = false) throws(FileAccessError) -> FrameBox {
        let frame = box.frame
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let desc = try descriptor(format, file: file)
        let flags = desc.pointee.flags
        if still && frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED && flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 {
            frame.pointee.colorspace = AVCOL_SPC_BT470BG
        }
        let alpha = flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        if !alpha && isDirect(desc) { return box }
        let target: AVPixelFormat
        if alpha {
            target = AV_PIX_FMT_RGBA
        } else if isGray(desc) {
            target = AV_PIX_FMT_GRAY8
        } else if flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0 {
            target = AV_PIX_FMT_RGB24
        } else {
            // Packed Y'CbCr: repacked into planes, same matrix and range.
            target = AV_PIX_FMT_YUV444P
        }
        let out = try converted(box, to: target, file: file)
        if alpha, let plane = out.frame.pointee.data.0 {
            flattenOverBlack(
                plane, width: Int(out.frame.pointee.width), height: Int(out.frame.pointee.height), stride: Int(out.frame.pointee.linesize.0))
            // The same bytes, the fourth now meaningless: RGB with a padding byte.
            out.frame.pointee.format = AV_PIX_FMT_RGB0.rawValue
        }
        return out
    }

    /// The source's Y'CbCr matrix (swscale's constant) and whether its values are full range,
    /// read from the frame's tags: full-range formats (`yuvj*`) and gray, RGB and palette
    /// pictures are full range unless tagged limited (gray only), other Y'CbCr only when tagged
    /// so; an untagged matrix is BT.709 from 720 lines up, BT.601 below.
    static func colorDetails(_ frame: UnsafeMutablePointer<AVFrame>) -> (space: Int32, fullRange: Bool) {
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let desc = av_pix_fmt_desc_get(format)
        let flags = desc?.pointee.flags ?? 0
        let rgb = flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
        let tagged = frame.pointee.color_range
        let fullRange: Bool
        if [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P].contains(format) || rgb {
            fullRange = true
        } else if let desc, isGray(desc) {
            fullRange = tagged != AVCOL_RANGE_MPEG
        } else {
            fullRange = tagged == AVCOL_RANGE_JPEG
        }
        let space: Int32
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: space = SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: space = SWS_CS_ITU601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: space = SWS_CS_BT2020
        default: space = frame.pointee.height >= 720 && !rgb ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
        return (space, fullRange)
    }

    /// The format's description, or an error naming the format when the scaler cannot read it.
    static func descriptor(_ format: AVPixelFormat, file: String) throws(FileAccessError) -> UnsafePointer<AVPixFmtDescriptor> {
        guard let desc = av_pix_fmt_desc_get(format) else {
            throw FileAccessError(.unsupported, file: file, operation: "reading the picture", reason: "the decoder gave no known pixel format")
        }
        if desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) != 0 || sws_isSupportedInput(format) == 0 {
            throw FileAccessError(
                .unsupported, file: file, operation: "reading the picture",
                reason: "pixel format \(String(cString: desc.pointee.name)) is not one Reel can convert")
        }
        return desc
    }

    /// Throws when a stream's pixel format, as a probe reads it, is one the scaler cannot read
    /// (an unknown format is let through: the decoder will say what it gives).
    static func check(streamFormat raw: Int32, file: String) throws(FileAccessError) {
        let format = AVPixelFormat(rawValue: raw)
        guard format != AV_PIX_FMT_NONE, av_pix_fmt_desc_get(format) != nil else { return }
        _ = try descriptor(format, file: file)
    }

    /// Whether the scaler can crop the format by offsetting plane pointers by whole bytes.
    private static func isDirect(_ desc: UnsafePointer<AVPixFmtDescriptor>) -> Bool {
        let flags = desc.pointee.flags
        if flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0 || flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM) != 0
            || flags & UInt64(AV_PIX_FMT_FLAG_BAYER) != 0
        {
            return false
        }
        // Packed with subsampled chroma (YUYV, UYVY, UYYVYY): pixels share bytes.
        let planar = flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0
        if !planar && (desc.pointee.log2_chroma_w != 0 || desc.pointee.log2_chroma_h != 0) { return false }
        // Every component steps whole bytes: a pixel's first byte is x times its step.
        let comps = [desc.pointee.comp.0, desc.pointee.comp.1, desc.pointee.comp.2, desc.pointee.comp.3]
        return comps.prefix(Int(desc.pointee.nb_components)).allSatisfy { $0.step >= 1 }
    }

    /// Gray, with or without alpha (one luma component and no colour).
    static func isGray(_ desc: UnsafePointer<AVPixFmtDescriptor>) -> Bool {
        let flags = desc.pointee.flags
        return desc.pointee.nb_components <= 2 && flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0
    }

    /// The whole picture converted to `target` (same size), its properties kept.
    private static func converted(_ box: FrameBox, to target: AVPixelFormat, file: String) throws(FileAccessError) -> FrameBox {
        let src = box.frame
        let out = FrameBox()
        out.frame.pointee.width = src.pointee.width
        out.frame.pointee.height = src.pointee.height
        out.frame.pointee.format = target.rawValue
        guard av_frame_get_buffer(out.frame, 0) >= 0 else {
            throw FileAccessError(
                .unsupported, file: file, operation: "converting the picture",
                reason: "out of memory for \(src.pointee.width)x\(src.pointee.height)")
        }
        guard
            let ctx = sws_getContext(
                src.pointee.width, src.pointee.height, AVPixelFormat(rawValue: src.pointee.format),
                src.pointee.width, src.pointee.height, target, SWS_POINT | SWS_ACCURATE_RND, nil, nil, nil)
        else {
            throw FileAccessError(.unsupported, file: file, operation: "converting the picture", reason: "swscale cannot convert \(formatName(src))")
        }
        defer { sws_freeContext(ctx) }
        let details = colorDetails(src)
        // Y'CbCr to Y'CbCr keeps its range; anything to RGB becomes full range.
        let targetFull = target == AV_PIX_FMT_YUV444P ? details.fullRange : true
        sws_setColorspaceDetails(
            ctx, sws_getCoefficients(details.space), details.fullRange ? 1 : 0, sws_getCoefficients(details.space), targetFull ? 1 : 0,
            0, 1 << 16, 1 << 16)
        // The frame API reads the planes (a palette's colours included) from the frames themselves.
        let rows = sws_scale_frame(ctx, out.frame, src)
        guard rows >= 0 else {
            throw FileAccessError(.corrupt, file: file, operation: "converting the picture", reason: ffmpegMessage(rows))
        }
        av_frame_copy_props(out.frame, src)
        if target == AV_PIX_FMT_YUV444P {
            out.frame.pointee.color_range = details.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        } else {
            out.frame.pointee.color_range = AVCOL_RANGE_JPEG
        }
        return out
    }

    /// Multiplies each RGBA pixel's colour by its alpha: the picture as seen over black.
    private static func flattenOverBlack(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
        for row in 0..<height {
            let p = plane + row * stride
            for x in 0..<width {
                let a = UInt32(p[4 * x + 3])
                if a == 255 { continue }
                for c in 0..<3 { p[4 * x + c] = UInt8((UInt32(p[4 * x + c]) * a + 127) / 255) }
            }
        }
    }

    static func formatName(_ frame: UnsafeMutablePointer<AVFrame>) -> String {
        av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
    }
}
