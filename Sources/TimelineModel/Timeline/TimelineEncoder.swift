import DocumentJSON
import MediaTime

/// Writes a `Timeline` as JSON text: deterministic, exact, and read back to the same value.
///
/// Times are strings (`"2.5s"`, `"1001/30000s"`), speeds ratios (`"4/5"`), the frame rate a
/// ratio (`"30000/1001"`); keys are sorted and every field is written, defaults included, so
/// equal timelines give equal bytes. See docs/timeline-format.md.
package enum TimelineEncoder {
    static func value(of timeline: Timeline, mediaPath: (String) -> String) -> JSONValue {
        var root = JSONObject()
        root["format"] = .number(JSONNumber(Timeline.currentFormat))
        root["canvas"] = .object(
            JSONObject([
                "width": .number(JSONNumber(timeline.canvas.width)),
                "height": .number(JSONNumber(timeline.canvas.height)),
                "background": .string(timeline.canvas.background.hex),
            ]))
        root["frameRate"] = .string(timeline.frameRate.description)
        root["duration"] = time(timeline.duration)
        root["clips"] = .array(timeline.clips.map { clip(of: $0, mediaPath: mediaPath) })
        root["transitions"] = .array(timeline.transitions.map { transition($0, mediaPath: mediaPath) })
        root["texts"] = .array(timeline.texts.map { text($0, mediaPath: mediaPath) })
        root["overlays"] = .array(timeline.overlays.map { overlay($0, mediaPath: mediaPath) })
        root["grade"] = .array(timeline.grade.map { effect($0, mediaPath: mediaPath) })
        root["audio"] = .array(timeline.audio.map { audio(of: $0, mediaPath: mediaPath) })
        if let map = timeline.music { root["music"] = music(map) }
        root["output"] = .object(
            JSONObject([
                "crf": .number(JSONNumber(timeline.output.crf)),
                "preset": .string(timeline.output.preset),
                "audioBitrate": .number(JSONNumber(timeline.output.audioBitrate)),
            ]))
        if let source = timeline.source { root["source"] = .string(source) }
        if let template = timeline.template { root["template"] = .string(mediaPath(template)) }
        return .object(root)
    }

    private static func clip(of clip: VideoClip, mediaPath: (String) -> String) -> JSONValue {
        var o = JSONObject([
            "id": .string(clip.id),
            "media": .string(mediaPath(clip.media)),
            "kind": .string(clip.kind.rawValue),
            "timelineRange": range(clip.timelineRange),
            "sourceRange": range(clip.sourceRange),
            "speed": .string(TimeText.ratioString(from: clip.speed)),
            "orientation": .object(
                JSONObject([
                    "rotation": .number(JSONNumber(clip.orientation.rotation)),
                    "mirrored": .bool(clip.orientation.mirrored),
                ])),
            "fit": .string(clip.fit.rawValue),
            "volume": gain(clip.volume),
            "reverse": .bool(clip.reverse),
            "loop": .bool(clip.loop),
            "motion": .array(clip.motion.map(keyframe)),
            "filters": .array(clip.filters.map { effect($0, mediaPath: mediaPath) }),
            "layer": .number(JSONNumber(clip.layer)),
            "frame": rect(clip.frame),
            "opacity": number(clip.opacity),
        ])
        if let beats = clip.beats { o["beats"] = .string(TimeText.ratioString(from: beats)) }
        // Written only when there is one, so timelines without smart framing keep their bytes.
        if !clip.crop.isEmpty { o["crop"] = .array(clip.crop.map(cropKeyframe)) }
        // Written only when set, likewise: a clip blended normally and unkeyed keeps its bytes.
        if clip.blend != "normal" { o["blend"] = .string(clip.blend) }
        if let key = clip.key { o["key"] = Self.key(key) }
        return .object(o)
    }

    private static func audio(of clip: AudioClip, mediaPath: (String) -> String) -> JSONValue {
        var o = JSONObject([
            "id": .string(clip.id),
            "media": .string(mediaPath(clip.media)),
            "role": .string(clip.role.rawValue),
            "timelineRange": range(clip.timelineRange),
            "sourceStart": time(clip.sourceStart),
            "volume": gain(clip.volume),
            "fadeIn": time(clip.fadeIn),
            "fadeOut": time(clip.fadeOut),
            "loop": .bool(clip.loop),
        ])
        if let d = clip.ducking { o["ducking"] = ducking(d) }
        return .object(o)
    }

    /// `{ "amount": "-12dB", "threshold": "-40dB", "attack": "0.05s", "hold": "0.3s", "release": "0.5s" }`.
    static func ducking(_ d: Ducking) -> JSONValue {
        .object(
            JSONObject([
                "amount": .string(DecibelText.string(from: d.amount)),
                "threshold": .string(DecibelText.string(from: d.threshold)),
                "attack": time(d.attack), "hold": time(d.hold), "release": time(d.release),
            ]))
    }

    /// A time in exact text (`"1001/30000s"`), never a rounded decimal.
    package static func time(_ t: RationalTime) -> JSONValue {
        .string(TimeText.string(from: t))
    }

    /// A range as `{ "start", "duration" }` in exact time text, as the reader's `range` reads it.
    package static func range(_ r: TimeRange) -> JSONValue {
        .object(JSONObject(["start": time(r.start), "duration": time(r.duration)]))
    }

    /// A gain in its shortest exact form; `null` for a non-finite one, which reading rejects.
    static func gain(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }
}
