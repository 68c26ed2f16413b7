import DocumentJSON
import MediaTime

/// The `music` object of a timeline (see `MusicMap`, docs/timeline-format.md).
extension TimelineEncoder {
    /// The music map as the decoder's `musicMap` reads it back; times in exact text.
    package static func music(_ map: MusicMap) -> JSONValue {
        var o = JSONObject()
        o["audio"] = .string(map.audio)
        o["tempo"] = map.tempo.flatMap { JSONNumber($0) }.map(JSONValue.number) ?? .null
        o["songStart"] = time(map.songStart)
        o["songEnd"] = time(map.songEnd)
        o["beats"] = .array(map.beats.map(time))
        o["downbeats"] = .array(map.downbeats.map(time))
        o["sections"] = .array(
            map.sections.map { s in
                .object(JSONObject(["start": time(s.start), "end": time(s.end), "energy": gain(s.energy)]))
            })
        return .object(o)
    }
}
