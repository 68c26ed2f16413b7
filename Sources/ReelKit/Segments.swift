import FileAccess
import MediaTime
import RenderCore
import TimelineModel

/// One long video split across workers: each renders a segment, video only, and one joins them
/// with the sound mixed once. The segments are pure functions of the timeline and K/N, so they run
/// as separate processes on one machine, in an array job, or anywhere.
extension Pipeline {
    /// Segment K of N of `timeline` from `K/N` (K counts from 0, as `--shard` does).
    public static func segment(_ text: String, of timeline: Timeline) throws(OptionValueError) -> FrameSegment {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = WholeNumber.parse(parts[0]), let n = WholeNumber.parse(parts[1]), n >= 1, k < n else {
            throw OptionValueError(option: "segment", message: "takes K/N with K from 0 to N-1 (K counts from 0), not '\(text)'")
        }
        guard let all = FrameSegment.all(of: timeline, count: n) else {
            throw OptionValueError(option: "segment", message: "takes N up to the timeline's \(timeline.frameCount) frames, not \(n)")
        }
        return all[k]
    }

    /// What the segments of `timeline`, read from the file `timelineFile`, are rendered from: its
    /// canonical text with paths relative to its folder, and the files it names (see
    /// `SegmentSource`). A render of a segment tags it so; the join takes only parts tagged so.
    public static func segmentSource(_ timeline: Timeline, timelineFile: String) throws(ReelError) -> SegmentSource {
        do { return try SegmentSource.of(timeline, folder: PathText.folder(of: timelineFile)) } catch { throw .render(error) }
    }

    /// Joins the segments rendered of `timeline` (read from `timelineFile`) into one MP4 at
    /// `path`, with its whole sound. A part not rendered from this timeline and its files as they
    /// are now, or with other picture settings than the others, is refused by name.
    @discardableResult
    public static func join(
        _ timeline: Timeline, timelineFile: String, parts: [String], to path: String, options: ExportOptions = ExportOptions(),
        progress: (@Sendable (ExportProgress) -> Void)? = nil, cancel: CancellationFlag? = nil
    ) throws(ReelError) -> ExportReport {
        var isCancelled: (@Sendable () -> Bool)?
        if let cancel { isCancelled = { cancel.isCancelled } }
        let source = try segmentSource(timeline, timelineFile: timelineFile)
        do {
            return try SegmentJoiner.join(
                timeline, parts: parts, source: source, to: path, options: options, progress: progress, isCancelled: isCancelled)
        } catch {
            if error.media?.kind == .cancelled { throw .cancelled }
            throw .render(error)
        }
    }

    /// Mixes, normalizes and encodes the whole sound of `timeline` (read from `timelineFile`) into
    /// a soundtrack file at `path` (its report has no frames), a task beside the video segments whose packets the join copies
    /// (`reel render --soundtrack`); the join refuses it unless given the same sound settings.
    @discardableResult
    public static func renderSoundtrack(
        _ timeline: Timeline, timelineFile: String, to path: String, options: ExportOptions = ExportOptions(),
        events: (@Sendable (PipelineEvent) -> Void)? = nil
    ) throws(ReelError) -> ExportReport {
        let source = try segmentSource(timeline, timelineFile: timelineFile)
        do throws(RenderError) {
            return try SoundtrackPart.render(timeline, source: source, to: path, options: options, stages: PipelineEvent.stages(events))
        } catch {
            throw .render(error)
        }
    }
}
