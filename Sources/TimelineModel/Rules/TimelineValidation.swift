import DocumentJSON
import DocumentLimits
import MediaTime

/// One way a timeline breaks the rules every renderable timeline keeps.
package struct TimelineProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a path into the timeline document (`clips[2].sourceRange`).
    package var path: JSONPath
    package var code: DiagnosticCode
    package var message: String
    /// How to put it right.
    package var fix: String

    public init(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, fix: String) {
        self.code = code
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `error[T015]: /clips/0/speed: speed 100 is outside 1/40...4 (use a speed within 1/40...4)`:
    /// the code and JSON Pointer, as every diagnostic names them.
    package var description: String {
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
///   duration times its speed (L013), and whose source times the planners can form exactly
///   (T015, see `SourceTimeRules`); ids are unique among clips, texts, overlays and sounds (L011).
/// - Upper-layer clips, texts, overlays and sounds lie within the video (L014); keyframes (motion,
///   filter animation) lie within their item's time (T052, see `KeyframeRules`).
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
package enum TimelineValidation {
    /// Every error reading `t` back from its text would report (no files are opened: what
    /// `TimelineFileCheck` checks is the caller's); empty when `t` is a timeline `reel render` reads.
    package static func problems(_ t: Timeline) -> [TimelineProblem] {
        let read = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(TimelineCodec.encode(t)) }
        guard case .failure(let error) = read else { return [] }
        return error.diagnostics.filter { $0.severity == .error }.map { d in
            TimelineProblem(d.code, d.location.path ?? .root, d.message, fix: d.notes.first ?? "")
        }
    }

    /// The rules relating a timeline's values to one another (see the type's comment), each run
    /// when the values it reads are among `readable`; the others are listed as skipped, so a
    /// reader can say which rules wait for which broken value.
    ///
    /// `clipIndices`, when some clips did not read, says where each clip of `t` stands in the
    /// document: the rules of each clip on its own still run on those that did read (reported at
    /// their own place), and the main track's order is checked wherever no unread clip lies
    /// between two that did; what the unread clips hide is listed as skipped.
    package static func rules(
        _ t: Timeline, readable: Set<TimelineValue> = Set(TimelineValue.allCases), clipIndices: [Int]? = nil
    ) -> TimelineRuleRun {
        var run = TimelineRuleRun(readable: readable)
        // The clips that read stand at `place(i)`; with none missing, at `i`.
        let indices = clipIndices.flatMap { $0.count == t.clips.count ? $0 : nil }
        let partial = indices != nil
        let place = { (i: Int) in indices?[i] ?? i }
        let clipsRead: Set<TimelineValue> = partial ? [] : [.clips]
        let root = JSONPath.root
        let rate = t.frameRate
        let whole = TimeRange(start: .zero, duration: t.duration)
        run.group("the rules of the video's length", needs: [.duration], [.offFrameGrid, .totalDuration]) { report in
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
        }
        run.group(
            "the rules of the clips", needs: clipsRead,
            [.mainTrackSequence, .duplicateID, .offFrameGrid, .sourceRange, .keyframeOrder, .cropTiming, .cropFit, .outOfRange]
        ) {
            report in
            var expectedStart = RationalTime.zero
            // Whether a clip that did not read lies between the last main-track clip and this one.
            var unreadBefore = false
            for (i, c) in t.clips.enumerated() {
                let p = root.appending("clips").appending(place(i))
                if place(i) != (i == 0 ? 0 : place(i - 1) + 1) { unreadBefore = true }
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
                        .offFrameGrid, range.appending("start"),
                        "\(TimeText.string(from: c.timelineRange.start)) is not on the \(rate) fps frame grid",
                        fix: "use whole frames (\"48f\") or times the grid has")
                }
                if c.timelineRange.isEmpty || !rate.isOnGrid(c.timelineRange.duration) {
                    report(
                        .offFrameGrid, range.appending("duration"), "must be at least one frame, on the \(rate) fps frame grid",
                        fix: "use whole frames (\"48f\") or times the grid has")
                }
                let sourceSteps = SourceTimeRules.problem(c, rate: rate, at: p).map { [$0] } ?? []
                for problem in CropRules.problems(c, at: p) + KeyframeRules.problems(c, at: p) + sourceSteps {
                    report(problem.code, problem.path, problem.message, fix: problem.fix)
                }
                guard c.layer == 0 else { continue }
                if unreadBefore {
                    unreadBefore = false
                } else if c.timelineRange.start != expectedStart {
                    let what = c.timelineRange.start > expectedStart ? "leaves a gap after" : "overlaps"
                    report(
                        .mainTrackSequence, p.appending("timelineRange").appending("start"),
                        "the main track must play back to back from 0: this clip \(what) the one before (expected \(TimeText.string(from: expectedStart)), found \(TimeText.string(from: c.timelineRange.start)))",
                        fix: "start it at \(TimeText.string(from: expectedStart))")
                }
                expectedStart = c.timelineRange.end
            }
            uniqueIDs(t.clips.map(\.id), "clips", report, place: place)
        }
        if partial {
            run.skip(
                "the main track's order next to the clips that did not read, and their ids and place", needs: [.clips],
                [.mainTrackSequence, .duplicateID, .outsideVideo])
        }
        run.group("the rules of the clips' place in the video", needs: clipsRead.union([.duration]), [.outsideVideo, .mainTrackSequence]) {
            report in
            for (i, c) in t.clips.enumerated() where !whole.contains(c.timelineRange) {
                report(
                    .outsideVideo, root.appending("clips").appending(place(i)).appending("timelineRange"),
                    "must lie within the video (0 to \(TimeText.string(from: t.duration)))", fix: "end it at the duration or earlier")
            }
            // The main track's end is known only when every clip read.
            let end = t.clips.last { $0.layer == 0 }?.timelineRange.end ?? .zero
            if !partial && end != t.duration {
                report(
                    .mainTrackSequence, root.appending("duration"),
                    "the main track ends at \(TimeText.string(from: end)), not at the duration \(TimeText.string(from: t.duration))",
                    fix: "make the duration \(TimeText.string(from: end)), or lengthen the last main-track clip")
            }
        }
        run.group(
            "the rules of the transitions", needs: [.clips, .transitions], applies: !t.transitions.isEmpty || !readable.contains(.transitions),
            [.transitionJoin, .offFrameGrid, .transitionTooLong]
        ) { report in
            let main = t.clips.filter { $0.layer == 0 }
            var mainIndex: [String: Int] = [:]
            for (i, c) in main.enumerated() where mainIndex[c.id] == nil { mainIndex[c.id] = i }
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
        }
        layerRules(t, &run)
        musicRules(t, &run)
        return run
    }

    /// Each id used a second time in `list`; the item at `i` stands at `place(i)` in the document.
    static func uniqueIDs(_ ids: [String], _ list: String, _ report: TimelineRuleRun.Report, place: (Int) -> Int = { $0 }) {
        var first: [String: Int] = [:]
        for (i, id) in ids.enumerated() {
            if let j = first[id] {
                report(
                    .duplicateID, JSONPath.root.appending(list).appending(place(i)).appending("id"),
                    "'\(id)' is already the id of \(list)[\(j)]", fix: "give it an id of its own")
            } else {
                first[id] = place(i)
            }
        }
    }
}

/// The parts of a timeline the rules read; reading names those it could not read.
package enum TimelineValue: String, Sendable, Hashable, CaseIterable, Comparable {
    case duration, clips, transitions, texts, overlays, grade, audio, music

    package static func < (a: TimelineValue, b: TimelineValue) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// The outcome of running the rules: the problems found, and the groups of rules that could not
/// run because a value they read did not read.
package struct TimelineRuleRun: Sendable {
    /// Collects the problems of one group: `report(code, path, message, fix: ...)`.
    final class Report {
        fileprivate var found: [TimelineProblem] = []
        func callAsFunction(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, fix: String) {
            found.append(TimelineProblem(code, path, message, fix: fix))
        }
    }

    /// Rules not checked: what they are, their codes, and the values they wait for.
    package struct Skipped: Sendable, Hashable {
        package var what: String
        var codes: [DiagnosticCode]
        var waitingFor: [TimelineValue]
    }

    package let readable: Set<TimelineValue>
    package private(set) var problems: [TimelineProblem] = []
    package private(set) var skipped: [Skipped] = []

    init(readable: Set<TimelineValue>) { self.readable = readable }

    /// Records rules as not checked: they wait for `needs`, which did not read (or not all of it).
    mutating func skip(_ what: String, needs: Set<TimelineValue>, _ codes: [DiagnosticCode]) {
        skipped.append(Skipped(what: what, codes: Array(Set(codes)).sorted(), waitingFor: needs.sorted()))
    }

    /// Runs `check` when every value in `needs` read; else records it as skipped, unless it has
    /// nothing to check (`applies` false: no items, and none unread).
    mutating func group(
        _ what: String, needs: Set<TimelineValue>, applies: Bool = true, _ codes: [DiagnosticCode], _ check: (Report) -> Void
    ) {
        guard applies else { return }
        guard needs.isSubset(of: readable) else {
            skipped.append(Skipped(what: what, codes: Array(Set(codes)).sorted(), waitingFor: needs.subtracting(readable).sorted()))
            return
        }
        let report = Report()
        check(report)
        problems += report.found
    }
}
