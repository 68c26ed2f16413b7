import DocumentJSON
import MediaTime
import TimelineModel

/// A person's song put under a resolved video: the part of it used, and why, for the summary.
package struct SongUse: Sendable, Hashable {
    /// The song as the person named it (`--music`), shown in the summary.
    package var file: String
    /// Beats per minute the analysis found, for the summary; nil without a beat.
    package var tempo: Double?
    /// Which part of the song plays, and why.
    package var choice: SongChoice

    /// Made by the resolver from the song's analysis and `SongPlacement`'s choice.
    package init(file: String, tempo: Double?, choice: SongChoice) {
        self.file = file
        self.tempo = tempo
        self.choice = choice
    }

    /// `music <- song.mp3 01:04.00-01:20.00, 120.2 bpm, cuts on its beats: the strongest stretch ...`.
    package var summary: String {
        let range = "\(SlotAssignment.clock(choice.start))-\(SlotAssignment.clock(choice.end))"
        let tempo = self.tempo.map { ", \(oneDecimal($0)) bpm" } ?? ""
        let cuts = choice.retimed ? ", cuts on its beats" : ""
        let looped = choice.loops ? ", looped" : ""
        return "music <- \(file) \(range)\(tempo)\(cuts)\(looped): \(choice.reason)"
    }

    /// The song's use for `--format json`: file, range, tempo, and why.
    package var json: JSONValue {
        var o = JSONObject()
        o["file"] = .string(file)
        o["from"] = TimelineEncoder.time(choice.start)
        o["to"] = TimelineEncoder.time(choice.end)
        o["tempo"] = tempo.flatMap { JSONNumber(($0 * 100).rounded() / 100) }.map(JSONValue.number) ?? .null
        o["loops"] = .bool(choice.loops)
        o["retimed"] = .bool(choice.retimed)
        o["reason"] = .string(choice.reason)
        o["requestedStart"] = choice.requested.map(TimelineEncoder.time) ?? .null
        return .object(o)
    }
}

extension Resolution {
    /// Puts the person's song under the resolved video: the music's sounds play `song.file`
    /// (from `choice.start`, as the template was loaded), and the timeline's `music` maps the
    /// song's beats, downbeats and sections (`MusicMapping`).
    package mutating func useSong(_ song: SongBeats, choice: SongChoice) {
        for i in timeline.audio.indices where MusicMapping.musicPieces(timeline).contains(timeline.audio[i]) {
            timeline.audio[i].media = song.file
        }
        timeline.music = MusicMapping.map(song: song, choice: choice, timeline: timeline)
        self.song = SongUse(file: song.file, tempo: song.tempo, choice: choice)
    }
}
