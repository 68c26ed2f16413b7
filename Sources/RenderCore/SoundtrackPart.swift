import FileAccess
import MediaIO
import ProgressReport
import TimelineModel

/// The soundtrack of a segmented render as a task of its own: `reel render --soundtrack` mixes,
/// normalizes and encodes the whole sound once into a tagged `.m4a` beside the video segments, and
/// the join lays its packets as they are, so the join's work is copying and no longer grows with
/// the mixing (about 55 ms of CPU a second of video before, on one machine after every segment).
package enum SoundtrackPart {
    /// Mixes and encodes `timeline`'s sound into a soundtrack file at `path`, tagged with what it
    /// is made from (`source`) and with; the report says what normalization did and the encodes
    /// made, and has no frames.
    @discardableResult
    package static func render(
        _ timeline: Timeline, source: SegmentSource, to path: String, options: ExportOptions,
        stages: (@Sendable (StageProgress) -> Void)? = nil
    ) throws(RenderError) -> ExportReport {
        let (result, loudness) = try Exporter.encodedSoundtrack(timeline, baseFolder: nil, to: path, options: options, stages: stages)
        let tag = SoundtrackTag(
            sound: SoundtrackSettings(options: options, timeline: timeline), sampleCount: result.track.sampleCount, delay: result.track.delay,
            source: source)
        do { try SoundtrackFile.write(result.track, comment: tag.text, to: path) } catch { throw RenderError(media: error) }
        return ExportReport(frameCount: 0, warnings: [], loudness: loudness, soundEncodes: result.passes)
    }

    /// Whether the file at `path` says it is a soundtrack (its tag's first words), without reading its packets.
    static func isSoundtrack(_ path: String) -> Bool {
        ((try? SoundtrackFile.comment(of: path)) ?? nil)?.hasPrefix(SoundtrackTag.prefix) == true
    }

    /// The encoded sound of the soundtrack file at `path`, once it is checked to be `timeline`'s
    /// (from `source`, its files as they are now) mixed with `options`' sound settings; throws
    /// naming the file and what differs otherwise.
    static func load(_ path: String, timeline: Timeline, source: SegmentSource, options: ExportOptions) throws(RenderError) -> AACTrack {
        let comment: String?
        do { comment = try SoundtrackFile.comment(of: path) } catch { throw RenderError(media: error) }
        guard let comment, let tag = SoundtrackTag(text: comment) else {
            throw failure(path, "is not a soundtrack made by reel render --soundtrack")
        }
        guard tag.timeline == source.timeline else { throw failure(path, "is the soundtrack of another timeline") }
        let wanted = SoundtrackSettings(options: options, timeline: timeline)
        guard tag.sound == wanted else {
            throw failure(
                path,
                "was mixed at \(tag.sound.description), the join asks \(wanted.description); give the join the --loudness and --audio-bitrate the soundtrack was rendered with, or render it again"
            )
        }
        guard tag.identity == SoundtrackTag.identity(source: source, sound: wanted) else {
            throw failure(
                path, "was mixed when a file the timeline names was another (replaced or changed since), or its tag was altered; render it again")
        }
        let samples = AudioPlanner(timeline: timeline).firstSample(ofFrame: timeline.frameCount, frameRate: timeline.frameRate)
        guard tag.sampleCount == samples else { throw failure(path, "holds \(tag.sampleCount) samples of sound; the timeline is \(samples) long") }
        do { return try SoundtrackFile.read(path, delay: tag.delay, sampleCount: tag.sampleCount, bitrate: tag.sound.bitrate) } catch {
            throw RenderError(media: error)
        }
    }

    private static func failure(_ file: String, _ reason: String) -> RenderError {
        RenderError(media: FileAccessError(.unsupported, file: file, operation: "joining segments", reason: reason))
    }
}
