import MediaTime

/// One way a timeline breaks the rules every renderable timeline keeps.
public struct TimelineProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a path into the timeline document (`clips[2].sourceRange`).
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// The rules a timeline keeps so that it renders as written; resolved and edited timelines are
/// checked against them, and `TimelineEditor` refuses any edit that would break one.
///
/// - The duration is positive and on the frame grid.
/// - The main track (layer 0) plays back to back from 0 to the end, every clip at least a frame,
///   every boundary on the grid.
/// - Every clip has a positive speed, a source range that starts at 0 or later and lasts exactly
///   its timeline duration times its speed, and an id no other clip has.
/// - Upper-layer clips, texts, overlays and sounds lie within the video.
/// - A transition joins two consecutive main-track clips, contains their cut, is on the grid, and
///   lasts at most half of each.
public enum TimelineValidation {
    public static func problems(_ t: Timeline) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        func report(_ path: String, _ message: String) { found.append(TimelineProblem(path: path, message: message)) }
        let rate = t.frameRate
        let whole = TimeRange(start: .zero, duration: t.duration)
        if !t.duration.isPositive || !rate.isOnGrid(t.duration) { report("duration", "must be positive and on the frame grid") }
        var ids = Set<String>()
        var expectedStart = RationalTime.zero
        var mainIndex: [String: Int] = [:]
        var main: [VideoClip] = []
        for (i, c) in t.clips.enumerated() {
            let p = "clips[\(i)]"
            if !ids.insert(c.id).inserted { report("\(p).id", "'\(c.id)' is the id of another clip") }
            if !c.speed.isPositive { report("\(p).speed", "must be positive") }
            if c.sourceRange.start.isNegative { report("\(p).sourceRange.start", "must not be negative") }
            if (try? c.timelineRange.duration.multiplied(by: c.speed)) != c.sourceRange.duration {
                report("\(p).sourceRange.duration", "must equal timelineRange.duration × speed")
            }
            if c.timelineRange.isEmpty || !rate.isOnGrid(c.timelineRange.start) || !rate.isOnGrid(c.timelineRange.end) {
                report("\(p).timelineRange", "must be at least one frame, on the frame grid")
            }
            if !whole.contains(c.timelineRange) { report("\(p).timelineRange", "must lie within the video") }
            guard c.layer == 0 else { continue }
            if c.timelineRange.start != expectedStart { report("\(p).timelineRange.start", "the main track must play back to back from 0") }
            expectedStart = c.timelineRange.end
            mainIndex[c.id] = main.count
            main.append(c)
        }
        if expectedStart != t.duration { report("clips", "the main track must end at the duration") }
        for (i, tr) in t.transitions.enumerated() {
            let p = "transitions[\(i)]"
            guard let a = mainIndex[tr.from], let b = mainIndex[tr.to], b == a + 1 else {
                report(p, "must join two consecutive main-track clips")
                continue
            }
            let cut = main[a].timelineRange.end
            let half = min(main[a].timelineRange.duration, main[b].timelineRange.duration) / 2
            if !(tr.range.start < cut && tr.range.end > cut) || !rate.isOnGrid(tr.range.start) || !rate.isOnGrid(tr.range.end) {
                report("\(p).range", "must contain the cut and lie on the frame grid")
            }
            if tr.range.duration > half { report("\(p).range", "must last at most half of each clip beside it") }
        }
        for (i, x) in t.texts.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
            report("texts[\(i)].timelineRange", "must lie within the video")
        }
        for (i, x) in t.overlays.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
            report("overlays[\(i)].timelineRange", "must lie within the video")
        }
        for (i, x) in t.audio.enumerated() where !whole.contains(x.timelineRange) {
            report("audio[\(i)].timelineRange", "must lie within the video")
        }
        return found
    }
}
