import MediaIO
import TimelineModel

/// Joins the video segments of a timeline (`reel render --segment K/N`) into one MP4 without
/// re-encoding them, with the whole soundtrack mixed once beside them, so the sound has no seam:
/// mixed here, or by a task of its own (`reel render --soundtrack`) whose packets are copied.
///
/// The segments are checked before anything is written: each names itself in its tag, and the
/// set must be exactly the N segments of this timeline, split as `FrameSegment.all` splits it
/// (same frames, same total), rendered from it and the files it names as they are now (`source`,
/// the part's identity recomputed), with one set of picture settings, one size and one H.264
/// configuration. A part that fails names itself, whatever is wrong with it. Their packets are copied
/// in order with their times moved to their place; every segment starts with a keyframe (a
/// segment is a whole encode of its own). The result has exactly the timeline's frames, and with
/// `softCaptions` the timeline's caption cues as a subtitle stream, as an unsegmented export has.
package enum SegmentJoiner {
    /// Joins `parts` into one MP4 at `path` with the timeline's sound; throws naming a part that is missing, foreign or stale.
    @discardableResult
    package static func join(
        _ timeline: Timeline, parts: [String], source: SegmentSource, baseFolder: String? = nil, to path: String,
        options: ExportOptions = ExportOptions(),
        progress: (@Sendable (ExportProgress) -> Void)? = nil, isCancelled: (@Sendable () -> Bool)? = nil
    ) throws(RenderError) -> ExportReport {
        // A soundtrack rendered as a task of its own (`reel render --soundtrack`) is laid as it is;
        // without one, the whole sound is mixed here once.
        let soundtracks = parts.filter(SoundtrackPart.isSoundtrack)
        if soundtracks.count > 1 { throw failure(soundtracks[1], "is a second soundtrack (the first is \(soundtracks[0])); give one") }
        let ordered = try checkedSegments(parts.filter { !soundtracks.contains($0) }, timeline: timeline, source: source)
        guard let first = ordered.first else { throw failure(path, "no segments given") }
        let track: AACTrack
        var loudness: LoudnessReport?
        var encodes = 0
        if let given = soundtracks.first {
            track = try SoundtrackPart.load(given, timeline: timeline, source: source, options: options)
        } else {
            let (soundtrack, report) = try Exporter.encodedSoundtrack(timeline, baseFolder: baseFolder, to: path, options: options)
            track = soundtrack.track
            loudness = report
            encodes = soundtrack.passes
        }
        var settings = EncoderSettings(width: first.reader.width, height: first.reader.height, frameRate: timeline.frameRate)
        if options.softCaptions { settings.subtitles = Exporter.subtitleCues(of: timeline) }
        let writer: MP4Writer
        do { writer = try MP4Writer(path: path, settings: settings, copyingVideoOf: first.reader, audioTrack: track) } catch {
            throw RenderError(media: error)
        }
        let total = timeline.frameCount
        let planner = AudioPlanner(timeline: timeline)
        // The sound is laid a little ahead of the copied pictures, so the muxer interleaves both
        // with little held in memory.
        func sound(upTo frame: Int64) throws(RenderError) {
            let through = planner.firstSample(ofFrame: min(frame, total), frameRate: timeline.frameRate)
            do { try writer.writeAudio(through: through) } catch { throw RenderError(media: error, frame: frame) }
        }
        do throws(RenderError) {
            var done: Int64 = 0
            for (segment, reader) in ordered {
                var copied: Int64 = 0
                while try read(reader) {
                    if isCancelled?() == true {
                        throw RenderError(media: FileAccessError(.cancelled, file: path, operation: "joining", reason: "cancelled"))
                    }
                    do { try writer.copyPacket(from: reader, frameOffset: segment.frames.lowerBound) } catch { throw RenderError(media: error) }
                    copied += 1
                    done += 1
                    try sound(upTo: segment.frames.lowerBound + copied + 30)
                    progress?(ExportProgress(framesDone: done, frameCount: total))
                }
                guard copied == Int64(segment.frames.count) else {
                    throw failure(
                        reader.path, "has \(copied) frames; segment \(segment.index)/\(segment.count) of this timeline has \(segment.frames.count)")
                }
            }
            try sound(upTo: total)
            do { try writer.finish() } catch { throw RenderError(media: error) }
        } catch {
            writer.cancel()
            throw error
        }
        return ExportReport(frameCount: total, warnings: [], loudness: loudness, soundEncodes: encodes)
    }

    /// The parts in segment order with their readers, or the first reason they are not the
    /// segments of `timeline` rendered from `source`, naming the part at fault.
    static func checkedSegments(_ parts: [String], timeline: Timeline, source: SegmentSource) throws(RenderError) -> [(
        segment: FrameSegment, reader: VideoPacketReader
    )] {
        var found: [Int: (segment: FrameSegment, reader: VideoPacketReader, picture: SegmentPicture)] = [:]
        var count: Int?
        for part in parts {
            let reader: VideoPacketReader
            do { reader = try VideoPacketReader(path: part) } catch { throw RenderError(media: error) }
            guard let comment = reader.comment, let tag = SegmentTag(text: comment) else {
                if reader.comment?.hasPrefix(SegmentTag.prefix) == true {
                    throw failure(part, "is a segment whose tag does not say what it was rendered from (an older reel's); render it again")
                }
                throw failure(part, "is not a segment made by reel render --segment")
            }
            let n = count ?? tag.segment.count
            count = n
            guard tag.segment.count == n else { throw failure(part, "is segment \(tag.segment.index)/\(tag.segment.count), the others are of \(n)") }
            guard tag.timeline == source.timeline, let expected = FrameSegment.all(of: timeline, count: n), tag.totalFrames == timeline.frameCount,
                expected[tag.segment.index] == tag.segment
            else {
                throw failure(
                    part,
                    "is a segment of another timeline (segment \(tag.segment.index)/\(n), frames \(tag.segment.frames.lowerBound)-\(tag.segment.frames.upperBound) of \(tag.totalFrames))"
                )
            }
            guard tag.identity == source.identity(of: tag.segment, picture: tag.picture) else {
                throw failure(
                    part,
                    "was rendered from this timeline when a file it names was another (replaced or changed since), or its tag was altered; render it again"
                )
            }
            guard reader.startTime == .zero else {
                throw failure(
                    part,
                    "its pictures do not start at time 0: it was written as a fragmented MP4 (-o - or a pipe), which the join cannot place; render the segment to a file"
                )
            }
            if let other = found[tag.segment.index] { throw failure(part, "is segment \(tag.segment.index)/\(n) again (as \(other.reader.path))") }
            if let first = found.values.first {
                guard tag.picture == first.picture else {
                    throw failure(
                        part,
                        "was rendered at \(tag.picture.description), \(first.reader.path) at \(first.picture.description); render every segment with the same --size and --quality"
                    )
                }
                guard reader.width == first.reader.width, reader.height == first.reader.height,
                    reader.codecConfiguration == first.reader.codecConfiguration
                else {
                    throw failure(
                        part,
                        "was encoded at another size or with other H.264 parameters than \(first.reader.path) (segments join when rendered at one size and quality, without --bitrate)"
                    )
                }
            }
            found[tag.segment.index] = (tag.segment, reader, tag.picture)
        }
        guard let n = count else { return [] }
        let missing = (0..<n).filter { found[$0] == nil }
        guard missing.isEmpty else {
            throw failure(parts[0], "segment\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing")
        }
        return (0..<n).compactMap { found[$0].map { ($0.segment, $0.reader) } }
    }

    private static func read(_ reader: VideoPacketReader) throws(RenderError) -> Bool {
        do { return try reader.readPacket() } catch { throw RenderError(media: error) }
    }

    private static func failure(_ file: String, _ reason: String) -> RenderError {
        RenderError(media: FileAccessError(.unsupported, file: file, operation: "joining segments", reason: reason))
    }
}
