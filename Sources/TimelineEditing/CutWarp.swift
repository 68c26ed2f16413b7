import Captions
import MediaTime
import TimelineModel

/// Moves what lies over the main track with its cuts when an edit re-times them.
///
/// A title written to start on the third clip, or on beat 8, should still start on the third
/// clip when another song makes every clip longer. Each time over the video is mapped from the
/// span between two old cuts to the same share of the span between the same two new cuts, and put
/// on the frame grid; so an item that began on a cut still begins on it, and one halfway through a
/// clip is still halfway through it. Captions keep their times (they follow the clips' own
/// speech, which plays from the same source frame whatever the clip's length), as do the voice and
/// the music.
///
/// ```
/// old cuts   0     2     3        5
/// new cuts   0       2.4   3.6        6
/// a title    [1 ........ 4)  ->  [1.2 ........ 4.8)
/// ```
package struct CutWarp {
    /// The main track's cut times before the edit: 0, then each main-track clip's end, increasing.
    package let old: [RationalTime]
    /// The same cuts after the edit, one for one with `old`; a different count maps nothing.
    package let new: [RationalTime]
    /// The edited timeline's frame grid, which every mapped time is snapped to.
    package let rate: FrameRate

    /// The cuts of the main track (0, each clip's end) before and after.
    package init(from before: Timeline, to after: Timeline) {
        old = [.zero] + before.clips.filter { $0.layer == 0 }.map(\.timelineRange.end)
        new = [.zero] + after.clips.filter { $0.layer == 0 }.map(\.timelineRange.end)
        rate = after.frameRate
    }

    /// `t` on the new cuts, on the frame nearest it.
    package func map(_ t: RationalTime) -> RationalTime {
        guard old.count == new.count, old.count >= 2 else { return t }
        let i = min(max(0, (old.lastIndex { $0 <= t } ?? 0)), old.count - 2)
        let span = old[i + 1] - old[i]
        guard span.isPositive else { return t }
        let share = (t - old[i]) / span
        return rate.snap(new[i] + share * (new[i + 1] - new[i]), rounding: .toNearestOrAwayFromZero)
    }

    /// A range on the new cuts; at least one frame long when it was.
    package func map(_ r: TimeRange) -> TimeRange {
        let start = map(r.start)
        var end = map(r.end)
        if end <= start, r.duration.isPositive { end = start + rate.frameDuration }
        return TimeRange(start: start, end: end)
    }

    /// Texts (but captions), overlays, clips above the main track (their start: a video's frames
    /// stay as they were) and sound effects moved with the cuts.
    package func apply(to t: inout Timeline) {
        for i in t.texts.indices where CaptionCues.parse(t.texts[i].id) == nil {
            t.texts[i].timelineRange = map(t.texts[i].timelineRange)
        }
        for i in t.overlays.indices {
            t.overlays[i].timelineRange = map(t.overlays[i].timelineRange)
        }
        for i in t.clips.indices where t.clips[i].layer > 0 {
            let r = t.clips[i].timelineRange
            t.clips[i].timelineRange = TimeRange(start: map(r.start), duration: r.duration)
        }
        for i in t.audio.indices where t.audio[i].role == .effect {
            let r = t.audio[i].timelineRange
            t.audio[i].timelineRange = TimeRange(start: map(r.start), duration: r.duration)
        }
    }
}
