import CFFmpeg
import MediaTime

/// Reads the facts of a media file: streams, sizes, orientation, rates, durations, dates.
package enum MediaProbe {
    /// Probes `path`. Still images are decoded once, because their EXIF orientation lives in the frame.
    package static func probe(_ path: String) throws(FileAccessError) -> MediaInfo {
        try probe(ReadableFile(path: path))
    }

    /// Probes a file already opened and checked (a regular file, beneath its template folder if
    /// in one): what is probed is exactly what was checked, opened once.
    package static func probe(_ file: ReadableFile) throws(FileAccessError) -> MediaInfo {
        if HEIFImage.isHEIF(file) { return try HEIFImage.probe(file) }
        let input = try InputFile(file: file)
        let path = file.path
        let still = input.isStillImage
        var video: VideoStreamInfo?
        var exifOffset: String?
        // iPhones write the local time with its offset beside the UTC `creation_time`.
        var creation =
            dictionaryValue(input.context.pointee.metadata, "com.apple.quicktime.creationdate")
            ?? dictionaryValue(input.context.pointee.metadata, "creation_time")
        if let vi = input.bestStream(AVMEDIA_TYPE_VIDEO) {
            let st = input.stream(vi)
            let par = st.pointee.codecpar.pointee
            var rotation = 0
            var mirrored = false
            if still {
                let exif = try exifOrientation(input: input, stream: vi)
                rotation = exif.rotation
                mirrored = exif.mirrored
                if creation == nil { creation = exif.date }
                exifOffset = exif.offset
            } else {
                (rotation, mirrored) = displayMatrixOrientation(st)
            }
            let rate = still ? nil : frameRate(st)
            let duration: RationalTime? = still ? nil : streamDuration(st) ?? containerDuration(input)
            let pix = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) } ?? "unknown"
            let range: String
            switch par.color_range {
            case AVCOL_RANGE_MPEG: range = "limited"
            case AVCOL_RANGE_JPEG: range = "full"
            default: range = pix.hasPrefix("yuvj") ? "full" : "unknown"
            }
            let sar = par.sample_aspect_ratio
            if creation == nil { creation = dictionaryValue(st.pointee.metadata, "creation_time") }
            video = VideoStreamInfo(
                codec: String(cString: avcodec_get_name(par.codec_id)),
                codedWidth: Int(par.width), codedHeight: Int(par.height),
                rotation: rotation, mirrored: mirrored, frameRate: rate, pixelFormat: pix, colorRange: range,
                duration: duration, frameCount: st.pointee.nb_frames > 0 ? st.pointee.nb_frames : nil,
                sampleAspect: sar.num > 0 && sar.den > 0 ? (Int(sar.num), Int(sar.den)) : (1, 1))
            video?.dynamicRange = DynamicRange(transfer: par.color_trc)
            if par.width <= 0 || par.height <= 0 {
                throw FileAccessError(.corrupt, file: path, operation: "probing", reason: "the video stream has no picture size")
            }
            if par.width > MediaLimits.maxPictureSide || par.height > MediaLimits.maxPictureSide {
                throw FileAccessError(
                    .unsupported, file: path, operation: "probing", reason: PictureHeader.sizeMessage(Int(par.width), Int(par.height)))
            }
            try DecodedPixels.check(streamFormat: par.format, file: path)
        }
        let audio: [AudioStreamInfo] =
            still
            ? []
            : input.streams(AVMEDIA_TYPE_AUDIO).map { i in
                let st = input.stream(i)
                let par = st.pointee.codecpar.pointee
                return AudioStreamInfo(
                    codec: String(cString: avcodec_get_name(par.codec_id)), sampleRate: Int(par.sample_rate),
                    channels: Int(par.ch_layout.nb_channels), duration: streamDuration(st))
            }
        if video == nil && audio.isEmpty {
            throw FileAccessError(.notMedia, file: path, operation: "probing", reason: "no video, picture or audio stream")
        }
        let duration: RationalTime? = still ? nil : (video?.duration ?? audio.first?.duration ?? containerDuration(input))
        if !still { try checkComplete(input) }
        return MediaInfo(
            path: path, container: input.formatName, isStillImage: still, duration: duration,
            video: video, audio: audio, creationTime: creation.flatMap { CaptureDate.normalized($0, offset: exifOffset) })
    }

    /// Fails when the file is shorter than its own index says: a truncated download or copy.
    /// Containers with an index (MP4, MOV) list where each sample lies, so this costs no reading.
    static func checkComplete(_ input: InputFile) throws(FileAccessError) {
        guard let pb = input.context.pointee.pb else { return }
        let size = avio_size(pb)
        guard size > 0 else { return }
        for i in 0..<Int32(input.context.pointee.nb_streams) {
            let st = input.stream(i)
            let count = avformat_index_get_entries_count(st)
            guard count > 0, let last = avformat_index_get_entry(st, count - 1) else { continue }
            // An index entry's place is the file's word: past Int64 it cannot lie in the file either.
            let (end, past) = last.pointee.pos.addingReportingOverflow(Int64(last.pointee.size))
            if past || end > size {
                throw FileAccessError(
                    .corrupt, file: input.path, operation: "reading media",
                    reason: "the file is truncated: it ends at byte \(size) but its media runs to byte \(past ? "past \(Int64.max)" : "\(end)")")
            }
        }
    }

    static func frameRate(_ st: UnsafeMutablePointer<AVStream>) -> FrameRate? {
        for r in [st.pointee.avg_frame_rate, st.pointee.r_frame_rate] where r.num > 0 && r.den > 0 {
            let rate = FrameRate(numerator: Int64(r.num), denominator: Int64(r.den))
            if rate.asTime <= RationalTime(seconds: 1000) { return rate }
        }
        return nil
    }

    static func streamDuration(_ st: UnsafeMutablePointer<AVStream>) -> RationalTime? {
        let d = st.pointee.duration
        guard d > 0, d != reel_nopts() else { return nil }
        return exactTime(d, st.pointee.time_base)
    }

    static func containerDuration(_ input: InputFile) -> RationalTime? {
        let d = input.context.pointee.duration
        guard d > 0, d != reel_nopts() else { return nil }
        return RationalTime(value: d, timescale: Int64(AV_TIME_BASE))
    }

    /// Clockwise rotation and mirror from a stream's display matrix (the decoder does not apply it).
    static func displayMatrixOrientation(_ st: UnsafeMutablePointer<AVStream>) -> (Int, Bool) {
        var size: Int = 0
        guard let raw = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return (0, false) }
        let matrix = UnsafeRawPointer(raw).assumingMemoryBound(to: Int32.self)
        let det = Int64(matrix[0]) * Int64(matrix[4]) - Int64(matrix[1]) * Int64(matrix[3])
        let mirrored = det < 0
        var m = [Int32](repeating: 0, count: 9)
        for i in 0..<9 { m[i] = matrix[i] }
        if mirrored { av_display_matrix_flip(&m, 1, 0) }
        let ccw = m.withUnsafeBufferPointer { av_display_rotation_get($0.baseAddress) }
        guard ccw.isFinite else { return (0, mirrored) }
        let cw = Int((-ccw / 90).rounded()) * 90
        return (((cw % 360) + 360) % 360, mirrored)
    }

    /// EXIF orientation of a still picture, which FFmpeg 5.1 leaves in the decoded frame's metadata.
    static func exifOrientation(input: InputFile, stream: Int32) throws(FileAccessError) -> (
        rotation: Int, mirrored: Bool, date: String?, offset: String?
    ) {
        let decoder = try StillDecoder(input: input, stream: stream)
        let frame = try decoder.decodeFirst()
        let metadata = frame.frame.pointee.metadata
        let date = dictionaryValue(metadata, "DateTimeOriginal") ?? dictionaryValue(metadata, "DateTime")
        // FFmpeg names the EXIF tags it knows and gives the others by number (0x9011: OffsetTimeOriginal).
        let offset = dictionaryValue(metadata, "OffsetTimeOriginal") ?? dictionaryValue(metadata, "0x9011")
        guard let text = dictionaryValue(metadata, "Orientation"), let value = Int(text) else { return (0, false, date, offset) }
        let o = exifOrientationTable(value)
        return (o.rotation, o.mirrored, date, offset)
    }

    /// EXIF orientation values 1-8 as a clockwise rotation followed by a horizontal mirror.
    static func exifOrientationTable(_ value: Int) -> (rotation: Int, mirrored: Bool) {
        switch value {
        case 2: return (0, true)
        case 3: return (180, false)
        case 4: return (180, true)
        case 5: return (90, true)
        case 6: return (90, false)
        case 7: return (270, true)
        case 8: return (270, false)
        default: return (0, false)
        }
    }
}
