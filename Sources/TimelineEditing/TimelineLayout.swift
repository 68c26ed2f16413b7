import MediaTime
import TemplateResolver
import TimelineModel

/// Puts a timeline back in order after its main track changed: clips back to back from 0,
/// transitions kept only between clips still side by side (and re-centred on their cuts), and
/// everything else cut at the new end. The edit operations call it after every main-track change;
/// those that only change the order (swap, move) first give each cut's transition to the clips
/// that now meet there (`keepTransitionsOnCuts`).
///
/// ```
/// before   [ a ][  b  ][ c ]        delete b
/// after    [ a ][ c ]               c moves up; a→b and b→c transitions go, the video is shorter
/// ```
package enum TimelineLayout {
    /// Puts the main-track clips back to back and each transition back on its cut, at most as long
    /// as `TransitionPlacement.fit` allows between the clips beside it; returns, for each
    /// transition, what it lasted and lasts now (gone: 0 frames). With `videoDurations` (video
    /// lengths by media path) the handles count too; without, only the clips' lengths do.
    @discardableResult
    static func relayout(_ t: inout Timeline, videoDurations: [String: RationalTime]? = nil) -> [CutChange] {
        let rate = t.frameRate
        var at = RationalTime.zero
        for i in t.clips.indices where t.clips[i].layer == 0 {
            t.clips[i].timelineRange = TimeRange(start: at, duration: t.clips[i].timelineRange.duration)
            at = at + t.clips[i].timelineRange.duration
        }
        t.duration = at
        let main = t.clips.filter { $0.layer == 0 }
        let position = Dictionary(main.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var changes: [CutChange] = []
        t.transitions = t.transitions.compactMap { (tr: Transition) -> Transition? in
            guard let a = position[tr.from], let b = position[tr.to], b == a + 1 else { return nil }
            let was = Int64(tr.range.frames(at: rate).count)
            let fit = TransitionPlacement.fit(
                was, from: neighbour(main[a], videoDurations), to: neighbour(main[b], videoDurations), rate: rate)
            let n = fit.frames >= 2 ? fit.frames : 0
            let reasons = n < was ? [fit.lengthNote].compactMap { $0 } + fit.shortages.map { $0.note(named($0.clip)) } : []
            changes.append(CutChange(cut: a, kind: tr.kind, from: tr.from, to: tr.to, was: was, now: n, reasons: reasons))
            guard n >= 2 else { return nil }
            let cut = rate.frame(at: main[a].timelineRange.end, rounding: .toNearestOrAwayFromZero)
            var moved = tr
            moved.range = TimeRange(start: rate.time(ofFrame: cut - n / 2), end: rate.time(ofFrame: cut - n / 2 + n))
            return moved
        }
        clampToDuration(&t)
        return changes
    }

    /// Gives each transition to the clips that now meet on its cut, after the main track, once in
    /// the order `mainBefore` (ids), was put in another order with the same clips: the cut at
    /// place i keeps its transition. Returns the cuts whose clips changed.
    ///
    /// ```
    /// before  [ a ]X[ b ]W[ c ]        X, W: the transitions on the cuts after places 1 and 2
    /// after   [ b ]X[ a ]W[ c ]        swap a b: the cuts keep X and W, joining other clips
    /// ```
    static func keepTransitionsOnCuts(_ t: inout Timeline, mainBefore: [String]) -> Set<Int> {
        let main = t.clips.filter { $0.layer == 0 }.map(\.id)
        guard main.count == mainBefore.count else { return [] }
        let place = Dictionary(mainBefore.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var moved: Set<Int> = []
        for k in t.transitions.indices {
            guard let i = place[t.transitions[k].from], i + 1 < main.count, mainBefore[i + 1] == t.transitions[k].to else { continue }
            if main[i] != t.transitions[k].from || main[i + 1] != t.transitions[k].to { moved.insert(i) }
            t.transitions[k].from = main[i]
            t.transitions[k].to = main[i + 1]
        }
        return moved
    }

    /// A clip as a summary names it: its id and its file's name.
    package static func named(_ c: VideoClip) -> String { "'\(c.id)' (\(c.media.split(separator: "/").last ?? ""))" }

    /// A main-track clip as the transition rule sees it: a video's length when known, and whether
    /// it already holds its last frame (its source range runs past the video's end).
    static func neighbour(_ c: VideoClip, _ videoDurations: [String: RationalTime]?) -> TransitionPlacement.Neighbour {
        let duration = c.kind == .video ? videoDurations?[c.media] : nil
        return TransitionPlacement.Neighbour(clip: c, mediaDuration: duration, holdsLastFrame: duration.map { c.sourceRange.end > $0 } ?? false)
    }

    /// Cuts upper-layer clips, texts, overlays and sounds at the end of the video; drops those left empty.
    static func clampToDuration(_ t: inout Timeline) {
        let end = t.duration
        t.clips = t.clips.compactMap { c in
            guard c.layer > 0, c.timelineRange.end > end else { return c }
            guard c.timelineRange.start < end else { return nil }
            var clipped = c
            clipped.timelineRange = TimeRange(start: c.timelineRange.start, end: end)
            let source = clipped.timelineRange.duration * c.speed
            clipped.sourceRange =
                c.reverse
                ? TimeRange(start: c.sourceRange.end - source, duration: source)
                : TimeRange(start: c.sourceRange.start, duration: source)
            return clipped
        }
        func clamp(_ r: TimeRange) -> TimeRange? { r.start < end ? TimeRange(start: r.start, end: min(r.end, end)) : nil }
        t.texts = t.texts.compactMap { x in
            clamp(x.timelineRange).map {
                var y = x
                y.timelineRange = $0
                return y
            }
        }
        t.overlays = t.overlays.compactMap { x in
            clamp(x.timelineRange).map {
                var y = x
                y.timelineRange = $0
                return y
            }
        }
        t.audio = t.audio.compactMap { x in
            clamp(x.timelineRange).map {
                var y = x
                y.timelineRange = $0
                y.fadeOut = min(y.fadeOut, $0.duration)
                return y
            }
        }
        MusicMapping.clamp(&t)
    }

    /// An id like `base` that no clip has: `base-2`, `base-3`, ...
    static func freshID(_ base: String, in t: Timeline) -> String {
        let taken = Set(t.clips.map(\.id))
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}
