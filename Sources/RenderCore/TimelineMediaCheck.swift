import FileAccess
import Foundation
import MediaIO
import MediaTime
import TemplateCore

/// The files a timeline names, checked before any work: each exists and is a readable file (L020),
/// and each clip's media is of the clip's kind (L021), a video for `video`, a picture for `image`.
///
/// Run by the timeline reader (`TimelineCodec.decode(contentsOfFile:files:)`), so that a missing
/// or mistaken file is reported with the timeline's other problems, at the place naming it, and
/// a render never starts only to fail on its fortieth clip.
public enum TimelineMediaCheck {
    public static let check: TimelineFileCheck = { timeline in problems(timeline) }

    public static func problems(_ t: Timeline) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        var probed: [String: Result<MediaInfo, MediaError>] = [:]
        let root = JSONPath.root
        for (i, clip) in t.clips.enumerated() {
            let path = root.appending("clips").appending(i).appending("media")
            guard exists(clip.media, at: path, &found) else { continue }
            let result = probed[clip.media] ?? Result { () throws(MediaError) in try MediaProbe.probe(clip.media) }
            probed[clip.media] = result
            switch result {
            case .failure(let error):
                found.append(
                    TimelineProblem(
                        .mediaMissing, path, "'\(clip.media)' cannot be read as media: \(error.reason)",
                        fix: "name a photo or video file"))
            case .success(let info) where info.isStillImage != (clip.kind == .image):
                let what = info.isStillImage ? "a picture" : "a video"
                found.append(
                    TimelineProblem(
                        .mediaKind, path, "'\(clip.media)' is \(what), but the clip's kind is \(clip.kind.rawValue)",
                        fix: "set \"kind\": \"\(info.isStillImage ? "image" : "video")\", or name a \(clip.kind == .image ? "picture" : "video")"))
            case .success:
                break
            }
        }
        var durations: [String: RationalTime] = [:]
        for case (let path, .success(let info)) in probed.map({ ($0.key, $0.value) }) where !info.isStillImage {
            if let d = info.duration { durations[path] = d }
        }
        found += handleProblems(t, durations: durations)
        for (i, x) in t.overlays.enumerated() { _ = exists(x.media, at: root.appending("overlays").appending(i).appending("media"), &found) }
        for (i, x) in t.audio.enumerated() { _ = exists(x.media, at: root.appending("audio").appending(i).appending("media"), &found) }
        for (i, x) in t.texts.enumerated() {
            if let font = x.look.fontFile {
                _ = exists(font, at: root.appending("texts").appending(i).appending("look").appending("fontFile"), &found)
            }
        }
        for (i, x) in t.transitions.enumerated() {
            if let mask = x.mask { _ = exists(mask, at: root.appending("transitions").appending(i).appending("mask"), &found) }
        }
        for (i, e) in t.grade.enumerated() {
            if let file = e.file { _ = exists(file, at: root.appending("grade").appending(i).appending("file"), &found) }
        }
        for (i, c) in t.clips.enumerated() {
            for (j, e) in c.filters.enumerated() {
                if let file = e.file {
                    _ = exists(file, at: root.appending("clips").appending(i).appending("filters").appending(j).appending("file"), &found)
                }
            }
        }
        return found
    }

    /// Transitions needing frames a video lacks (L022): the next clip shows frames before its
    /// in-point from the transition's start, the previous one frames after its out-point up to its
    /// end. Photos, looping clips and clips already past their video's end (holding its last
    /// frame) have as many as needed, as the resolver counts them (`TransitionPlacement`).
    static func handleProblems(_ t: Timeline, durations: [String: RationalTime]) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        let main = t.clips.filter { $0.layer == 0 }
        for (i, tr) in t.transitions.enumerated() {
            guard let a = main.firstIndex(where: { $0.id == tr.from }), a + 1 < main.count, main[a + 1].id == tr.to else { continue }
            let cut = main[a].timelineRange.end
            let sides: [(VideoClip, RationalTime, Bool)] = [(main[a + 1], cut - tr.range.start, true), (main[a], tr.range.end - cut, false)]
            for (clip, time, before) in sides where time.isPositive {
                guard clip.kind == .video, !clip.loop, let duration = durations[clip.media], clip.sourceRange.end <= duration,
                    let needed = try? time.multiplied(by: clip.speed)
                else { continue }
                // Forwards, the frames before the in-point lie before the source range; reversed, after it.
                let towardStart = before != clip.reverse
                let spare = towardStart ? clip.sourceRange.start : duration - clip.sourceRange.end
                guard needed > spare else { continue }
                found.append(
                    TimelineProblem(
                        .transitionHandles, JSONPath.root.appending("transitions").appending(i).appending("range"),
                        "'\(clip.id)' has \(TimeText.string(from: spare)) of video \(towardStart ? "before its source range" : "after its source range"); the transition needs \(TimeText.string(from: needed))",
                        fix: "shorten the transition, or move '\(clip.id)''s source range \(towardStart ? "later" : "earlier") in its video"))
            }
        }
        return found
    }

    /// True when `file` is there and is not a folder; otherwise reports it.
    private static func exists(_ file: String, at path: JSONPath, _ found: inout [TimelineProblem]) -> Bool {
        guard let kind = FileKind.of(file) else {
            found.append(
                TimelineProblem(
                    .mediaMissing, path, "'\(file)' does not exist", fix: "correct the path (relative paths start at the timeline's folder)"))
            return false
        }
        guard kind != .folder, FileKind.isReadable(file) else {
            found.append(
                TimelineProblem(
                    .mediaMissing, path, "'\(file)' is \(kind == .folder ? "a folder" : "not readable"), not a file",
                    fix: "name a file"))
            return false
        }
        return true
    }
}
