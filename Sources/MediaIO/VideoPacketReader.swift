import CFFmpeg
import MediaTime

/// The video packets of an MP4, read in decoding order without decoding them: what a join copies
/// from each segment into the whole video.
package final class VideoPacketReader {
    /// The segment file read, as the caller named it.
    package let path: String
    let input: InputFile
    let streamIndex: Int32
    let packet = PacketBox()
    /// Packets read so far (one a frame for H.264 in MP4).
    package private(set) var packetCount: Int64 = 0

    /// Opens the file's best video stream; throws when it has none.
    package init(path: String) throws(FileAccessError) {
        self.path = path
        input = try InputFile(path: path)
        let index = av_find_best_stream(input.context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else { throw FileAccessError(.notMedia, file: path, operation: "reading a segment", reason: "it has no video") }
        streamIndex = index
        guard input.stream(index).pointee.codecpar.pointee.codec_id == AV_CODEC_ID_H264 else {
            throw FileAccessError(.unsupported, file: path, operation: "reading a segment", reason: "its video is not H.264")
        }
    }

    var stream: UnsafeMutablePointer<AVStream> { input.stream(streamIndex) }

    /// The file's `comment` tag (where a segment says which it is).
    package var comment: String? {
        av_dict_get(input.context.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// When the first picture is shown, from the stream's start time; nil when the file does not
    /// say. A segment's is 0: a fragmented MP4 (written to a pipe) has no edit list, and its
    /// pictures start after the encoder's reordering delay instead.
    package var startTime: RationalTime? {
        let start = stream.pointee.start_time
        return start == reel_nopts() ? nil : exactTime(start, stream.pointee.time_base)
    }

    /// Coded width of the video stream, as its parameters record it.
    package var width: Int { Int(stream.pointee.codecpar.pointee.width) }
    /// Coded height of the video stream.
    package var height: Int { Int(stream.pointee.codecpar.pointee.height) }

    /// The codec's configuration (H.264's SPS and PPS): segments join only when theirs are equal.
    package var codecConfiguration: [UInt8] {
        let par = stream.pointee.codecpar.pointee
        guard let data = par.extradata, par.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(par.extradata_size)))
    }

    /// Reads the next video packet into `packet`; false at the end of the file.
    package func readPacket() throws(FileAccessError) -> Bool {
        while true {
            av_packet_unref(packet.packet)
            let r = av_read_frame(input.context, packet.packet)
            if r == reel_averror_eof() { return false }
            try check(r, .corrupt, file: path, operation: "reading a segment")
            if packet.packet.pointee.stream_index == streamIndex {
                packetCount += 1
                return true
            }
        }
    }
}
