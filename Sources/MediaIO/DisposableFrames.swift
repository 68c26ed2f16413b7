import CFFmpeg

/// Tells whether an H.264 packet holds a picture no other picture refers to (`nal_ref_idc` 0),
/// so a decoder that will not show it may leave it undecoded.
///
/// MP4 stores H.264 as length-prefixed NAL units; the first slice NAL (types 1 to 5) of the packet
/// says whether the picture is a reference. Anything unexpected answers "needed": skipping is an
/// optimisation and must never drop a picture that is used.
enum DisposableFrames {
    /// The NAL length size from an `avcC` record (its 5th byte's low two bits, plus one), or nil
    /// when the stream is not length-prefixed H.264.
    static func nalLengthSize(codecpar: UnsafeMutablePointer<AVCodecParameters>) -> Int? {
        guard codecpar.pointee.codec_id == AV_CODEC_ID_H264, let extra = codecpar.pointee.extradata,
            codecpar.pointee.extradata_size >= 7, extra[0] == 1
        else { return nil }
        return Int(extra[4] & 3) + 1
    }

    static func isDisposable(_ packet: UnsafeMutablePointer<AVPacket>, nalLengthSize: Int) -> Bool {
        guard let data = packet.pointee.data else { return false }
        let size = Int(packet.pointee.size)
        var offset = 0
        while offset + nalLengthSize < size {
            var length = 0
            for i in 0..<nalLengthSize { length = length << 8 | Int(data[offset + i]) }
            let header = offset + nalLengthSize
            guard length > 0, header + length <= size else { return false }
            let type = data[header] & 0x1f
            if (1...5).contains(type) { return data[header] & 0x60 == 0 }
            offset = header + length
        }
        return false
    }
}
