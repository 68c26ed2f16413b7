import DocumentLimits
import MediaTime
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Edits on the beat: another song with the cuts re-timed to its beats, and a cut moved to a beat.
extension TimelineEditor {
    /// Puts a person's song under the video and re-times it to the song's beats.
    ///
    /// Each main-track clip that records how many beats it spans (`VideoClip.beats`, from a
    /// template written in beats) lasts that many beats of the new song, counted from where it now
    /// starts; the other clips keep their length. The cuts are snapped to the frame grid as the
    /// resolver snaps them; videos keep their first source frame and speed, photos fill their time;
    /// transitions follow their cuts; texts, overlays, upper-layer clips and sound effects move
    /// with the cuts around them (`CutWarp`: a title on the third clip stays on it), captions keep
    /// their times, and what lies past the new end is cut there (`TimelineLayout`). The song plays from `start` (see `SongPlacement`; the video's length on
    /// each candidate start is computed as above), with the old music's volume, fades and ducking,
    /// and the timeline's `music` maps its beats. `loops` lets a short song start over.
    ///
    /// ```
    /// before  [ 4 beats ][ 2b ][  4 beats  ]   at 120 bpm: 2 s, 1 s, 2 s
    /// after   [  4 beats  ][ 2b  ][  4 beats   ]   at 100 bpm: 2.4 s, 1.2 s, 2.4 s
    /// ```
    @discardableResult
    package mutating func setMusic(_ song: SongBeats, start: SongStart = .auto, loops: Bool = false) throws(EditError) -> SongChoice {
        let current = timeline
        let choice: SongChoice
        do {
            choice = try SongPlacement.choose(song: song, start: start, loops: loops) { grid in
                Self.retimedDurations(current, on: grid).flatMap { Template.totalDuration(ofDurations: $0) }
            }
        } catch {
            throw .outOfRange(error.description)
        }
        try apply("music") { (t: inout Timeline) throws(EditError) in
            if choice.retimed, let grid = song.grid(start: choice.start, loops: choice.loops) {
                guard let durations = Self.retimedDurations(t, on: grid), let cuts = CutGrid.cuts(durations: durations, frameRate: t.frameRate)
                else { throw .outOfRange("the cuts cannot be placed on the song's beats exactly") }
                let before = t
                var k = 0
                for i in t.clips.indices where t.clips[i].layer == 0 {
                    let d = cuts[k + 1] - cuts[k]
                    k += 1
                    guard d.isPositive else { throw .outOfRange("clip '\(t.clips[i].id)' would be shorter than one frame on the song's beats") }
                    Self.setDuration(&t.clips[i], d)
                }
                // What lies over the video moves with the cuts, before the new end cuts it.
                var laidOut = t
                TimelineLayout.relayout(&laidOut)
                CutWarp(from: before, to: laidOut).apply(to: &t)
                TimelineLayout.relayout(&t)
            }
            let previous = MusicMapping.musicPieces(t)
            let old = previous.first ?? t.audio.first
            t.audio.removeAll { previous.contains($0) }
            var at = RationalTime.zero
            var pieces: [AudioClip] = []
            let pass = song.duration - choice.start
            while at < t.duration, pass.isPositive {
                let length = t.frameRate.snap(min(pass, t.duration - at), rounding: .down)
                guard length.isPositive else { break }
                pieces.append(
                    AudioClip(
                        id: pieces.isEmpty ? "music" : "music-\(pieces.count + 1)", media: song.file,
                        timelineRange: TimeRange(start: at, duration: length), sourceStart: choice.start, volume: old?.volume ?? 1,
                        fadeIn: pieces.isEmpty ? old?.fadeIn ?? .zero : .zero, ducking: old?.ducking))
                at = at + length
                if !choice.loops || pieces.count >= Limits.maxAudioClips { break }
            }
            if !pieces.isEmpty { pieces[pieces.count - 1].fadeOut = min(old?.fadeOut ?? .zero, pieces[pieces.count - 1].timelineRange.duration) }
            t.audio.insert(contentsOf: pieces, at: 0)
            t.music = MusicMapping.map(song: song, choice: choice, timeline: t)
        }
        return choice
    }

    /// Which beat a cut moves to.
    package enum BeatDirection: String, Sendable, CaseIterable {
        case next
        case previous
        case nearest
    }

    /// Moves the cut at the end of main-track clip `id` to the next, previous or nearest beat of
    /// the music (`Timeline.music`), on the frame nearest it: a roll edit, so the clip after it
    /// starts there instead (showing the same frames from a later or earlier point) and every
    /// other cut stays where it is, on its beat.
    ///
    /// ```
    /// beats   |    |    |    |    |
    /// before  [ a    ][ b         ]     snap a next
    /// after   [ a       ][ b      ]     a ends on the next beat, b starts there
    /// ```
    package mutating func snapCut(after id: String, to direction: BeatDirection) throws(EditError) {
        try apply("snap") { (t: inout Timeline) throws(EditError) in
            guard let map = t.music, !map.beats.isEmpty else {
                throw .outOfRange("the timeline's music has no beats (make it with a template written in beats, or reel make --music)")
            }
            let i = try Self.mainIndex(of: id, in: t)
            guard let j = t.clips.indices.first(where: { $0 > i && t.clips[$0].layer == 0 }) else {
                throw .outOfRange("clip '\(id)' is the last on the main track; no cut follows it")
            }
            let rate = t.frameRate
            let cut = t.clips[i].timelineRange.end
            // A beat that snaps to the cut's own frame is no move: look past it.
            func frame(_ b: RationalTime) -> RationalTime { rate.snap(b, rounding: .toNearestOrAwayFromZero) }
            let target: RationalTime?
            switch direction {
            case .next: target = map.beats.map(frame).first { $0 > cut }
            case .previous: target = map.beats.map(frame).last { $0 < cut }
            case .nearest: target = map.beat(nearest: cut).map(frame)
            }
            guard let to = target, to > t.clips[i].timelineRange.start, to < t.clips[j].timelineRange.end else {
                throw .outOfRange(
                    "no beat \(direction == .nearest ? "near" : direction.rawValue == "next" ? "after" : "before") the cut after '\(id)' lies inside '\(id)' and '\(t.clips[j].id)'"
                )
            }
            let delta = to - cut
            guard !delta.isZero else { return }
            Self.setDuration(&t.clips[i], t.clips[i].timelineRange.duration + delta)
            // The next clip starts later (or earlier) in its source by as much, so its end stays.
            var b = t.clips[j]
            let d = b.timelineRange.duration - delta
            if b.kind == .image {
                b.sourceRange = TimeRange(start: .zero, duration: d)
            } else if b.reverse {
                b.sourceRange = TimeRange(start: b.sourceRange.start, duration: d * b.speed)
            } else {
                b.sourceRange = TimeRange(start: b.sourceRange.start + delta * b.speed, duration: d * b.speed)
                guard !b.sourceRange.start.isNegative else {
                    throw .outOfRange("clip '\(b.id)' has no source before its start to begin on the previous beat")
                }
            }
            b.timelineRange = TimeRange(start: to, duration: d)
            KeyframeCut.clip(&b, from: delta, to: delta + d)
            b.beats = nil
            t.clips[j] = b
            t.clips[i].beats = nil
            TimelineLayout.relayout(&t)
        }
    }

    /// The main-track durations re-timed on `grid` (video time 0 at the video's start): clips with
    /// a beat count last that many beats from where they start, the others as they are; nil when
    /// exact arithmetic overflows.
    static func retimedDurations(_ t: Timeline, on grid: BeatGrid?) -> [RationalTime]? {
        var at = RationalTime.zero
        var durations: [RationalTime] = []
        for c in t.clips where c.layer == 0 {
            var d = c.timelineRange.duration
            if let grid, let n = c.beats {
                guard let end = grid.end(from: at, beats: n), let span = end.subtractingReportingOverflow(at) else { return nil }
                d = span
            }
            guard let next = at.addingReportingOverflow(d) else { return nil }
            durations.append(d)
            at = next
        }
        return durations
    }

    /// Gives a clip a new timeline duration from the same start: a video keeps its first source
    /// frame shown (its last, reversed) and its speed; a photo fills the time.
    static func setDuration(_ c: inout VideoClip, _ d: RationalTime) {
        c.timelineRange = TimeRange(start: c.timelineRange.start, duration: d)
        if c.kind == .image {
            c.sourceRange = TimeRange(start: .zero, duration: d)
        } else if c.reverse {
            c.sourceRange = TimeRange(start: c.sourceRange.end - d * c.speed, end: c.sourceRange.end)
        } else {
            c.sourceRange = TimeRange(start: c.sourceRange.start, duration: d * c.speed)
        }
    }
}

extension Template {
    /// Exact sum of `durations`; nil if it does not fit.
    package static func totalDuration(ofDurations durations: [RationalTime]) -> RationalTime? {
        var total = RationalTime.zero
        for d in durations {
            guard let sum = total.addingReportingOverflow(d) else { return nil }
            total = sum
        }
        return total
    }
}
