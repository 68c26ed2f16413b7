import MediaTime

/// Reads a timeline document back into a `Timeline`, checking what the renderer relies on:
/// types, a known format, clip boundaries on the frame grid, source lengths that match speeds.
struct TimelineDecoder {
    let reader: TimelineReader
    /// Maps each media path as written to the path kept in the model.
    let mediaPath: (String) -> String

    func decode() throws(TimelineCodingError) -> Timeline {
        if let duplicate = reader.document.sourceMap.duplicateKeys.first {
            throw TimelineCodingError(file: reader.file, path: duplicate.path, position: duplicate.position,
                                      message: "key written twice; a timeline must say each thing once")
        }
        let root = try reader.object(reader.document.root, at: .root,
                                     known: ["format", "canvas", "frameRate", "duration", "clips", "transitions", "texts", "overlays",
                                             "grade", "audio", "output", "source"])
        let formatPath = JSONPath.root.appending("format")
        let format = try reader.integer(reader.required("format", in: root, at: .root), at: formatPath, in: 0...Int.max)
        guard format == Timeline.currentFormat else {
            throw reader.failure("timeline format \(format) is not supported; this version of Reel reads format \(Timeline.currentFormat)",
                                 at: formatPath)
        }
        let rate = try frameRate(reader.required("frameRate", in: root, at: .root), at: JSONPath.root.appending("frameRate"))
        let canvas = try canvas(reader.required("canvas", in: root, at: .root), at: JSONPath.root.appending("canvas"))
        let durationPath = JSONPath.root.appending("duration")
        let duration = try reader.time(reader.required("duration", in: root, at: .root), at: durationPath, frameRate: rate)
        try requireOnGrid(duration, rate, at: durationPath)

        let clipsPath = JSONPath.root.appending("clips")
        guard let clipValues = try reader.required("clips", in: root, at: .root).arrayValue else {
            throw reader.failure("expected an array of clips", at: clipsPath)
        }
        var clips: [VideoClip] = []
        for (i, value) in clipValues.enumerated() {
            clips.append(try clip(value, at: clipsPath.appending(i), frameRate: rate, duration: duration))
        }
        var transitions: [Transition] = []
        for (i, v) in try array(root, "transitions", at: .root).enumerated() {
            let t = try transition(v, at: JSONPath.root.appending("transitions").appending(i), frameRate: rate)
            guard clips.contains(where: { $0.id == t.from }), clips.contains(where: { $0.id == t.to }) else {
                throw reader.failure("the transition names a clip id that no clip has", at: JSONPath.root.appending("transitions").appending(i))
            }
            transitions.append(t)
        }
        var texts: [TextItem] = []
        for (i, v) in try array(root, "texts", at: .root).enumerated() {
            texts.append(try text(v, at: JSONPath.root.appending("texts").appending(i), frameRate: rate))
        }
        var overlays: [OverlayItem] = []
        for (i, v) in try array(root, "overlays", at: .root).enumerated() {
            overlays.append(try overlay(v, at: JSONPath.root.appending("overlays").appending(i), frameRate: rate))
        }
        var grade: [Effect] = []
        for (i, v) in try array(root, "grade", at: .root).enumerated() {
            grade.append(try effect(v, at: JSONPath.root.appending("grade").appending(i)))
        }
        var audio: [AudioClip] = []
        if let value = root["audio"] {
            guard let items = value.arrayValue else { throw reader.failure("expected an array of audio clips", at: JSONPath.root.appending("audio")) }
            for (i, item) in items.enumerated() {
                audio.append(try audioClip(item, at: JSONPath.root.appending("audio").appending(i), frameRate: rate))
            }
        }
        var output = OutputSettings()
        if let value = root["output"] { output = try outputSettings(value, at: JSONPath.root.appending("output")) }
        let source = try root["source"].map { v throws(TimelineCodingError) in try reader.string(v, at: JSONPath.root.appending("source")) }
        return Timeline(canvas: canvas, frameRate: rate, duration: duration, clips: clips, transitions: transitions, texts: texts,
                        overlays: overlays, grade: grade, audio: audio, output: output, source: source)
    }

    private func frameRate(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> FrameRate {
        let text = value.stringValue ?? value.numberValue?.text
        guard let text, let rate = FrameRate(string: text) else {
            throw reader.failure("expected a frame rate such as \"30\" or \"30000/1001\"", at: path)
        }
        return rate
    }

    private func canvas(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Canvas {
        let object = try reader.object(value, at: path, known: ["width", "height", "background"])
        let width = try reader.integer(reader.required("width", in: object, at: path), at: path.appending("width"), in: 1...16384)
        let height = try reader.integer(reader.required("height", in: object, at: path), at: path.appending("height"), in: 1...16384)
        var background = RGBColor.black
        if let v = object["background"] {
            let text = try reader.string(v, at: path.appending("background"))
            guard text.hasPrefix("#"), let color = RGBColor(hex: text) else {
                throw reader.failure("expected a colour written #rrggbb, found '\(text)'", at: path.appending("background"))
            }
            background = color
        }
        return Canvas(width: width, height: height, background: background)
    }

    private func clip(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate, duration: RationalTime) throws(TimelineCodingError) -> VideoClip {
        let object = try reader.object(value, at: path, known: ["id", "media", "kind", "timelineRange", "sourceRange", "speed",
                                                               "orientation", "fit", "volume", "reverse", "loop", "motion",
                                                               "filters", "layer", "frame", "opacity"])
        let id = try reader.string(reader.required("id", in: object, at: path), at: path.appending("id"))
        let media = try self.media(reader.required("media", in: object, at: path), at: path.appending("media"))
        let kind = try reader.choice(reader.required("kind", in: object, at: path), at: path.appending("kind"), as: MediaKind.self)
        let timelinePath = path.appending("timelineRange")
        let timelineRange = try reader.range(reader.required("timelineRange", in: object, at: path), at: timelinePath, frameRate: rate)
        try requireOnGrid(timelineRange.start, rate, at: timelinePath.appending("start"))
        try requireOnGrid(timelineRange.duration, rate, at: timelinePath.appending("duration"))
        guard timelineRange.end <= duration else {
            throw reader.failure("the clip ends at \(TimeText.string(from: timelineRange.end)), after the timeline's duration", at: timelinePath)
        }
        let sourcePath = path.appending("sourceRange")
        let sourceRange = try reader.range(reader.required("sourceRange", in: object, at: path), at: sourcePath, frameRate: nil)
        var speed = RationalTime(seconds: 1)
        if let v = object["speed"] {
            guard let s = TimeText.ratio(from: v), s.isPositive else {
                throw reader.failure("expected a positive speed such as \"1\" or \"4/5\"", at: path.appending("speed"))
            }
            speed = s
        }
        guard timelineRange.duration.multipliedReportingOverflow(speed) == sourceRange.duration else {
            throw reader.failure("sourceRange.duration must equal timelineRange.duration × speed (\(TimeText.string(from: timelineRange.duration)) × \(TimeText.ratioString(from: speed)))",
                                 at: sourcePath.appending("duration"))
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
        var filters: [Effect] = []
        for (i, v) in try array(object, "filters", at: path).enumerated() {
            filters.append(try effect(v, at: path.appending("filters").appending(i)))
        }
        var layer = 0
        if let v = object["layer"] { layer = try reader.integer(v, at: path.appending("layer"), in: Self.layers) }
        let frame = try object["frame"].map { v throws(TimelineCodingError) in try rect(v, at: path.appending("frame")) } ?? .full
        return VideoClip(id: id, media: media, kind: kind, timelineRange: timelineRange, sourceRange: sourceRange, speed: speed,
                         orientation: orientation, fit: fit, volume: volume, reverse: try flag("reverse"), loop: try flag("loop"),
                         motion: try keyframes(object, "motion", at: path), filters: filters, layer: layer, frame: frame,
                         opacity: try optionalNumber(object, "opacity", at: path, in: 0...1, default: 1))
    }

    private func audioClip(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> AudioClip {
        let object = try reader.object(value, at: path, known: ["id", "media", "timelineRange", "sourceStart", "volume", "fadeIn", "fadeOut", "duck"])
        let id = try reader.string(reader.required("id", in: object, at: path), at: path.appending("id"))
        let media = try self.media(reader.required("media", in: object, at: path), at: path.appending("media"))
        let range = try reader.range(reader.required("timelineRange", in: object, at: path), at: path.appending("timelineRange"), frameRate: rate)
        func optionalTime(_ key: String) throws(TimelineCodingError) -> RationalTime {
            guard let v = object[key] else { return .zero }
            return try reader.time(v, at: path.appending(key), frameRate: nil)
        }
        var volume = 1.0
        if let v = object["volume"] { volume = try reader.gain(v, at: path.appending("volume")) }
        var duck = 1.0
        if let v = object["duck"] {
            duck = try reader.gain(v, at: path.appending("duck"))
            guard duck <= 1 else { throw reader.failure("duck must be within 0...1, found \(duck)", at: path.appending("duck")) }
        }
        return AudioClip(id: id, media: media, timelineRange: range, sourceStart: try optionalTime("sourceStart"), volume: volume,
                         fadeIn: try optionalTime("fadeIn"), fadeOut: try optionalTime("fadeOut"), duck: duck)
    }

    private func orientation(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Orientation {
        let object = try reader.object(value, at: path, known: ["rotation", "mirrored"])
        var rotation = 0
        if let v = object["rotation"] {
            rotation = try reader.integer(v, at: path.appending("rotation"), in: 0...270)
            guard rotation % 90 == 0 else { throw reader.failure("rotation must be 0, 90, 180 or 270", at: path.appending("rotation")) }
        }
        let mirrored = try object["mirrored"].map { v throws(TimelineCodingError) in try reader.bool(v, at: path.appending("mirrored")) } ?? false
        return Orientation(rotation: rotation, mirrored: mirrored)
    }

    private func outputSettings(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> OutputSettings {
        let object = try reader.object(value, at: path, known: ["crf", "preset", "audioBitrate"])
        var output = OutputSettings()
        if let v = object["crf"] { output.crf = try reader.integer(v, at: path.appending("crf"), in: 0...51) }
        if let v = object["preset"] { output.preset = try reader.string(v, at: path.appending("preset")) }
        if let v = object["audioBitrate"] { output.audioBitrate = try reader.integer(v, at: path.appending("audioBitrate"), in: 8_000...1_000_000) }
        return output
    }

    func media(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> String {
        let text = try reader.string(value, at: path)
        guard !text.isEmpty else { throw reader.failure("the media path is empty", at: path) }
        return mediaPath(text)
    }

    private func requireOnGrid(_ time: RationalTime, _ rate: FrameRate, at path: JSONPath) throws(TimelineCodingError) {
        guard rate.isOnGrid(time) else {
            throw reader.failure("\(TimeText.string(from: time)) is not on the \(rate) fps frame grid", at: path)
        }
    }
}

extension RationalTime {
    /// `self * factor`, or nil when it does not fit.
    func multipliedReportingOverflow(_ factor: RationalTime) -> RationalTime? {
        try? multiplied(by: factor)
    }
}
