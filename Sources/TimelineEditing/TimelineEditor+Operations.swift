import MediaTime
import TimelineModel

/// The edits: cut and length (split, trim, slip, delete, move), playback (speed, reverse, rotate,
/// volume, mute), and look (filters, transitions).
extension TimelineEditor {
    /// Splits a clip in two at output frame `frame` (strictly inside it). The second part is named
    /// `<id>-2` (or the next free number) and keeps the transition that followed the clip.
    ///
    /// ```
    /// before  [     a      ]
    /// after   [  a  ][ a-2 ]     same frames on screen, two clips
    /// ```
    package mutating func split(_ id: String, atFrame frame: Int64) throws(EditError) {
        try apply("split") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            let c = t.clips[i]
            let frames = c.timelineRange.frames(at: t.frameRate)
            guard frame > frames.lowerBound && frame < frames.upperBound else {
                throw .outOfRange("frame \(frame) is not inside clip '\(id)' (frames \(frames.lowerBound)..<\(frames.upperBound))")
            }
            let at = t.frameRate.time(ofFrame: frame)
            var first = c
            var second = c
            second.id = TimelineLayout.freshID(id, in: t)
            first.timelineRange = TimeRange(start: c.timelineRange.start, end: at)
            second.timelineRange = TimeRange(start: at, end: c.timelineRange.end)
            if c.kind == .image {
                first.sourceRange = TimeRange(start: .zero, duration: first.timelineRange.duration)
                second.sourceRange = TimeRange(start: .zero, duration: second.timelineRange.duration)
            } else {
                let d1 = first.timelineRange.duration * c.speed
                // Reversed, the first part on screen is the end of the source range.
                first.sourceRange =
                    c.reverse
                    ? TimeRange(start: c.sourceRange.end - d1, end: c.sourceRange.end)
                    : TimeRange(start: c.sourceRange.start, duration: d1)
                second.sourceRange =
                    c.reverse
                    ? TimeRange(start: c.sourceRange.start, end: c.sourceRange.end - d1)
                    : TimeRange(start: c.sourceRange.start + d1, end: c.sourceRange.end)
            }
            let local = at - c.timelineRange.start
            KeyframeCut.clip(&first, from: .zero, to: local)
            KeyframeCut.clip(&second, from: local, to: c.timelineRange.duration)
            // Neither part spans the beats the whole did.
            first.beats = nil
            second.beats = nil
            if !c.crop.isEmpty {
                first.crop = CropPath.part(c.crop, from: .zero, to: local)
                second.crop = CropPath.part(c.crop, from: local, to: c.timelineRange.duration)
            }
            t.clips[i] = first
            t.clips.insert(second, at: i + 1)
            for k in t.transitions.indices where t.transitions[k].from == id { t.transitions[k].from = second.id }
        }
    }

    /// Shortens (positive) or lengthens (negative) a clip by whole frames at its start and end.
    /// On the main track later clips follow (a ripple edit); the video's length changes.
    package mutating func trim(_ id: String, startFrames: Int64 = 0, endFrames: Int64 = 0) throws(EditError) {
        try apply("trim") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            var c = t.clips[i]
            let fd = t.frameRate.frameDuration
            let cutStart = fd * startFrames
            let cutEnd = fd * endFrames
            let duration = c.timelineRange.duration - cutStart - cutEnd
            guard duration.isPositive else { throw .outOfRange("trimming \(startFrames + endFrames) frames leaves nothing of clip '\(id)'") }
            c.timelineRange = TimeRange(start: c.timelineRange.start + cutStart, duration: duration)
            if c.kind == .image {
                c.sourceRange = TimeRange(start: .zero, duration: duration)
            } else {
                // Source time at the clip's first and last shown instants moves with the trim.
                let sourceStartCut = (c.reverse ? cutEnd : cutStart) * c.speed
                let sourceEndCut = (c.reverse ? cutStart : cutEnd) * c.speed
                c.sourceRange = TimeRange(start: c.sourceRange.start + sourceStartCut, end: c.sourceRange.end - sourceEndCut)
                guard !c.sourceRange.start.isNegative else { throw .outOfRange("clip '\(id)' has no source before its start to lengthen into") }
            }
            KeyframeCut.clip(&c, from: cutStart, to: cutStart + duration)
            // Trimmed, it no longer spans the beats it was written in.
            c.beats = nil
            if !c.crop.isEmpty { c.crop = CropPath.part(c.crop, from: cutStart, to: cutStart + duration) }
            t.clips[i] = c
            if c.layer == 0 { TimelineLayout.relayout(&t) }
        }
    }

    /// Shows another part of the source in the same place: the source range starts at `sourceStart`.
    package mutating func slip(_ id: String, sourceStart: RationalTime) throws(EditError) {
        try apply("slip") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            guard t.clips[i].kind == .video else { throw .notAVideo(id) }
            t.clips[i].sourceRange = TimeRange(start: sourceStart, duration: t.clips[i].sourceRange.duration)
        }
    }

    /// Removes a clip. On the main track the clips after it move up and its transitions go.
    package mutating func delete(_ id: String) throws(EditError) {
        try apply("delete") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            let wasMain = t.clips[i].layer == 0
            t.clips.remove(at: i)
            t.transitions.removeAll { $0.from == id || $0.to == id }
            if wasMain { TimelineLayout.relayout(&t) }
        }
    }

    /// Moves a main-track clip to position `position` among the main-track clips (0 first). Every
    /// cut keeps its transition (see `reorder(_:)`).
    ///
    /// ```
    /// before  [ a ]X[ b ]W[ c ]      move c to 0
    /// after   [ c ]X[ a ]W[ b ]      the cuts keep X and W, between the clips that now meet there
    /// ```
    @discardableResult
    package mutating func move(_ id: String, to position: Int) throws(EditError) -> [CutChange] {
        _ = try Self.mainIndex(of: id, in: timeline)
        var ids = timeline.clips.filter { $0.layer == 0 }.map(\.id)
        ids.removeAll { $0 == id }
        guard position >= 0 && position <= ids.count else {
            throw .outOfRange("position \(position) is outside 0...\(ids.count)")
        }
        ids.insert(id, at: position)
        return try rearrange("move", ids)
    }

    /// Puts the main track in the order of `ids` (every main-track clip once). A transition belongs
    /// to its cut: the cut at each place keeps the transition it had, joining the clips that now
    /// meet there, re-centred on the cut and shortened only where they lack the frames it needs
    /// (`TransitionPlacement.fit`, with `videoDurations`). Returns what became of the transitions
    /// on the cuts whose clips changed, and of any that had to be shortened.
    @discardableResult
    mutating func reorder(_ ids: [String]) throws(EditError) -> [CutChange] {
        try rearrange("reorder", ids)
    }

    mutating func rearrange(_ operation: String, _ ids: [String]) throws(EditError) -> [CutChange] {
        var changes: [CutChange] = []
        let durations = videoDurations
        try apply(operation) { (t: inout Timeline) throws(EditError) in
            let main = t.clips.filter { $0.layer == 0 }
            guard Set(ids) == Set(main.map(\.id)), ids.count == main.count else {
                throw .outOfRange("reorder needs every main-track clip exactly once: \(main.map(\.id).joined(separator: ", "))")
            }
            let byID = Dictionary(main.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            t.clips = ids.compactMap { byID[$0] } + t.clips.filter { $0.layer > 0 }
            let moved = TimelineLayout.keepTransitionsOnCuts(&t, mainBefore: main.map(\.id))
            changes = TimelineLayout.relayout(&t, videoDurations: durations).filter { moved.contains($0.cut) || $0.isShortened }
        }
        return changes
    }
}
