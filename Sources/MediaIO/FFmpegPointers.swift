import CFFmpeg

/// Plane pointers and strides of an AVFrame, out of its C 8-tuples.
extension UnsafeMutablePointer where Pointee == AVFrame {
    func plane(_ i: Int) -> UnsafeMutablePointer<UInt8>? {
        switch i {
        case 0: return pointee.data.0
        case 1: return pointee.data.1
        case 2: return pointee.data.2
        default: return pointee.data.3
        }
    }

    func stride(_ i: Int) -> Int {
        switch i {
        case 0: return Int(pointee.linesize.0)
        case 1: return Int(pointee.linesize.1)
        case 2: return Int(pointee.linesize.2)
        default: return Int(pointee.linesize.3)
        }
    }
}

/// Owns an AVFrame and frees it with its owner.
final class FrameBox {
    let frame: UnsafeMutablePointer<AVFrame>

    init() {
        guard let f = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        frame = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }
}

/// Owns an AVPacket.
final class PacketBox {
    let packet: UnsafeMutablePointer<AVPacket>

    init() {
        guard let p = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        packet = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
    }
}

/// Reads a dictionary entry (case-insensitive), trimming the padding some demuxers leave.
func dictionaryValue(_ dict: OpaquePointer?, _ key: String) -> String? {
    guard let dict, let entry = av_dict_get(dict, key, nil, 0), let value = entry.pointee.value else { return nil }
    let s = String(cString: value).trimmingCharacters(in: " \0")
    return s.isEmpty ? nil : s
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
