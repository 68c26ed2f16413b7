import MediaTime
import TimelineModel

/// Lays the beats, bars and sections of the music on the timeline (`Timeline.music`).
///
/// The music is the sound `music` and its repeats (`music-2`, ... when it loops). Each piece
/// plays song times `[sourceStart, sourceStart + duration)` from its timeline start, so a song
/// time `s` heard in it is timeline time `s - sourceStart + start`; beats, downbeats and section
/// ends are mapped so, piece by piece, and what no piece plays is left out.
package enum MusicMapping {
    /// The map of a person's song, analysed (`SongBeats`), under `timeline`'s music.
    package static func map(song: SongBeats, choice: SongChoice, timeline: Timeline) -> MusicMap? {
        let pieces = musicPieces(timeline)
        guard !pieces.isEmpty else { return nil }
        var beats: [RationalTime] = []
        var downbeats: [RationalTime] = []
        var sections: [MusicSection] = []
        for piece in pieces {
            let from = piece.sourceStart
            let to = piece.sourceStart + piece.timelineRange.duration
            let shift = piece.timelineRange.start - piece.sourceStart
            func placed(_ s: RationalTime) -> RationalTime? { s >= from && s < to ? s + shift : nil }
            beats += song.beats.compactMap(placed).filter { b in beats.last.map { b > $0 } ?? true }
            downbeats += song.downbeats.compactMap(placed).filter { b in downbeats.last.map { b > $0 } ?? true }
            for s in song.sections where s.end > from && s.start < to {
                let start = max(s.start, from) + shift
                let end = min(s.end, to) + shift
                if end > start, sections.last.map({ start >= $0.end }) ?? true {
                    sections.append(MusicSection(start: start, end: end, energy: s.energy))
                }
            }
        }
        let beatSet = Set(beats)
        return MusicMap(
            audio: pieces[0].id, tempo: song.tempo, songStart: choice.start, songEnd: songEnd(pieces), beats: beats,
            downbeats: downbeats.filter { beatSet.contains($0) }, sections: sections)
    }

    /// The map of a template's own beat grid (its tempo, or its list of beats): beats only.
    package static func map(grid: BeatGrid, timeline: Timeline) -> MusicMap? {
        let pieces = musicPieces(timeline)
        guard let first = pieces.first, let last = pieces.last else { return nil }
        let span = TimeRange(start: first.timelineRange.start, end: last.timelineRange.end)
        // The sound's end itself may be a beat.
        var beats = grid.beats(in: span)
        if let end = grid.beats(in: TimeRange(start: span.end, duration: RationalTime(value: 1, timescale: 1_000_000))).first, end == span.end {
            beats.append(end)
        }
        var tempo: Double?
        if case .tempo(let bpm, _) = grid.kind { tempo = bpm.seconds }
        return MusicMap(audio: first.id, tempo: tempo, songStart: first.sourceStart, songEnd: songEnd(pieces), beats: beats)
    }

    /// Keeps of the timeline's `music` what its sound still plays after an edit cut the video
    /// shorter: beats, downbeats and sections past the sound's end go (a section is cut there);
    /// a map whose sound is gone goes too.
    package static func clamp(_ t: inout Timeline) {
        guard var map = t.music else { return }
        let pieces = musicPieces(t)
        guard let end = pieces.map(\.timelineRange.end).max() else {
            t.music = nil
            return
        }
        map.songEnd = songEnd(pieces)
        map.beats.removeAll { $0 > end }
        map.downbeats.removeAll { $0 > end }
        map.sections = map.sections.compactMap { s in
            guard s.start < end else { return nil }
            var cut = s
            cut.end = min(s.end, end)
            return cut
        }
        t.music = map
    }

    /// The music's sound and its repeats, in timeline order.
    package static func musicPieces(_ t: Timeline) -> [AudioClip] {
        t.audio.filter { $0.id == "music" || ($0.id.hasPrefix("music-") && Int($0.id.dropFirst(6)) != nil) }
            .sorted { $0.timelineRange.start < $1.timelineRange.start }
    }

    private static func songEnd(_ pieces: [AudioClip]) -> RationalTime {
        guard let last = pieces.last else { return .zero }
        return last.sourceStart + last.timelineRange.duration
    }
}
