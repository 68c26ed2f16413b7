import CFFmpeg
import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A whole encoded soundtrack kept as a file of its own (an audio-only MP4, `.m4a`), so it can be
/// mixed and encoded on one worker while others render the video segments, and laid beside the
/// joined pictures by copying its packets, never encoding it again.
///
/// The packets are the encoder's, byte for byte and with their times (the priming's negative
/// start included, which the MP4 keeps as an edit list); the `comment` tag says what the sound is
/// (`SoundtrackTag` in RenderCore), as a segment's says what its pictures are.
package enum SoundtrackFile {
    /// Writes `track`'s packets to an MP4 at `path` (atomically, as every output), tagged `comment`.
    package static func write(_ track: AACTrack, comment: String, to path: String) throws(FileAccessError) {
        let output = try AtomicFile(path: path)
        guard output.destination != .stream else {
            output.discard()
            throw FileAccessError(
                .unsupported, file: path, operation: "writing the soundtrack", reason: "a soundtrack is written to a file, not a pipe")
        }
        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&oc, nil, "mp4", output.libraryPath), .writeFailed, file: path, operation: "creating the MP4")
        guard let format = oc, let stream = avformat_new_stream(format, nil) else {
            if let oc { avformat_free_context(oc) }
            output.discard()
            throw FileAccessError(.writeFailed, file: path, operation: "creating the MP4", reason: "no muxer")
        }
        var ioOpen = false
        defer {
            if ioOpen { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
        do throws(FileAccessError) {
            let timeBase = AVRational(num: 1, den: Int32(AudioDecoder.sampleRate))
            stream.pointee.time_base = timeBase
            try check(
                avcodec_parameters_copy(stream.pointee.codecpar, track.parameters), .writeFailed, file: path,
                operation: "configuring the audio stream")
            av_dict_set(&format.pointee.metadata, "comment", comment, 0)
            try check(
                avio_open(&format.pointee.pb, output.libraryPath, AVIO_FLAG_WRITE), .writeFailed, file: path, operation: "opening the output file")
            ioOpen = true
            var muxOptions: OpaquePointer?
            av_dict_set(&muxOptions, "movflags", "+faststart", 0)
            let header = avformat_write_header(format, &muxOptions)
            av_dict_free(&muxOptions)
            try check(header, .writeFailed, file: path, operation: "writing the MP4 header")
            let box = PacketBox()
            let p = box.packet
            let reader = try AACTrack.Reader(track, file: path, operation: "writing the soundtrack")
            for index in track.packets.indices {
                try reader.load(index, into: p, file: path, operation: "writing the soundtrack")
                av_packet_rescale_ts(p, timeBase, stream.pointee.time_base)
                p.pointee.stream_index = stream.pointee.index
                try check(av_interleaved_write_frame(format, p), .writeFailed, file: path, operation: "writing the soundtrack")
            }
            try check(av_write_trailer(format), .writeFailed, file: path, operation: "writing the MP4 index")
            avio_closep(&format.pointee.pb)
            ioOpen = false
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// The file's `comment` tag, read without taking its packets: what a join checks first.
    package static func comment(of path: String) throws(FileAccessError) -> String? {
        let input = try InputFile(path: path)
        return av_dict_get(input.context.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// The AAC track of the file at `path`, its packets copied into a scratch file as an encoder
    /// would have left them: the same bytes, times and durations. `delay`, `sampleCount` and
    /// `bitrate` are what the track was encoded with (the tag says them: an MP4 keeps the first two
    /// only as an edit list, and the third as the rate its demuxer measures).
    package static func read(_ path: String, delay: Int, sampleCount: Int64, bitrate: Int) throws(FileAccessError) -> AACTrack {
        let operation = "reading the soundtrack"
        let input = try InputFile(path: path)
        let index = av_find_best_stream(input.context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0 else { throw FileAccessError(.notMedia, file: path, operation: operation, reason: "it has no sound") }
        let stream = input.stream(index)
        guard let parameters = stream.pointee.codecpar, parameters.pointee.codec_id == AV_CODEC_ID_AAC,
            parameters.pointee.sample_rate == Int32(AudioDecoder.sampleRate),
            parameters.pointee.ch_layout.nb_channels == 2
        else {
            throw FileAccessError(
                .unsupported, file: path, operation: operation, reason: "its sound is not AAC at 48 kHz in stereo, as reel encodes it")
        }
        let scratch = try ScratchFolder(purpose: "sound")
        let copy = try scratch.file("sound.aac")
        guard let out = PathBytes.withCString(copy, { fopen($0, "wb") }) else {
            throw FileAccessError(.writeFailed, file: path, operation: operation, reason: String(cString: strerror(errno)))
        }
        var outOpen = true
        defer { if outOpen { fclose(out) } }
        let timeBase = AVRational(num: 1, den: Int32(AudioDecoder.sampleRate))
        let box = PacketBox()
        let p = box.packet
        var packets: [AACTrack.Packet] = []
        var written: Int64 = 0
        while true {
            av_packet_unref(p)
            let r = av_read_frame(input.context, p)
            if r == reel_averror_eof() { break }
            try check(r, .corrupt, file: path, operation: operation)
            guard p.pointee.stream_index == index else { continue }
            guard p.pointee.pts != reel_nopts(), let data = p.pointee.data else {
                throw FileAccessError(.corrupt, file: path, operation: operation, reason: "packet \(packets.count + 1) has no time or no bytes")
            }
            av_packet_rescale_ts(p, stream.pointee.time_base, timeBase)
            let size = Int(p.pointee.size)
            guard fwrite(data, 1, size, out) == size else {
                throw FileAccessError(.writeFailed, file: path, operation: operation, reason: String(cString: strerror(errno)))
            }
            // The demuxer marks the priming it would have a player drop; the encoder's own packet has no such mark.
            let flags = p.pointee.flags & ~Int32(AV_PKT_FLAG_DISCARD)
            packets.append(AACTrack.Packet(offset: written, pts: p.pointee.pts, size: Int32(size), duration: Int32(p.pointee.duration), flags: flags))
            written += Int64(size)
        }
        outOpen = false
        guard fclose(out) == 0 else {
            throw FileAccessError(.writeFailed, file: path, operation: operation, reason: String(cString: strerror(errno)))
        }
        guard let kept = avcodec_parameters_alloc() else { fatalError("avcodec_parameters_alloc: out of memory") }
        let code = avcodec_parameters_copy(kept, parameters)
        if code < 0 {
            var k: UnsafeMutablePointer<AVCodecParameters>? = kept
            avcodec_parameters_free(&k)
            _ = try check(code, .unsupported, file: path, operation: operation)
        }
        kept.pointee.bit_rate = Int64(bitrate)
        return AACTrack(packets: packets, scratch: scratch, path: copy, parameters: kept, frameSize: 1024, delay: delay, sampleCount: sampleCount)
    }
}
