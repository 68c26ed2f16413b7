import MediaTime

/// One way a timeline breaks the rules every renderable timeline keeps.
public struct TimelineProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a path into the timeline document (`clips[2].sourceRange`).
    public var path: JSONPath
    public var code: DiagnosticCode
    public var message: String
    /// How to put it right.
    public var fix: String

    public init(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, fix: String) {
        self.code = code
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `error[T015]: /clips/0/speed: speed 100 is outside 1/40...4 (use a speed within 1/40...4)`:
    /// the code and JSON Pointer, as every diagnostic names them.
    public var description: String {
        "error[\(code.rawValue)]: " + (path.isRoot ? "" : "\(path.pointer): ") + message + (fix.isEmpty ? "" : " (\(fix))")
    }
}

/// The rules a timeline keeps so that it renders as written: the one rule set that reading a
/// timeline file (`TimelineCodec.decode`), the resolver's pipeline and `TimelineEditor` (which
/// refuses any edit that would break one) all check. `problems` is what reading checks, by
/// definition: the timeline is written and read back, so a value beyond `Limits` or the
/// `Catalog` is refused wherever it came from; `rules` are the checks relating values to one
/// another, which reading runs once the values they need have read.
///
/// - The duration is positive, on the frame grid and at most `Limits.maxTotalDuration` (T035).
/// - The main track (layer 0) plays back to back from 0 to the end (L010), every clip at least a
///   frame with every boundary on the grid (L012).
/// - Every clip has a source range that starts at 0 or later and lasts exactly its timeline
///   duration times its speed (L013); ids are unique among clips, texts, overlays and sounds (L011).
/// - Upper-layer clips, texts, overlays and sounds lie within the video (L014).
/// - A clip's crop path belongs to a `smart` clip and lies within the clip in increasing times
///   (L031, L033; see `CropRules`).
/// - A transition joins two consecutive main-track clips and contains their cut (L015), lies on
///   the grid (L012), and lasts at most half of each clip and `Limits.maxTransition` (T053).
///
/// - The music's beats, downbeats and sections are in order, where its sound plays (L030, see
///   `musicProblems`).
///
/// Values of one field (ranges, catalog kinds and parameters, counts, sizes) are checked where
/// they are read, by `TimelineDecoder`, against `Limits` and the `Catalog`.
public enum TimelineValidation {
    /// Every error reading `t` back from its text would report (no files are opened: what
    /// `TimelineFileCheck` checks is the caller's); empty when `t` is a timeline `reel render` reads.
    public static func problems(_ t: Timeline) -> [TimelineProblem] {
        let read = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(TimelineCodec.encode(t)) }
        guard case .failure(let error) = read else { return [] }
        return error.diagnostics.filter { $0.severity == .error }.map { d in
            TimelineProblem(d.code, d.location.path ?? .root, d.message, fix: d.notes.first ?? "")
        }
    }

    /// The rules relating a timeline's values to one another (see the type's comment).
    public static func rules(_ t: Timeline) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        let root = JSONPath.root
        func report(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, fix: String) {
            found.append(TimelineProblem(code, path, message, fix: fix))
        }
        let rate = t.frameRate
        let whole = TimeRange(start: .zero, duration: t.duration)
        if !t.duration.isPositive || !rate.isOnGrid(t.duration) {
            report(
                .offFrameGrid, root.appending("duration"), "must be positive and on the \(rate) fps frame grid",
                fix: "make it the end of the last main-track clip")
        }
        if t.duration > Limits.maxTotalDuration {
            report(
                .totalDuration, root.appending("duration"), "is longer than \(TimeText.string(from: Limits.maxTotalDuration))",
                fix: "shorten the video")
        }
        var expectedStart = RationalTime.zero
        var mainIndex: [String: Int] = [:]
        var main: [VideoClip] = []
        for (i, c) in t.clips.enumerated() {
            let p = root.appending("clips").appending(i)
            if c.sourceRange.start.isNegative {
                report(.sourceRange, p.appending("sourceRange").appending("start"), "must not be negative", fix: "use 0 or a later source time")
            }
            if (try? c.timelineRange.duration.multiplied(by: c.speed)) != c.sourceRange.duration {
                report(
                    .sourceRange, p.appending("sourceRange").appending("duration"),
                    "must equal timelineRange.duration × speed (\(TimeText.string(from: c.timelineRange.duration)) × \(TimeText.ratioString(from: c.speed)))",
                    fix:
                        "set it to \((try? c.timelineRange.duration.multiplied(by: c.speed)).map { TimeText.string(from: $0) } ?? "the product"), or change the speed"
                )
            }
            let range = p.appending("timelineRange")
            if !rate.isOnGrid(c.timelineRange.start) {
                report(
                    .offFrameGrid, range.appending("start"), "\(TimeText.string(from: c.timelineRange.start)) is not on the \(rate) fps frame grid",
                    fix: "use whole frames (\"48f\") or times the grid has")
            }
            if c.timelineRange.isEmpty || !rate.isOnGrid(c.timelineRange.duration) {
                report(
                    .offFrameGrid, range.appending("duration"), "must be at least one frame, on the \(rate) fps frame grid",
                    fix: "use whole frames (\"48f\") or times the grid has")
            }
            if !whole.contains(c.timelineRange) {
                report(
                    .outsideVideo, p.appending("timelineRange"), "must lie within the video (0 to \(TimeText.string(from: t.duration)))",
                    fix: "end it at the duration or earlier")
            }
            found += CropRules.problems(c, at: p)
            guard c.layer == 0 else { continue }
            if c.timelineRange.start != expectedStart {
                let what = c.timelineRange.start > expectedStart ? "leaves a gap after" : "overlaps"
                report(
                    .mainTrackSequence, p.appending("timelineRange").appending("start"),
                    "the main track must play back to back from 0: this clip \(what) the one before (expected \(TimeText.string(from: expectedStart)), found \(TimeText.string(from: c.timelineRange.start)))",
                    fix: "start it at \(TimeText.string(from: expectedStart))")
            }
            expectedStart = c.timelineRange.end
            if mainIndex[c.id] == nil { mainIndex[c.id] = main.count }
            main.append(c)
        }
        if expectedStart != t.duration {
            report(
                .mainTrackSequence, root.appending("duration"),
                "the main track ends at \(TimeText.string(from: expectedStart)), not at the duration \(TimeText.string(from: t.duration))",
                fix: "make the duration \(TimeText.string(from: expectedStart)), or lengthen the last main-track clip")
        }
        uniqueIDs(t.clips.map(\.id), "clips", &found)
        uniqueIDs(t.texts.map(\.id), "texts", &found)
        uniqueIDs(t.overlays.map(\.id), "overlays", &found)
        uniqueIDs(t.audio.map(\.id), "audio", &found)
        for (i, tr) in t.transitions.enumerated() {
            let p = root.appending("transitions").appending(i)
            guard let a = mainIndex[tr.from], let b = mainIndex[tr.to], b == a + 1 else {
                report(
                    .transitionJoin, p, "'\(tr.from)' → '\(tr.to)' are not two consecutive main-track clips",
                    fix: "name in from and to the ids of a main-track clip and of the clip after it")
                continue
            }
            let cut = main[a].timelineRange.end
            if !(tr.range.start < cut && tr.range.end > cut) {
                report(
                    .transitionJoin, p.appending("range"), "must contain the cut at \(TimeText.string(from: cut))",
                    fix: "start it before the cut and end it after")
            }
            if !rate.isOnGrid(tr.range.start) || !rate.isOnGrid(tr.range.end) {
                report(.offFrameGrid, p.appending("range"), "must start and end on the \(rate) fps frame grid", fix: "use whole frames")
            }
            let half = min(main[a].timelineRange.duration, main[b].timelineRange.duration) / 2
            if tr.range.duration > half || tr.range.duration > Limits.maxTransition {
                report(
                    .transitionTooLong, p.appending("range").appending("duration"),
                    "must last at most half of each clip beside it (\(TimeText.string(from: half))) and \(TimeText.string(from: Limits.maxTransition))",
                    fix: "shorten it to \(TimeText.string(from: min(half, Limits.maxTransition))) or less")
            }
        }
        for (i, x) in t.texts.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
            report(
                .outsideVideo, root.appending("texts").appending(i).appending("timelineRange"), "must be within the video and not empty",
                fix: "show it between 0 and \(TimeText.string(from: t.duration))")
        }
        for (i, x) in t.overlays.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
            report(
                .outsideVideo, root.appending("overlays").appending(i).appending("timelineRange"), "must be within the video and not empty",
                fix: "show it between 0 and \(TimeText.string(from: t.duration))")
        }
        for (i, x) in t.audio.enumerated() where !whole.contains(x.timelineRange) {
            report(
                .outsideVideo, root.appending("audio").appending(i).appending("timelineRange"), "must lie within the video",
                fix: "play it between 0 and \(TimeText.string(from: t.duration))")
        }
        for (i, x) in t.audio.enumerated() where x.role == .voice && x.ducking != nil {
            report(
                .duckedVoice, root.appending("audio").appending(i).appending("ducking"),
                "a voice is what ducking listens to; it cannot be ducked itself", fix: "remove \"ducking\" from it, or make its role music or effect")
        }
        return found + musicProblems(t)
    }

    /// Each id used a second time in `list`.
    private static func uniqueIDs(_ ids: [String], _ list: String, _ found: inout [TimelineProblem]) {
        var first: [String: Int] = [:]
        for (i, id) in ids.enumerated() {
            if let j = first[id] {
                found.append(
                    TimelineProblem(
                        .duplicateID, JSONPath.root.appending(list).appending(i).appending("id"),
                        "'\(id)' is already the id of \(list)[\(j)]", fix: "give it an id of its own"))
            } else {
                first[id] = i
            }
        }
    }
}
