import MediaTime

/// The sound a timeline's `music` names, as the music's rules read it: the sound itself (`first`),
/// its repeats (`music-2`, `music-3`...) and the time they span. Nil when there is no music, or it
/// names no sound of the timeline (L030).
package struct MusicSound {
    /// The timeline's music map, whose `audio` names the sound.
    package let map: MusicMap
    /// The sound named, and the one of its repeats that ends last (itself when none).
    package let first: AudioClip
    /// The piece of the music (the sound or a repeat) whose end is latest; the song end is counted from it.
    package let last: AudioClip
    /// From the sound's start to the end of its last repeat.
    package let span: TimeRange

    /// Nil when the timeline has no music, or its `audio` names no sound (L030, reported by `MusicMapRule`).
    package init?(of t: Timeline) {
        guard let map = t.music else { return nil }
        let pieces = t.audio.filter { $0.id == map.audio || ($0.id.hasPrefix(map.audio + "-") && Int($0.id.dropFirst(map.audio.count + 1)) != nil) }
        guard let first = pieces.first(where: { $0.id == map.audio }) else { return nil }
        let last = pieces.max { $0.timelineRange.end < $1.timelineRange.end } ?? first
        self.map = map
        self.first = first
        self.last = last
        span = TimeRange(start: first.timelineRange.start, end: max(first.timelineRange.end, last.timelineRange.end))
    }

    /// The song time where the last repeat ends (its `sourceStart` plus its duration); nil when
    /// the sum takes a step too fine to count exactly (T015).
    package var songEnd: RationalTime? { last.sourceStart.addingReportingOverflow(last.timelineRange.duration) }
}
