import DocumentJSON
import DocumentLimits
import EffectCatalog
import FileAccess
import MediaTime

/// Reads a timeline document back into a `Timeline`, checking all of it: types, a known format,
/// every value within `Limits`, every kind and parameter in the `Catalog`, then every rule of
/// `TimelineValidation`. Every problem is reported, none is guessed around.
package struct TimelineDecoder {
    /// Typed reads, the document and the shared list of problems; the decoder's parts all read through it.
    package let reader: TimelineReader
    /// Maps each media path as written to the path kept in the model.
    let mediaPath: (String) -> String
    /// What the caller checks of the files the timeline names, once everything else is read.
    var fileCheck: TimelineFileCheck? = nil

    /// The whole timeline, or every problem found (format, types, limits, catalog, then the rules) as one error.
    package func decode() throws(TimelineCodingError) -> Timeline {
        for duplicate in reader.document.sourceMap.duplicateKeys {
            reader.problems.add(
                Diagnostic(
                    .error, .duplicateKey, "key written twice; a timeline must say each thing once",
                    at: SourceLocation(file: reader.file, path: duplicate.path, position: duplicate.position),
                    notes: ["keep one of them"]))
        }
        let root = try reader.object(
            reader.document.root, at: .root,
            known: [
                "format", "canvas", "frameRate", "duration", "clips", "transitions", "texts", "overlays",
                "grade", "audio", "music", "output", "source", "template",
            ])
        let formatPath = JSONPath.root.appending("format")
        let format = try reader.integer(reader.required("format", in: root, at: .root), at: formatPath, in: 0...Int.max)
        guard format == Timeline.currentFormat else {
            throw reader.failure(
                "timeline format \(format) is not supported; this version of Reel reads format \(Timeline.currentFormat)",
                at: formatPath, code: .unsupportedFormat, notes: ["write it with a version of Reel that reads format \(format)"])
        }
        // What every time is read against: without it, reading stops here.
        let rate = reader.attempt { () throws(TimelineCodingError) in
            try frameRate(reader.required("frameRate", in: root, at: .root), at: JSONPath.root.appending("frameRate"))
        }
        guard let rate else {
            skipped("the clips, transitions, texts, overlays, sounds and music were not read", waitingFor: JSONPath.root.appending("frameRate"))
            throw everything()
        }
        let canvas = reader.attempt { () throws(TimelineCodingError) in
            try self.canvas(reader.required("canvas", in: root, at: .root), at: JSONPath.root.appending("canvas"))
        }
        /// The first value of each part that could not be read: the rules reading that part wait for it.
        var broken: [TimelineValue: JSONPath] = [:]
        func fail(_ value: TimelineValue, at path: JSONPath) { broken[value] = broken[value] ?? path }
        /// Where the clips that did read stand in the document, when some did not.
        var clipIndices: [Int]?
        let durationPath = JSONPath.root.appending("duration")
        let duration = reader.attempt { () throws(TimelineCodingError) in
            try reader.time(reader.required("duration", in: root, at: .root), at: durationPath, frameRate: rate)
        }
        // A negative duration was reported where it was read: the rules that measure against the
        // video's length wait for it, as for one that did not read.
        if duration == nil || duration?.isNegative == true { fail(.duration, at: durationPath) }

        func items<Item>(
            _ key: String, _ part: TimelineValue, limit: Int, what: String, _ read: (JSONValue, JSONPath) throws(TimelineCodingError) -> Item
        ) -> [Item] {
            let path = JSONPath.root.appending(key)
            guard let values = reader.attempt({ () throws(TimelineCodingError) in try array(root, key, at: .root) }) else {
                fail(part, at: path)
                return []
            }
            if values.count > limit {
                reader.report("\(values.count) \(what); the limit is \(limit)", at: path, code: .tooMany, notes: ["remove some"])
            }
            var result: [Item] = []
            var indices: [Int] = []
            for (i, value) in values.enumerated() {
                if let item = reader.attempt({ () throws(TimelineCodingError) in try read(value, path.appending(i)) }) {
                    result.append(item)
                    indices.append(i)
                } else {
                    fail(part, at: path.appending(i))
                }
            }
            if part == .clips, indices.count < values.count { clipIndices = indices }
            return result
        }
        if root["clips"] == nil {
            _ = reader.attempt { () throws(TimelineCodingError) in _ = try reader.required("clips", in: root, at: .root) }
            fail(.clips, at: JSONPath.root.appending("clips"))
        }
        let clips = items("clips", .clips, limit: Limits.maxClips, what: "clips") { v, p throws(TimelineCodingError) in
            try clip(v, at: p, frameRate: rate)
        }
        let transitions = items("transitions", .transitions, limit: Limits.maxClips, what: "transitions") { v, p throws(TimelineCodingError) in
            try transition(v, at: p, frameRate: rate)
        }
        let texts = items("texts", .texts, limit: Limits.maxTexts, what: "texts") { v, p throws(TimelineCodingError) in
            try text(v, at: p, frameRate: rate)
        }
        let overlays = items("overlays", .overlays, limit: Limits.maxLayers, what: "overlays") { v, p throws(TimelineCodingError) in
            try overlay(v, at: p, frameRate: rate)
        }
        let grade = items("grade", .grade, limit: Limits.maxFilters, what: "filters") { v, p throws(TimelineCodingError) in try effect(v, at: p) }
        let audio = items("audio", .audio, limit: Limits.maxAudioClips, what: "sounds") { v, p throws(TimelineCodingError) in
            try audioClip(v, at: p, frameRate: rate)
        }
        let music = root["music"].flatMap { v in
            reader.attempt { () throws(TimelineCodingError) in try musicMap(v, at: JSONPath.root.appending("music")) }
        }
        if root["music"] != nil, music == nil { fail(.music, at: JSONPath.root.appending("music")) }
        let output =
            root["output"].flatMap { v in
                reader.attempt { () throws(TimelineCodingError) in try outputSettings(v, at: JSONPath.root.appending("output")) }
            }
            ?? OutputSettings()
        let source = root["source"].flatMap { v in
            reader.attempt { () throws(TimelineCodingError) in
                try reader.text(v, at: JSONPath.root.appending("source"), maxLength: Limits.maxShortText)
            }
        }
        let template = root["template"].flatMap { v in
            reader.attempt { () throws(TimelineCodingError) in try media(v, at: JSONPath.root.appending("template")) }
        }
        // Without a canvas or a duration the rest is still read and checked, and then refused.
        let timeline = Timeline(
            canvas: canvas ?? Canvas(width: Limits.canvasSide.lowerBound, height: Limits.canvasSide.lowerBound), frameRate: rate,
            duration: duration.flatMap { $0.isNegative ? nil : $0 } ?? .zero, clips: clips, transitions: transitions, texts: texts,
            overlays: overlays, grade: grade, audio: audio, music: music, output: output, source: source, template: template)
        // Each rule runs when the values it reads did read; for the others, a note says what they wait for.
        let run = TimelineValidation.rules(timeline, readable: Set(TimelineValue.allCases).subtracting(broken.keys), clipIndices: clipIndices)
        for problem in run.problems {
            reader.report(problem.message, at: problem.path, code: problem.code, notes: [problem.fix])
        }
        for group in run.skipped {
            guard let part = group.waitingFor.first(where: { broken[$0] != nil }), let path = broken[part] else { continue }
            let codes = group.codes.map(\.rawValue).joined(separator: ", ")
            skipped("\(group.what) (\(codes)) were not checked", waitingFor: path)
        }
        if canvas != nil, broken.isEmpty {
            for problem in fileCheck?(timeline) ?? [] {
                reader.report(problem.message, at: problem.path, code: problem.code, notes: [problem.fix])
            }
        } else if fileCheck != nil {
            skipped(
                "the media files (L020, L021, L022) were not checked",
                waitingFor: canvas == nil ? JSONPath.root.appending("canvas") : broken.values.min { $0.pointer < $1.pointer } ?? .root)
        }
        guard reader.problems.isEmpty else { throw everything() }
        return timeline
    }

    /// A note (L034) that rules were not checked because the value at `path` could not be read.
    private func skipped(_ what: String, waitingFor path: JSONPath) {
        let place = path.isRoot ? "the timeline" : path.pointer
        reader.problems.add(
            Diagnostic(
                .note, .rulesSkipped, "\(what): they wait for \(place), which could not be read",
                at: SourceLocation(file: reader.file, path: path, position: reader.document.position(of: path)),
                notes: ["fix the error at \(place), and they are checked on the next read"]))
    }

    /// Every problem found, in the order of the text; the notes of what was not checked last.
    private func everything() -> TimelineCodingError {
        let ordered = reader.problems.diagnostics.enumerated().sorted { a, b in
            let x = (a.element.severity == .note ? 1 : 0, a.element.location.line ?? Int.max, a.element.location.column ?? Int.max, a.offset)
            let y = (b.element.severity == .note ? 1 : 0, b.element.location.line ?? Int.max, b.element.location.column ?? Int.max, b.offset)
            return x < y
        }
        return TimelineCodingError(file: reader.file, diagnostics: ordered.map(\.element))
    }

    private func frameRate(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> FrameRate {
        let text = value.stringValue ?? value.numberValue?.text
        guard let text, let rate = FrameRate(string: text) else {
            throw reader.failure(
                "expected a frame rate such as \"30\" or \"30000/1001\"", at: path, code: .frameRate,
                notes: ["write it \"30\" or \"30000/1001\""])
        }
        // Slower, a frame outlasts every time a timeline holds; the rules cannot run on it.
        guard rate.asTime >= Limits.minFrameRate else {
            throw reader.failure(
                "\(rate) fps is slower than \(TimeText.ratioString(from: Limits.minFrameRate)) fps", at: path, code: .frameRate,
                notes: ["use \(TimeText.ratioString(from: Limits.minFrameRate)) fps or more"])
        }
        if rate.asTime > Limits.maxFrameRate {
            reader.report(
                "\(rate) fps is faster than \(TimeText.ratioString(from: Limits.maxFrameRate)) fps", at: path, code: .frameRate,
                notes: ["use \(TimeText.ratioString(from: Limits.maxFrameRate)) fps or less"])
        }
        return rate
    }

    private func canvas(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Canvas {
        let object = try reader.object(value, at: path, known: ["width", "height", "background"])
        let sides = Limits.canvasSide
        func side(_ key: String) throws(TimelineCodingError) -> Int {
            let n = try reader.integer(reader.required(key, in: object, at: path), at: path.appending(key), in: sides, code: .canvasSize)
            if n % 2 != 0 {
                reader.report(
                    "\(key) \(n) is odd; the encoder needs an even size", at: path.appending(key), code: .canvasSize,
                    notes: ["use \(n < sides.upperBound ? n + 1 : n - 1)"])
            }
            return n
        }
        let width = try side("width")
        let height = try side("height")
        var background = RGBColor.black
        if let v = object["background"] {
            let text = try reader.string(v, at: path.appending("background"))
            guard text.hasPrefix("#"), let color = RGBColor(hex: text) else {
                throw reader.failure(
                    "expected a colour written #rrggbb, found '\(text)'", at: path.appending("background"), code: .backgroundColor,
                    notes: ["write it like \"#000000\""])
            }
            background = color
        }
        return Canvas(width: width, height: height, background: background)
    }

    private func clip(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> VideoClip {
        let object = try reader.object(
            value, at: path,
            known: [
                "id", "media", "kind", "timelineRange", "sourceRange", "speed",
                "orientation", "fit", "volume", "reverse", "loop", "motion",
                "filters", "layer", "frame", "opacity", "beats", "crop", "blend", "key",
            ])
        let id = try reader.text(reader.required("id", in: object, at: path), at: path.appending("id"), maxLength: Limits.maxShortText)
        let media = try self.media(reader.required("media", in: object, at: path), at: path.appending("media"))
        let kind = try reader.choice(reader.required("kind", in: object, at: path), at: path.appending("kind"), as: MediaKind.self)
        let timelinePath = path.appending("timelineRange")
        let timelineRange = try reader.range(reader.required("timelineRange", in: object, at: path), at: timelinePath, frameRate: rate)
        let sourcePath = path.appending("sourceRange")
        let sourceRange = try reader.range(reader.required("sourceRange", in: object, at: path), at: sourcePath, frameRate: nil)
        var speed = RationalTime(seconds: 1)
        if let v = object["speed"] {
            guard let s = TimeText.ratio(from: v), s.isPositive else {
                throw reader.failure(
                    "expected a positive speed such as \"1\" or \"4/5\"", at: path.appending("speed"), code: .wrongType,
                    notes: ["write it \"1\" or \"4/5\""])
            }
            let speeds = Limits.clipSpeed
            if !speeds.contains(s) {
                let bounds = "\(TimeText.ratioString(from: speeds.lowerBound))...\(TimeText.ratioString(from: speeds.upperBound))"
                reader.report(
                    "speed \(TimeText.ratioString(from: s)) is outside \(bounds)", at: path.appending("speed"), code: .outOfRange,
                    notes: ["use a speed within \(bounds)"])
            }
            speed = s
        }
        var orientation = Orientation.upright
        if let v = object["orientation"] { orientation = try self.orientation(v, at: path.appending("orientation")) }
        var fit = Fit.cover
        if let v = object["fit"] { fit = try reader.choice(v, at: path.appending("fit"), as: Fit.self) }
        var volume = 0.0
        if let v = object["volume"] { volume = try reader.gain(v, at: path.appending("volume")) }
        func flag(_ key: String) throws(TimelineCodingError) -> Bool {
            guard let v = object[key] else { return false }
            return try reader.bool(v, at: path.appending(key))
        }
        let filterValues = try array(object, "filters", at: path)
        if filterValues.count > Limits.maxFilters {
            reader.report(
                "\(filterValues.count) filters; the limit is \(Limits.maxFilters)", at: path.appending("filters"), code: .tooMany,
                notes: ["remove some"])
        }
        var filters: [Effect] = []
        for (i, v) in filterValues.enumerated() {
            filters.append(try effect(v, at: path.appending("filters").appending(i)))
        }
        var layer = 0
        if let v = object["layer"] { layer = try reader.integer(v, at: path.appending("layer"), in: Self.layers) }
        let frame = try object["frame"].map { v throws(TimelineCodingError) in try rect(v, at: path.appending("frame")) } ?? .full
        return VideoClip(
            id: id, media: media, kind: kind, timelineRange: timelineRange, sourceRange: sourceRange, speed: speed,
            orientation: orientation, fit: fit, volume: volume, reverse: try flag("reverse"), loop: try flag("loop"),
            motion: try keyframes(object, "motion", at: path), filters: filters, layer: layer, frame: frame,
            opacity: try optionalNumber(object, "opacity", at: path, in: Limits.fraction, default: 1),
            beats: try object["beats"].map { v throws(TimelineCodingError) in try clipBeats(v, at: path.appending("beats")) },
            crop: try crop(object, at: path), blend: try blend(object, at: path),
            key: try object["key"].map { v throws(TimelineCodingError) in try key(v, at: path.appending("key")) })
    }

    private func audioClip(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> AudioClip {
        let object = try reader.object(
            value, at: path,
            known: ["id", "media", "role", "timelineRange", "sourceStart", "volume", "fadeIn", "fadeOut", "loop", "ducking"])
        let id = try reader.text(reader.required("id", in: object, at: path), at: path.appending("id"), maxLength: Limits.maxShortText)
        let media = try self.media(reader.required("media", in: object, at: path), at: path.appending("media"))
        let range = try reader.range(reader.required("timelineRange", in: object, at: path), at: path.appending("timelineRange"), frameRate: rate)
        func optionalTime(_ key: String, atMost limit: RationalTime) throws(TimelineCodingError) -> RationalTime {
            guard let v = object[key] else { return .zero }
            let t = try reader.time(v, at: path.appending(key), frameRate: nil)
            if t > limit {
                reader.report(
                    "\(key) \(TimeText.string(from: t)) is longer than \(TimeText.string(from: limit))", at: path.appending(key),
                    code: .outOfRange, notes: ["use \(TimeText.string(from: limit)) or less"])
            }
            return t
        }
        var role = AudioRole.music
        if let v = object["role"] { role = try reader.choice(v, at: path.appending("role"), as: AudioRole.self) }
        var volume = 1.0
        if let v = object["volume"] { volume = try reader.gain(v, at: path.appending("volume")) }
        var loop = false
        if let v = object["loop"] { loop = try reader.bool(v, at: path.appending("loop")) }
        // Format 1's `duck` is made `ducking` by `TimelineUpgrade` before this reading.
        var ducking: Ducking?
        if let v = object["ducking"], v != .null { ducking = try self.ducking(v, at: path.appending("ducking")) }
        return AudioClip(
            id: id, media: media, role: role, timelineRange: range,
            sourceStart: try optionalTime("sourceStart", atMost: Limits.maxMusicStart), volume: volume,
            fadeIn: try optionalTime("fadeIn", atMost: Limits.maxFade), fadeOut: try optionalTime("fadeOut", atMost: Limits.maxFade),
            loop: loop, ducking: ducking)
    }

    /// `{ "amount": "-12dB", "threshold": "-40dB", "attack": "0.05s", "hold": "0.3s", "release": "0.5s" }`,
    /// every key required: a timeline says each value.
    private func ducking(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Ducking {
        let object = try reader.object(value, at: path, known: ["amount", "threshold", "attack", "hold", "release"])
        func level(_ key: String, in range: ClosedRange<Double>) throws(TimelineCodingError) -> Double {
            let p = path.appending(key)
            let v = try reader.required(key, in: object, at: path)
            guard let text = v.stringValue, let db = DecibelText.value(from: text) else {
                throw reader.failure(
                    "expected a level such as \"-12dB\", found \(v.stringValue.map { "'\($0)'" } ?? v.typeName)", at: p,
                    code: .duckingRange, notes: ["write it \"-12dB\""])
            }
            if !range.contains(db) {
                let bounds = "\(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound)) dB"
                reader.report("\(key) \(text) is outside \(bounds)", at: p, code: .duckingRange, notes: ["use a level within \(bounds)"])
            }
            return db
        }
        func time(_ key: String) throws(TimelineCodingError) -> RationalTime {
            let p = path.appending(key)
            let t = try reader.time(reader.required(key, in: object, at: path), at: p, frameRate: nil)
            let limit = Limits.duckTime
            if !limit.contains(t) {
                let bounds = "\(TimeText.string(from: limit.lowerBound))...\(TimeText.string(from: limit.upperBound))"
                reader.report(
                    "\(key) \(TimeText.string(from: t)) is outside \(bounds)", at: p, code: .duckingRange, notes: ["use a time within \(bounds)"])
            }
            return t
        }
        return Ducking(
            amount: try level("amount", in: Limits.duckAmount), threshold: try level("threshold", in: Limits.duckThreshold),
            attack: try time("attack"), hold: try time("hold"), release: try time("release"))
    }

    private func orientation(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Orientation {
        let object = try reader.object(value, at: path, known: ["rotation", "mirrored"])
        var rotation = 0
        if let v = object["rotation"] {
            rotation = try reader.integer(v, at: path.appending("rotation"), in: 0...270)
            if rotation % 90 != 0 {
                reader.report(
                    "rotation must be 0, 90, 180 or 270", at: path.appending("rotation"), code: .unknownChoice,
                    notes: ["use 0, 90, 180 or 270"])
            }
        }
        let mirrored = try object["mirrored"].map { v throws(TimelineCodingError) in try reader.bool(v, at: path.appending("mirrored")) } ?? false
        return Orientation(rotation: rotation, mirrored: mirrored)
    }

    private func outputSettings(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> OutputSettings {
        let object = try reader.object(value, at: path, known: ["crf", "preset", "audioBitrate"])
        var output = OutputSettings()
        if let v = object["crf"] { output.crf = try reader.integer(v, at: path.appending("crf"), in: Limits.crf) }
        if let v = object["preset"] {
            output.preset = try reader.word(v, at: path.appending("preset"), among: OutputSettings.presets) ?? output.preset
        }
        if let v = object["audioBitrate"] { output.audioBitrate = try reader.integer(v, at: path.appending("audioBitrate"), in: Limits.audioBitrate) }
        return output
    }

    /// A media path: not empty, no NUL byte, then passed through `mediaPath` (resolved against the timeline's folder).
    package func media(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> String {
        let text = try reader.string(value, at: path)
        guard !text.isEmpty else { throw reader.failure("the media path is empty", at: path, code: .emptyText, notes: ["name the file"]) }
        // Cut at the NUL by the system, it would name another file than the one the timeline names.
        guard !PathBytes.holdsNUL(text) else {
            throw reader.failure(PathBytes.nulReason, at: path, code: .pathHoldsNUL, notes: ["name the file without the NUL byte"])
        }
        return mediaPath(text)
    }
}
