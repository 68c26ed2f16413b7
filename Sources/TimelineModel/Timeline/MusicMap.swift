import MediaTime

/// Where the beats, bars and sections of the music fall on a timeline, so that an edit can put a
/// cut on a beat or re-time the cuts to another song.
///
/// Every time is timeline time (0 is the first frame of the video), exact, and lies within the
/// sound clip it describes (`audio`, the id of an `AudioClip`, "music"), which itself lies in the
/// video. Beats increase; each downbeat (first beat of a bar) is one of the beats; sections are in
/// order and do not overlap. `songStart` and `songEnd` say which part of the song file plays,
/// for people and for tools that show it.
///
/// ```
/// song:      |  .  .  .  |  .  .  .  |  .  .  .  |      (| downbeats, . beats)
/// audio:           [ music clip, from songStart ... ]
/// timeline:        0 ───────────────────────────── duration
/// beats:           b0 b1 ...  in timeline time: song time - songStart (+ the clip's start)
/// ```
public struct MusicMap: Sendable, Hashable {
    /// The id of the sound clip whose beats these are.
    package var audio: String
    /// Beats per minute, for people (the analysis' median).
    package var tempo: Double?
    /// Song time heard at the start of `audio`, and song time where the video ends (a looped
    /// song may end before it starts), for people.
    package var songStart: RationalTime
    /// Song time where the video ends (a looped song may end before `songStart`); for people, as `songStart`.
    package var songEnd: RationalTime
    /// Every beat heard, increasing.
    package var beats: [RationalTime]
    /// The first beat of each bar, each one of `beats`.
    package var downbeats: [RationalTime]
    /// Stretches of bars that sound alike, in order.
    package var sections: [MusicSection]

    /// The caller keeps every time in timeline time, within the sound `audio` names; `MusicMapRule` (L030) checks it when read.
    public init(
        audio: String = "music", tempo: Double? = nil, songStart: RationalTime, songEnd: RationalTime, beats: [RationalTime],
        downbeats: [RationalTime] = [], sections: [MusicSection] = []
    ) {
        self.audio = audio
        self.tempo = tempo
        self.songStart = songStart
        self.songEnd = songEnd
        self.beats = beats
        self.downbeats = downbeats
        self.sections = sections
    }

    /// The first beat after `t` (strictly), nil when there is none.
    package func beat(after t: RationalTime) -> RationalTime? { beats.first { $0 > t } }

    /// The last beat before `t` (strictly), nil when there is none.
    package func beat(before t: RationalTime) -> RationalTime? { beats.last { $0 < t } }

    /// The beat nearest `t` (the earlier of two as near), nil without beats.
    package func beat(nearest t: RationalTime) -> RationalTime? {
        func distance(_ b: RationalTime) -> RationalTime { b < t ? t - b : b - t }
        return beats.min { distance($0) < distance($1) }
    }

    /// The beat position of `t`: 0 at the first beat, 1 at the second, linear in between, the
    /// nearest interval continued outside; nil with fewer than two beats.
    package func position(of t: RationalTime) -> RationalTime? {
        guard beats.count >= 2 else { return nil }
        return BeatGrid(.times(beats)).position(at: t)
    }
}

/// A stretch of the music that sounds alike: a verse, a chorus, the drop.
public struct MusicSection: Sendable, Hashable {
    /// Timeline time where the section begins; sections are in order and do not overlap.
    public var start: RationalTime
    /// Timeline time where it ends (exclusive), after `start`.
    package var end: RationalTime
    /// Mean loudness of its bars against the song's loudest bar, 0...1.
    package var energy: Double

    /// The caller keeps `end` after `start` (L030 when read) and `energy` within 0...1.
    public init(start: RationalTime, end: RationalTime, energy: Double) {
        self.start = start
        self.end = end
        self.energy = energy
    }
}
