import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// The music rules: the file is audio inside the template folder; start within 0...3600 s, fades
/// within 0...600 s, volume within 0...4; beats as a tempo (20...400 bpm) and first beat, or as
/// a list of increasing times, never both.
extension TemplateDecoder {
    mutating func readMusic(_ value: JSONValue, at path: JSONPath) -> MusicSpec? {
        let example = "\"music\": { \"file\": \"music/track.m4a\" }"
        guard let object = context.object(value, at: path, known: TemplateKeys.music, example: example) else {
            facts.beatsBroken = true
            return nil
        }
        var file: String?
        if let value = context.required("file", in: object, at: path, example: "\"file\": \"music/track.m4a\""),
            let text = context.string(value, at: path.appending("file"), example: "\"file\": \"music/track.m4a\"")
        {
            file = checkAsset(text, at: path.appending("file"), role: .music) ? text : nil
        }
        // Frame counts are not accepted here: music is not on the frame grid.
        let start = readMusicTime("start", object, at: path, limit: Limits.maxMusicStart)
        let fadeIn = readMusicTime("fadeIn", object, at: path, limit: Limits.maxFade)
        let fadeOut = readMusicTime("fadeOut", object, at: path, limit: Limits.maxFade)
        var volume: Double? = 1
        if let value = object["volume"] { volume = context.volume(value, at: path.appending("volume")) }
        var loop: Bool? = false
        if let value = object["loop"] { loop = context.bool(value, at: path.appending("loop")) }
        var beatsValid = true
        var beats = readBeats(object, at: path, offset: start ?? .zero, valid: &beatsValid)
        if let givenBeats, beatsValid {
            // A person's song: its beats, whatever the template's music has.
            beats = givenBeats
        } else if beats == nil, beatsValid, let file, let found = foundBeats(file, at: path) {
            beats = BeatGrid(.times(found), offset: start ?? .zero)
        }
        // Without a tempo or beats, the beats are found in the file; a file with an error holds them back.
        if beats == nil, beatsValid, givenBeats == nil, file == nil { facts.beatsAwaitFile = true }
        // The beats and the length are used by other parts whatever else of the music is wrong.
        // A list of beats is placed on the video by `start`; a tempo lasts the same wherever it starts.
        if !beatsValid || (start == nil && givenBeats == nil && beats?.isSteady == false) {
            facts.beatsBroken = true
        } else {
            facts.beats = beats
        }
        if let file, let start, let loop { facts.musicLength = (file, start, loop) }
        guard let file, let start, let fadeIn, let fadeOut, let volume, let loop, beatsValid else { return nil }
        return MusicSpec(file: file, start: start, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut, loop: loop, beats: beats)
    }

    /// The beats an analysis finds in music that gives none (T049, a note), within the limits of
    /// a written list: at most `maxBeats`, none past twice `maxMusicStart`.
    private mutating func foundBeats(_ file: String, at path: JSONPath) -> [RationalTime]? {
        guard let inspector, let found = inspector.beats(of: AssetPath.join(folder, file)) else { return nil }
        let times = Array(found.times.prefix { !$0.isNegative && $0 <= Limits.maxSongTime }.prefix(Limits.maxBeats))
        guard times.count >= 2, zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        let tempo = (found.tempo * 10).rounded() / 10
        context.report(
            .note, .beatsFound, "the music gives no tempo or beats; \(times.count) beats found in '\(file)', about \(tempo) bpm", at: path,
            notes: [
                "times in beats count on the beats found; to fix them, list them in \"beats\" (reel beats --format json gives them) or give a \"tempo\""
            ])
        return times
    }

    private mutating func readMusicTime(_ key: String, _ object: JSONObject, at path: JSONPath, limit: RationalTime) -> RationalTime? {
        guard let value = object[key] else { return .zero }
        let keyPath = path.appending(key)
        guard let time = context.time(value, at: keyPath, frameRate: nil) else { return nil }
        guard !time.isNegative, time <= limit else {
            context.error(
                .musicTime, "\(key) \(TimeText.string(from: time)) is outside 0...\(TimeText.string(from: limit))", at: keyPath,
                notes: ["use a number of seconds from 0 to \(limit.value)"])
            return nil
        }
        return time
    }

    /// The beat grid, nil when the music has none; clears `valid` after reporting a problem.
    private mutating func readBeats(_ object: JSONObject, at path: JSONPath, offset: RationalTime, valid: inout Bool) -> BeatGrid? {
        valid = false
        let hasTempo = object["tempo"] != nil || object["firstBeat"] != nil
        if hasTempo, object["beats"] != nil {
            context.error(
                .conflictingKeys, "the music gives both a tempo and a list of beats", at: path.appending("beats"),
                notes: ["keep \"tempo\" (and \"firstBeat\") for a steady beat, or \"beats\" for a list of beat times"])
            return nil
        }
        if let value = object["beats"] {
            let beatsPath = path.appending("beats")
            guard
                let items = context.array(
                    value, at: beatsPath, limit: Limits.maxBeats, what: "beat times",
                    example: "\"beats\": [0.5, 1.0, 1.5]")
            else { return nil }
            guard items.count >= 2 else {
                context.error(
                    .beatOrder, "a list of beats needs at least two times", at: beatsPath,
                    notes: ["list every beat, or give \"tempo\" and \"firstBeat\" instead"])
                return nil
            }
            var times: [RationalTime] = []
            for (i, item) in items.enumerated() {
                guard let t = context.time(item, at: beatsPath.appending(i), frameRate: nil) else { return nil }
                if t.isNegative || t > Limits.maxSongTime {
                    context.error(
                        .outOfRange, "beat time \(TimeText.string(from: t)) is outside 0...\(TimeText.string(from: Limits.maxSongTime))",
                        at: beatsPath.appending(i),
                        notes: ["beat times are seconds from the start of the music file"])
                    return nil
                }
                if let last = times.last, t <= last {
                    context.error(
                        .beatOrder, "beat \(TimeText.string(from: t)) is not after the one before it (\(TimeText.string(from: last)))",
                        at: beatsPath.appending(i), notes: ["list beat times in increasing order, each once"])
                    return nil
                }
                times.append(t)
            }
            valid = true
            return BeatGrid(.times(times), offset: offset)
        }
        guard hasTempo else {
            valid = true
            return nil
        }
        guard let tempoValue = context.required("tempo", in: object, at: path, example: "\"tempo\": 120") else { return nil }
        guard let bpm = context.ratio(tempoValue, at: path.appending("tempo"), in: Limits.tempo, what: "tempo") else { return nil }
        guard let first = readMusicTime("firstBeat", object, at: path, limit: Limits.maxMusicStart) else { return nil }
        valid = true
        return BeatGrid(.tempo(bpm: bpm, firstBeat: first), offset: offset)
    }
}
