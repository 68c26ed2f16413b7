import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// The sound rules beyond the music: the voice slot (`start` a time of the video in seconds,
/// frames or beats; volume 0...4; fades 0...600 s), sound effects (an audio file of the folder,
/// `at` a time of the video, at most `maxSounds`, `duration` positive) and ducking (levels in dB
/// within their ranges, times within 0...5 s, or `false`). A voice or effect starting at or after
/// the end of the video is a warning (T080): it is not heard.
extension TemplateDecoder {
    mutating func readVoice(_ value: JSONValue, at path: JSONPath) -> VoiceSpec? {
        guard let object = context.object(value, at: path, known: TemplateKeys.voice, example: "\"voice\": { \"start\": \"2 beats\" }") else {
            return nil
        }
        var voice = VoiceSpec()
        if let v = object["start"] {
            guard let t = startTime(v, at: path.appending("start"), what: "the voice's start") else { return nil }
            voice.start = t
        }
        guard readLevels(object, at: path, volume: &voice.volume, fadeIn: &voice.fadeIn, fadeOut: &voice.fadeOut) else { return nil }
        return voice
    }

    mutating func readSounds(_ value: JSONValue, at path: JSONPath) -> [SoundSpec]? {
        let example = "\"sounds\": [{ \"file\": \"sfx/whoosh.wav\", \"at\": \"4 beats\" }]"
        guard let items = context.array(value, at: path, limit: Limits.maxSounds, what: "sounds", example: example) else { return nil }
        var sounds: [SoundSpec] = []
        var valid = true
        for (i, item) in items.enumerated() {
            if let sound = readSound(item, at: path.appending(i)) { sounds.append(sound) } else { valid = false }
        }
        return valid ? sounds : nil
    }

    private mutating func readSound(_ value: JSONValue, at path: JSONPath) -> SoundSpec? {
        let example = "{ \"file\": \"sfx/whoosh.wav\", \"at\": \"4 beats\" }"
        guard let object = context.object(value, at: path, known: TemplateKeys.sound, example: example) else { return nil }
        var file: String?
        if let v = context.required("file", in: object, at: path, example: "\"file\": \"sfx/whoosh.wav\""),
            let text = context.string(v, at: path.appending("file"), example: "\"file\": \"sfx/whoosh.wav\"")
        {
            file = checkAsset(text, at: path.appending("file"), role: .sound) ? text : nil
        }
        var at: RationalTime?
        if let v = context.required("at", in: object, at: path, example: "\"at\": \"4 beats\"") {
            at = startTime(v, at: path.appending("at"), what: "the sound's start")
        }
        var sound = SoundSpec(file: file ?? "", at: at ?? .zero)
        var valid = file != nil && at != nil
        valid = readLevels(object, at: path, volume: &sound.volume, fadeIn: &sound.fadeIn, fadeOut: &sound.fadeOut) && valid
        if let v = object["loop"] {
            if let b = context.bool(v, at: path.appending("loop")) { sound.loop = b } else { valid = false }
        }
        if let v = object["duration"] {
            let range = RationalTime(value: 1, timescale: 1000)...Limits.maxSoundDuration
            if let d = boundedLength(
                v, at: path.appending("duration"), from: at, in: range, what: "the sound's duration", referenceName: "the sound's start")
            {
                sound.duration = d
            } else {
                valid = false
            }
        }
        return valid ? sound : nil
    }

    /// A start on the video, in seconds, frames or beats from its start; one at or past the end of
    /// the video is `SoundStartRule`'s (T080).
    private mutating func startTime(_ value: JSONValue, at path: JSONPath, what: String) -> RationalTime? {
        guard let t = videoTime(value, at: path, from: .zero, what: what) else { return nil }
        if t.isNegative {
            context.error(.outOfRange, "\(what) \(TimeText.string(from: t)) is before the video", at: path, notes: ["use 0 or a later time"])
            return nil
        }
        facts.soundStarts.append(SoundStartFacts(path: path, what: what, start: t))
        return t
    }

    /// `volume`, `fadeIn` and `fadeOut` of a voice or sound; false after reporting a problem.
    private mutating func readLevels(
        _ object: JSONObject, at path: JSONPath, volume: inout Double, fadeIn: inout RationalTime, fadeOut: inout RationalTime
    ) -> Bool {
        var valid = true
        if let v = object["volume"] {
            if let x = context.volume(v, at: path.appending("volume")) { volume = x } else { valid = false }
        }
        for key in ["fadeIn", "fadeOut"] {
            guard let v = object[key] else { continue }
            let p = path.appending(key)
            guard let t = context.time(v, at: p, frameRate: nil) else {
                valid = false
                continue
            }
            guard !t.isNegative, t <= Limits.maxFade else {
                context.error(
                    .musicTime, "\(key) \(TimeText.string(from: t)) is outside 0...\(TimeText.string(from: Limits.maxFade))", at: p,
                    notes: ["use a number of seconds from 0 to \(Limits.maxFade.value)"])
                valid = false
                continue
            }
            if key == "fadeIn" { fadeIn = t } else { fadeOut = t }
        }
        return valid
    }

    /// `"ducking": { "amount": "-12dB", "threshold": "-40dB", "attack": "0.05s", "hold": "0.3s",
    /// "release": "0.5s" }`, each key optional (the standard value), or `false` for none.
    /// `.some(nil)` is no ducking; nil is a problem reported.
    mutating func readDucking(_ value: JSONValue, at path: JSONPath) -> Ducking?? {
        if value.boolValue == false { return .some(nil) }
        if value.boolValue == true { return .some(.standard) }
        let example = "\"ducking\": { \"amount\": \"-12dB\" }"
        guard let object = context.object(value, at: path, known: TemplateKeys.ducking, example: example) else { return nil }
        var ducking = Ducking.standard
        var valid = true
        func level(_ key: String, _ range: ClosedRange<Double>, _ context: inout DecodingContext) -> Double? {
            guard let v = object[key] else { return nil }
            let p = path.appending(key)
            let bounds = "\(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound)) dB"
            guard let text = v.stringValue, let db = DecibelText.value(from: text) else {
                context.error(
                    .duckingRange, "\(key) must be a level in dB such as \"-12dB\"", at: p,
                    notes: ["write it as a string: \"\(key)\": \"\(key == "amount" ? "-12dB" : "-40dB")\", within \(bounds)"])
                valid = false
                return nil
            }
            guard range.contains(db) else {
                context.error(.duckingRange, "\(key) \(text) is outside \(bounds)", at: p, notes: ["use a level within \(bounds)"])
                valid = false
                return nil
            }
            return db
        }
        if let x = level("amount", Limits.duckAmount, &context) { ducking.amount = x }
        if let x = level("threshold", Limits.duckThreshold, &context) { ducking.threshold = x }
        for key in ["attack", "hold", "release"] {
            guard let v = object[key] else { continue }
            let p = path.appending(key)
            guard let t = context.time(v, at: p, frameRate: nil) else {
                valid = false
                continue
            }
            let range = Limits.duckTime
            guard range.contains(t) else {
                let bounds = "\(TimeText.string(from: range.lowerBound))...\(TimeText.string(from: range.upperBound))"
                context.error(.duckingRange, "\(key) \(TimeText.string(from: t)) is outside \(bounds)", at: p, notes: ["use a time within \(bounds)"])
                valid = false
                continue
            }
            switch key {
            case "attack": ducking.attack = t
            case "hold": ducking.hold = t
            default: ducking.release = t
            }
        }
        return valid ? .some(ducking) : nil
    }
}
