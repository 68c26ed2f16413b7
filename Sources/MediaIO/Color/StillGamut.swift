import CFFmpeg

/// Brings a still decoded by FFmpeg (JPEG, PNG, WebP) into sRGB when its embedded ICC profile
/// says it is in another gamut: Display P3 from phones, Adobe RGB from cameras.
enum StillGamut {
    /// The frame itself when it needs nothing; otherwise an RGB(A) copy with its colours converted.
    static func converted(_ box: FrameBox, file: String) throws(FileAccessError) -> FrameBox {
        guard let side = av_frame_get_side_data(box.frame, AV_FRAME_DATA_ICC_PROFILE), side.pointee.size > 0,
            side.pointee.size < 4 << 20, let data = side.pointee.data
        else { return box }
        let bytes = [UInt8](UnsafeBufferPointer(start: data, count: Int(side.pointee.size)))
        guard let profile = ICCProfile(bytes), let conversion = GamutConversion(profile: profile) else { return box }
        let src = box.frame
        guard let desc = av_pix_fmt_desc_get(AVPixelFormat(rawValue: src.pointee.format)) else { return box }
        let alpha = desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        let format = alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24
        let out = FrameBox()
        out.frame.pointee.width = src.pointee.width
        out.frame.pointee.height = src.pointee.height
        out.frame.pointee.format = format.rawValue
        guard av_frame_get_buffer(out.frame, 0) >= 0 else {
            throw FileAccessError(.unsupported, file: file, operation: "converting the picture's colours", reason: "out of memory")
        }
        guard
            let ctx = sws_getContext(
                src.pointee.width, src.pointee.height, AVPixelFormat(rawValue: src.pointee.format),
                src.pointee.width, src.pointee.height, format, SWS_POINT, nil, nil, nil)
        else { return box }
        defer { sws_freeContext(ctx) }
        // Y'CbCr stills (JPEG) are full-range BT.601 unless tagged otherwise.
        let full = src.pointee.color_range != AVCOL_RANGE_MPEG
        let space = src.pointee.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_ITU601
        sws_setColorspaceDetails(ctx, sws_getCoefficients(space), full ? 1 : 0, sws_getCoefficients(space), 1, 0, 1 << 16, 1 << 16)
        // swscale's frame API reads the planes and strides from the frames themselves.
        let rows = sws_scale_frame(ctx, out.frame, src)
        guard rows >= 0, let plane = out.frame.pointee.data.0 else { return box }
        conversion.apply(
            plane, width: Int(src.pointee.width), height: Int(src.pointee.height),
            stride: Int(out.frame.pointee.linesize.0), bytesPerPixel: alpha ? 4 : 3)
        // Orientation and other metadata travel with the picture.
        av_frame_copy_props(out.frame, src)
        av_frame_remove_side_data(out.frame, AV_FRAME_DATA_ICC_PROFILE)
        return out
    }
}
