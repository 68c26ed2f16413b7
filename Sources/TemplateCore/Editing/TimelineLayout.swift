import MediaTime

/// Puts a timeline back in order after its main track changed: clips back to back from 0,
/// transitions kept only between clips still side by side (and re-centred on their cuts), and
/// everything else cut at the new end. The edit operations call it after every main-track change.
///
/// ```
/// before   [ a ][  b  ][ c ]        delete b
/// after    [ a ][ c ]               c moves up; a→b and b→c transitions go, the video is shorter
/// ```
enum TimelineLayout {
    static func relayout(_ t: inout Timeline) {
        let rate = t.frameRate
        var at = RationalTime.zero
        for i in t.clips.indices where t.clips[i].layer == 0 {
            t.clips[i].timelineRange = TimeRange(start: at, duration: t.clips[i].timelineRange.duration)
            at = at + t.clips[i].timelineRange.duration
        }
        t.duration = at
        let main = t.clips.filter { $0.layer == 0 }
        let position = Dictionary(main.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        t.transitions = t.transitions.compactMap { tr in
            guard let a = position[tr.from], let b = position[tr.to], b == a + 1 else { return nil }
            let framesA = main[a].timelineRange.frames(at: rate).count
            let framesB = main[b].timelineRange.frames(at: rate).count
            let n = min(tr.range.frames(at: rate).count, min(framesA, framesB) / 2)
            guard n >= 2 else { return nil }
            let cut = rate.frame(at: main[a].timelineRange.end, rounding: .toNearestOrAwayFromZero)
            var moved = tr
            moved.range = TimeRange(start: rate.time(ofFrame: cut - Int64(n / 2)), end: rate.time(ofFrame: cut - Int64(n / 2) + Int64(n)))
            return moved
        }
        clampToDuration(&t)
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
