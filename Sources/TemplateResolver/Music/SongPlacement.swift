import DocumentJSON
import DocumentLimits
import MediaTime
import TemplateFormat
import TimelineModel

/// Where in a person's song the video begins (`--music-start auto|<time>`).
public enum SongStart: Sendable, Hashable {
    /// The stretch of the video's length that starts on a downbeat and scores highest: loudest
    /// on average, and best where the music changes at its start (the drop, the chorus).
    case auto
    /// From this song time, moved to the nearest beat so that the cuts fall on beats.
    case at(RationalTime)
}

/// Which part of the song plays, and why.
public struct SongChoice: Sendable, Hashable {
    /// Song time heard at the start of the video.
    public var start: RationalTime
    /// Length of the video once its beat-written times count on the song's beats.
    package var length: RationalTime
    /// The song plays again from `start` when it ends before the video (the template loops its music).
    package var loops: Bool
    /// The start asked for, when it was moved to a beat.
    package var requested: RationalTime?
    /// Why this part, for people: "the strongest stretch from a downbeat (energy 0.93, section 3 of 5)".
    package var reason: String
    /// True when times written in beats count on the song's beats; false when the song has none
    /// and the template's timing is kept.
    package var retimed: Bool

    /// Song time at the end of the video (past the song's end when it loops, counted on).
    package var end: RationalTime { start + length }
}

/// Why a song cannot be placed under a template.
public enum SongPlacementError: Error, Sendable, Hashable, CustomStringConvertible {
    case startOutside(file: String, start: RationalTime, duration: RationalTime)
    /// The song ends before the video, from every downbeat (or the start asked for), and the
    /// template's music does not loop.
    case tooShort(file: String, duration: RationalTime, needed: RationalTime, from: RationalTime)

    public var description: String {
        switch self {
        case .startOutside(let file, let start, let duration):
            "\(file): --music-start \(SlotAssignment.clock(start)) is outside the song (0:00.0-\(SlotAssignment.clock(duration)))"
        case .tooShort(let file, let duration, let needed, let from):
            "\(file): the song is \(SlotAssignment.clock(duration)) long; the video needs \(SlotAssignment.clock(needed)) of it from "
                + "\(SlotAssignment.clock(from)), and the template's music does not loop; use a longer song or an earlier --music-start"
        }
    }
}

/// Chooses where a song starts under a template whose times may be written in beats.
///
/// The length of the video depends on where it starts, since *n* beats of a drifting song last
/// longer in its slow stretches: it is computed for each candidate start, counting each slot on
/// the song's beats from the slot's start exactly as the template decoder does.
///
/// ```
/// song:   |quiet intro  |  verse        |  CHORUS (loud)  |  outro
/// bars:   1 . . . 5 . . . 9 . . . 13 . . 17 . . . 21 . .
/// auto:                                 [== video ==]        starts on the downbeat of bar 17
/// ```
///
/// The score of a start is the mean energy of the bars the video covers (each weighted by how
/// much of it is covered) plus a quarter of the novelty of the bar it starts on; the highest
/// wins, the earliest of equals. Candidates are the downbeats from which the song lasts the whole
/// video, or when there are none (a song without bars, or a short one whose first bar is found
/// late), the beats from which it does: a start the song ends after is never chosen while another
/// leaves enough. None lasting it: a template whose music loops starts at the first downbeat and
/// loops the song; one that does not is an error naming the earliest beat.
package enum SongPlacement {
    /// Weight of the starting bar's novelty against the stretch's mean energy.
    static let noveltyWeight = 0.25

    /// The video's length when its beat-written times count on `grid` (nil: as the template was
    /// decoded); nil when exact arithmetic overflows.
    static func videoLength(of template: Template, on grid: BeatGrid?) -> RationalTime? {
        guard let grid else { return template.totalDuration }
        var at = RationalTime.zero
        for slot in template.slots {
            let d: RationalTime?
            switch slot.length {
            case .seconds(let t): d = t
            case .frames(let n): d = template.frameRate.time(ofFrame: n)
            case .beats(let n): d = grid.end(from: at, beats: n).flatMap { $0.subtractingReportingOverflow(at) }
            }
            guard let d, let next = at.addingReportingOverflow(d) else { return nil }
            at = next
        }
        return at
    }

    /// True when some time of the template is written in beats (its slots; layers and
    /// transitions count from them).
    static func countsBeats(_ template: Template) -> Bool {
        template.slots.contains { $0.length.unit == "beats" }
    }

    /// Where in `song` a video of `template` begins, its beat-written times counted on the song; throws when the song cannot cover it.
    package static func choose(for template: Template, song: SongBeats, start: SongStart) throws(SongPlacementError) -> SongChoice {
        try choose(song: song, start: start, loops: template.music?.loop ?? false) { videoLength(of: template, on: $0) }
    }

    /// The choice for a video whose length on a beat grid is `length(grid)` (`length(nil)`: its
    /// length as it is), the song looping when `loops`.
    package static func choose(
        song: SongBeats, start: SongStart, loops: Bool, length lengthOn: (BeatGrid?) -> RationalTime?
    ) throws(SongPlacementError) -> SongChoice {
        guard song.hasBeats else {
            var from = RationalTime.zero
            if case .at(let t) = start {
                guard !t.isNegative, t < song.duration else { throw .startOutside(file: song.file, start: t, duration: song.duration) }
                from = t
            }
            let length = lengthOn(nil) ?? .zero
            try checkFits(song, from: from, length: length, loops: loops)
            return SongChoice(
                start: from, length: length, loops: loops && from + length > song.duration,
                reason: "no beat found in the song; the cuts keep the template's timing", retimed: false)
        }
        switch start {
        case .at(let t):
            guard !t.isNegative, t < song.duration else { throw .startOutside(file: song.file, start: t, duration: song.duration) }
            let beat = nearest(song.beats, to: t)
            let length = try lengthFrom(beat, song: song, loops: loops, lengthOn)
            try checkFits(song, from: beat, length: length, loops: loops)
            return SongChoice(
                start: beat, length: length, loops: loops && beat + length > song.duration, requested: beat == t ? nil : t,
                reason: beat == t ? "from the beat asked for" : "from the beat nearest \(SlotAssignment.clock(t))", retimed: true)
        case .auto:
            // The downbeats first; when none leaves enough of the song (a short song whose bars
            // are found late), every beat: a start is never one the song ends after.
            for (candidates, unit) in [(song.downbeats, "downbeat"), (song.beats, "beat")] where !candidates.isEmpty {
                if let best = strongest(candidates, song: song, lengthOn) {
                    return SongChoice(
                        start: best.start, length: best.length, loops: false, reason: reason(song, best.start, best.length, unit), retimed: true)
                }
            }
            // The song ends before the video from every beat: looped from its first downbeat, or
            // (not looping) the error names the earliest beat, the start that leaves the most.
            let first = (loops ? song.downbeats.first : nil) ?? song.beats.first ?? .zero
            let length = try lengthFrom(first, song: song, loops: loops, lengthOn)
            try checkFits(song, from: first, length: length, loops: loops)
            return SongChoice(
                start: first, length: length, loops: true,
                reason: "the song is shorter than the video: from its first \(song.downbeats.isEmpty ? "beat" : "downbeat"), looped", retimed: true)
        }
    }

    /// The highest-scoring of `candidates` from which the song lasts the whole video (the
    /// earliest of equal scores); nil when the song ends before the video from each.
    private static func strongest(
        _ candidates: [RationalTime], song: SongBeats, _ lengthOn: (BeatGrid?) -> RationalTime?
    ) -> (start: RationalTime, length: RationalTime)? {
        var best: (start: RationalTime, length: RationalTime, score: Double)?
        for c in candidates {
            guard let grid = song.grid(start: c, loops: false), let length = lengthOn(grid),
                let end = c.addingReportingOverflow(length), end <= song.duration
            else { continue }
            let s = score(song, from: c, length: length)
            if best == nil || s > best!.score + 1e-9 { best = (c, length, s) }
        }
        return best.map { ($0.start, $0.length) }
    }

    private static func lengthFrom(
        _ start: RationalTime, song: SongBeats, loops: Bool, _ lengthOn: (BeatGrid?) -> RationalTime?
    ) throws(SongPlacementError) -> RationalTime {
        guard let length = lengthOn(song.grid(start: start, loops: loops)) else {
            throw .tooShort(file: song.file, duration: song.duration, needed: Limits.maxTotalDuration, from: start)
        }
        return length
    }

    private static func checkFits(_ song: SongBeats, from start: RationalTime, length: RationalTime, loops: Bool) throws(SongPlacementError) {
        if !loops, start + length > song.duration {
            throw .tooShort(file: song.file, duration: song.duration, needed: length, from: start)
        }
    }

    private static func nearest(_ beats: [RationalTime], to t: RationalTime) -> RationalTime {
        func distance(_ b: RationalTime) -> RationalTime { b < t ? t - b : b - t }
        return beats.min { distance($0) < distance($1) } ?? t
    }

    /// Mean energy over the bars covered (weighted by the part covered), plus the novelty of the
    /// bar starting at `start`, weighted by `noveltyWeight`.
    static func score(_ song: SongBeats, from start: RationalTime, length: RationalTime) -> Double {
        let novelty = song.bars.first { $0.start == start }?.novelty ?? 0
        return meanEnergy(song, from: start, length: length) + noveltyWeight * novelty
    }

    /// Mean energy of the bars from `start` for `length`, each weighted by the part covered.
    private static func meanEnergy(_ song: SongBeats, from start: RationalTime, length: RationalTime) -> Double {
        let end = start + length
        var sum = 0.0
        var weight = 0.0
        for bar in song.bars where bar.end > start && bar.start < end {
            let covered = (min(bar.end, end) - max(bar.start, start)).seconds
            sum += bar.energy * covered
            weight += covered
        }
        return weight > 0 ? sum / weight : 0
    }

    private static func reason(_ song: SongBeats, _ start: RationalTime, _ length: RationalTime, _ unit: String) -> String {
        let energy = meanEnergy(song, from: start, length: length)
        let section = song.sections.firstIndex { $0.start <= start && start < $0.end }
        let place = section.map { ", section \($0 + 1) of \(song.sections.count)" } ?? ""
        return "the strongest stretch from a \(unit) (energy \(twoDecimals(energy))\(place))"
    }
}
