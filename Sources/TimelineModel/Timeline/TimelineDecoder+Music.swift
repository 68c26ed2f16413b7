import DocumentJSON
import DocumentLimits
import MediaTime

/// Reading the `music` object: the beats, bars and sections of the music in timeline time. Each
/// value is checked here; how they relate to one another and to the sound is checked by
/// `TimelineValidation` (L030).
extension TimelineDecoder {
    /// The music map, each value checked alone; how it fits the sound and the clips is `MusicMapRule`'s.
    package func musicMap(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> MusicMap {
        let object = try reader.object(value, at: path, known: ["audio", "tempo", "songStart", "songEnd", "beats", "downbeats", "sections"])
        let audio = try reader.text(reader.required("audio", in: object, at: path), at: path.appending("audio"), maxLength: Limits.maxShortText)
        var tempo: Double?
        if let v = object["tempo"], v != .null { tempo = try reader.number(v, at: path.appending("tempo"), in: Limits.tempo) }
        func songTime(_ key: String) throws(TimelineCodingError) -> RationalTime {
            let t = try reader.time(reader.required(key, in: object, at: path), at: path.appending(key), frameRate: nil)
            if t > Limits.maxSongTime {
                reader.report(
                    "\(key) \(TimeText.string(from: t)) is past \(TimeText.string(from: Limits.maxSongTime))", at: path.appending(key),
                    code: .outOfRange, notes: ["songs are read for their first two hours"])
            }
            return t
        }
        let songStart = try songTime("songStart")
        let songEnd = try songTime("songEnd")
        func times(_ key: String) throws(TimelineCodingError) -> [RationalTime] {
            let values = try array(object, key, at: path)
            if values.count > Limits.maxBeats {
                reader.report(
                    "\(values.count) \(key); the limit is \(Limits.maxBeats)", at: path.appending(key), code: .tooMany, notes: ["remove some"])
            }
            var found: [RationalTime] = []
            for (i, v) in values.enumerated() { found.append(try reader.time(v, at: path.appending(key).appending(i), frameRate: nil)) }
            return found
        }
        let beats = try times("beats")
        let downbeats = try times("downbeats")
        let sectionValues = try array(object, "sections", at: path)
        if sectionValues.count > Limits.maxBeats {
            reader.report(
                "\(sectionValues.count) sections; the limit is \(Limits.maxBeats)", at: path.appending("sections"), code: .tooMany,
                notes: ["remove some"])
        }
        var sections: [MusicSection] = []
        for (i, v) in sectionValues.enumerated() {
            let p = path.appending("sections").appending(i)
            let o = try reader.object(v, at: p, known: ["start", "end", "energy"])
            sections.append(
                MusicSection(
                    start: try reader.time(reader.required("start", in: o, at: p), at: p.appending("start"), frameRate: nil),
                    end: try reader.time(reader.required("end", in: o, at: p), at: p.appending("end"), frameRate: nil),
                    energy: try optionalNumber(o, "energy", at: p, in: Limits.fraction, default: 0)))
        }
        return MusicMap(
            audio: audio, tempo: tempo, songStart: songStart, songEnd: songEnd, beats: beats, downbeats: downbeats, sections: sections)
    }

    /// A clip's `beats`: how many beats of the music it spans, a positive ratio (`"4"`, `"7/2"`).
    func clipBeats(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> RationalTime {
        guard let n = TimeText.ratio(from: value), n.isPositive else {
            throw reader.failure(
                "expected a positive number of beats such as \"4\" or \"7/2\"", at: path, code: .wrongType, notes: ["write it \"4\" or \"7/2\""])
        }
        if n > RationalTime(seconds: Int64(Limits.maxBeats)) {
            reader.report("\(TimeText.ratioString(from: n)) beats is more than \(Limits.maxBeats)", at: path, code: .outOfRange, notes: ["use fewer"])
        }
        return n
    }
}
