import DocumentJSON
import MediaTime

/// The clips of the OpenTimelineIO export: video clips in the pieces they play as, their time
/// effects, overlays, sounds and transitions.
extension OTIOExport {
    /// A video clip's items at their timeline ranges: one, or one per piece (`OTIOPieces`) when
    /// its source runs past its media's end: each pass of a loop, or the held last frame with a
    /// `FreezeFrame.1`. Played pieces carry a `LinearTimeWarp.1` for a speed or a reversal.
    ///
    /// With `sound`, the items of the clip's own sound instead, for an audio track: the same
    /// pieces and time warps without the held frame (which is silent), its volume in the metadata.
    static func clipItems(_ c: VideoClip, rate: FrameRate, media: [String: MediaExtent], sound: Bool = false) -> [(TimeRange, JSONValue)] {
        let extent = c.kind == .video ? media[c.media] : nil
        let pieces = OTIOPieces.split(
            timeline: c.timelineRange, source: c.sourceRange, speed: c.speed, reverse: c.reverse, loop: c.loop, extent: extent,
            frame: rate.frameDuration)
        return pieces.enumerated().compactMap { n, piece in
            if sound && piece.part == .holds { return nil }
            var meta = sound ? JSONObject(["soundOf": .string(c.id), "volume": num(c.volume)]) : clipMetadata(c)
            var effects: [JSONValue] = []
            var name = c.id
            switch piece.part {
            case .plays:
                if c.kind == .video && (c.speed != RationalTime(seconds: 1) || c.reverse) {
                    effects.append(timeWarp("LinearTimeWarp", scalar: c.reverse ? -c.speed.seconds : c.speed.seconds))
                }
                if pieces.count > 1 { meta["part"] = .string("plays") }
            case .pass(let pass):
                if c.speed != RationalTime(seconds: 1) { effects.append(timeWarp("LinearTimeWarp", scalar: c.speed.seconds)) }
                name += " (pass \(pass))"
                meta["part"] = .string("pass \(pass)")
            case .holds:
                effects.append(timeWarp("FreezeFrame", scalar: 0))
                name += " (held)"
                meta["part"] = .string("holds its last frame")
            }
            if n > 0 { meta["partOf"] = .string(c.id) }
            let item = plainClip(
                name: name, media: c.media, start: piece.sourceStart, duration: piece.range.duration, rate: rate, metadata: meta,
                effects: effects, available: extent.map { TimeRange(start: .zero, duration: $0.duration) })
            return (piece.range, item)
        }
    }

    /// A `LinearTimeWarp.1`, or its `FreezeFrame.1` form (scalar 0).
    static func timeWarp(_ kind: String, scalar: Double) -> JSONValue {
        schema(
            "\(kind).1",
            [
                "name": .string(""), "effect_name": .string(kind), "metadata": .object(JSONObject()), "enabled": .bool(true),
                "time_scalar": float(scalar),
            ])
    }

    /// What a clip is beyond its media and range, as the timeline says it.
    static func clipMetadata(_ c: VideoClip) -> JSONObject {
        var meta: JSONObject = JSONObject([
            "kind": .string(c.kind.rawValue), "fit": .string(c.fit.rawValue), "layer": .number(JSONNumber(c.layer)),
            "volume": num(c.volume), "opacity": num(c.opacity), "loop": .bool(c.loop), "reverse": .bool(c.reverse),
            "speed": .string(TimeText.ratioString(from: c.speed)),
            "sourceRange": TimelineEncoder.range(c.sourceRange),
            "rotation": .number(JSONNumber(c.orientation.rotation)), "mirrored": .bool(c.orientation.mirrored),
            "frame": TimelineEncoder.rect(c.frame), "filters": .array(c.filters.map { TimelineEncoder.effect($0, mediaPath: { $0 }) }),
            "motion": .array(c.motion.map(TimelineEncoder.keyframe)),
        ])
        if let beats = c.beats { meta["beats"] = .string(TimeText.ratioString(from: beats)) }
        // A smart clip's window path, as the timeline writes it (times from the clip's start).
        if !c.crop.isEmpty { meta["crop"] = .array(c.crop.map(TimelineEncoder.cropKeyframe)) }
        // Blend mode and key, as the timeline writes them (only when set).
        if c.blend != "normal" { meta["blend"] = .string(c.blend) }
        if let key = c.key { meta["key"] = TimelineEncoder.key(key) }
        return meta
    }

    /// The transition on the cut at `cut`: a crossfade is OpenTimelineIO's dissolve; every other
    /// kind a custom transition named by its kind, with its easing, parameters and mask, and a
    /// dip's colour, in the metadata.
    package static func transition(_ tr: Transition, cut: RationalTime, rate: FrameRate) -> JSONValue {
        var meta = JSONObject([
            "kind": .string(tr.kind), "easing": .string(tr.easing.rawValue), "parameters": TimelineEncoder.parameters(tr.parameters),
        ])
        if let mask = tr.mask { meta["mask"] = .string(mask) }
        if let color = dipColors[tr.kind] { meta["color"] = .string(color.hex) }
        return schema(
            "Transition.1",
            [
                "name": .string(tr.kind), "transition_type": .string(tr.kind == "crossfade" ? "SMPTE_Dissolve" : "Custom_Transition"),
                "in_offset": time(cut - tr.range.start, rate: rate), "out_offset": time(tr.range.end - cut, rate: rate),
                "metadata": .object(JSONObject(["reel": .object(meta)])),
            ])
    }

    /// The colour each dip passes through.
    static let dipColors: [String: RGBColor] = ["dipToBlack": .black, "dipToWhite": .white]

    static func overlayItem(_ o: OverlayItem, rate: FrameRate) -> (TimeRange, JSONValue) {
        let item = plainClip(
            name: o.id, media: o.media, start: .zero, duration: o.timelineRange.duration, rate: rate,
            metadata: TimelineEncoder.overlay(o, mediaPath: { $0 }).objectValue ?? JSONObject())
        return (o.timelineRange, item)
    }

    /// A sound's items: one, or one per pass of a looping sound; a sound that outlasts its file
    /// (not looping) ends with it, the silence after it a gap.
    static func soundItems(_ a: AudioClip, rate: FrameRate, media: [String: MediaExtent]) -> [(TimeRange, JSONValue)] {
        let extent = media[a.media]
        let source = TimeRange(start: a.sourceStart, duration: a.timelineRange.duration)
        let pieces = OTIOPieces.split(
            timeline: a.timelineRange, source: source, speed: RationalTime(seconds: 1), reverse: false, loop: a.loop, extent: extent,
            frame: rate.frameDuration)
        return pieces.filter { $0.part != .holds }.map { piece in
            var meta = JSONObject([
                "volume": num(a.volume), "role": .string(a.role.rawValue), "loop": .bool(a.loop),
                "ducking": a.ducking.map(TimelineEncoder.ducking) ?? .null,
                "fadeIn": .string(TimeText.string(from: a.fadeIn)), "fadeOut": .string(TimeText.string(from: a.fadeOut)),
                "timelineRange": TimelineEncoder.range(a.timelineRange),
            ])
            var name = a.id
            if case .pass(let pass) = piece.part {
                name += " (pass \(pass))"
                meta["part"] = .string("pass \(pass)")
            }
            let item = plainClip(
                name: name, media: a.media, start: piece.sourceStart, duration: piece.range.duration, rate: rate, metadata: meta,
                available: extent.map { TimeRange(start: .zero, duration: $0.duration) })
            return (piece.range, item)
        }
    }

    static func plainClip(
        name: String, media: String, start: RationalTime, duration: RationalTime, rate: FrameRate,
        metadata: JSONObject, effects: [JSONValue] = [], available: TimeRange? = nil
    ) -> JSONValue {
        let reference = schema(
            "ExternalReference.1",
            [
                "name": .string(""), "target_url": .string(url(media)), "available_range": available.map { range($0, rate: rate) } ?? .null,
                "available_image_bounds": .null, "metadata": .object(JSONObject()),
            ])
        return clip(name: name, reference: reference, start: start, duration: duration, rate: rate, metadata: metadata, effects: effects)
    }

    /// A `Clip.2` of `duration` from `start` in `reference`'s media, with Reel's own fields kept under `metadata.reel`.
    package static func clip(
        name: String, reference: JSONValue, start: RationalTime, duration: RationalTime, rate: FrameRate, metadata: JSONObject,
        effects: [JSONValue] = []
    ) -> JSONValue {
        schema(
            "Clip.2",
            [
                "name": .string(name), "enabled": .bool(true), "effects": .array(effects), "markers": .array([]),
                "metadata": .object(JSONObject(["reel": .object(metadata)])),
                "source_range": range(TimeRange(start: start, duration: duration), rate: rate),
                "active_media_reference_key": .string("DEFAULT_MEDIA"),
                "media_references": .object(JSONObject(["DEFAULT_MEDIA": reference])),
            ])
    }
}
