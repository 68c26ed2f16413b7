import MediaTime

/// Writes a timeline as OpenTimelineIO JSON (`.otio`), so DaVinci Resolve, Premiere (through its
/// adapters) and other editors open what Reel made.
///
/// The mapping:
///
/// | Reel | OpenTimelineIO |
/// |---|---|
/// | main track (layer 0) | video track `V1`: `Clip.2`s cut to cut, a `Transition.1` between two clips, its `in_offset` the frames before the cut and `out_offset` those after |
/// | clips of one upper layer | a video track `Vk`, `Gap.1`s around its clips |
/// | overlay | a video track `Vk <id>` of its own, the PNG as the clip's media |
/// | music and other sounds | audio track `A1` |
/// | the music's bars and sections | `Marker.2`s on the stack (see `musicMarkers`), its beats in the stack's metadata |
/// | speed, reverse | a `LinearTimeWarp.1` effect (`time_scalar`, negative when reversed) |
/// | everything else (fit, crop path, frame, motion, filters, texts, grade, volume, transition kind) | `metadata.reel` of the item or timeline |
///
/// A clip's `source_range` starts at its source in-point and lasts its time on the timeline, so
/// track positions are exact; times are frames at the output rate (`RationalTime.1` with the rate
/// as a float, as OpenTimelineIO stores them). Crossfades and dips become `SMPTE_Dissolve`, other
/// kinds `Custom_Transition` with their Reel kind in the metadata. Media are `ExternalReference.1`s
/// with `file://` URLs for absolute paths (relative paths are written as relative URLs).
///
/// Video tracks above `V1` follow the renderer's stacking order (`Stacking`: upper layers and
/// overlays interleaved by their layer numbers), numbered `V2`, `V3`, ... bottom to top, since
/// OpenTimelineIO stacks tracks in the order they are listed. Texts are not tracks, so their
/// layer numbers go in the metadata.
public enum OTIOExport {
    public static func text(_ t: Timeline) -> String { JSONWriter.write(document(t)) }

    public static func document(_ t: Timeline) -> JSONValue {
        let rate = t.frameRate
        var tracks: [JSONValue] = [videoTrack("V1", items: mainItems(t))]
        // One item per upper layer (its first clip stands for it) and per overlay, in stacking order.
        let firstOfLayer = Dictionary(t.clips.indices.filter { t.clips[$0].layer > 0 }.map { (t.clips[$0].layer, $0) }, uniquingKeysWith: min)
        let stacked = Stacking.order(firstOfLayer.values.map(Stacking.Item.clip) + t.overlays.indices.map(Stacking.Item.overlay), in: t)
        for item in stacked {
            switch item {
            case .clip(let first):
                let layer = t.clips[first].layer
                let clips = t.clips.filter { $0.layer == layer }.sorted { $0.timelineRange.start < $1.timelineRange.start }
                tracks.append(videoTrack("V\(tracks.count + 1)", items: withGaps(clips.map { ($0.timelineRange, clip($0, rate: rate)) }, rate: rate)))
            case .overlay(let i):
                let overlay = t.overlays[i]
                var metadata = JSONObject(["x": num(overlay.x), "y": num(overlay.y), "width": num(overlay.width), "opacity": num(overlay.opacity)])
                if let layer = overlay.layer { metadata["layer"] = .number(JSONNumber(layer)) }
                let item = plainClip(
                    name: overlay.id, media: overlay.media, start: .zero, duration: overlay.timelineRange.duration, rate: rate,
                    metadata: metadata)
                tracks.append(videoTrack("V\(tracks.count + 1) \(overlay.id)", items: withGaps([(overlay.timelineRange, item)], rate: rate)))
            case .text:
                break
            }
        }
        if !t.audio.isEmpty {
            let sounds = t.audio.sorted { $0.timelineRange.start < $1.timelineRange.start }.map { a in
                (
                    a.timelineRange,
                    plainClip(
                        name: a.id, media: a.media, start: a.sourceStart, duration: a.timelineRange.duration, rate: rate,
                        metadata: JSONObject([
                            "volume": num(a.volume), "role": .string(a.role.rawValue), "loop": .bool(a.loop),
                            "ducking": a.ducking.map(TimelineEncoder.ducking) ?? .null,
                            "fadeIn": .string(TimeText.string(from: a.fadeIn)),
                            "fadeOut": .string(TimeText.string(from: a.fadeOut)),
                        ]))
                )
            }
            tracks.append(track("A1", kind: "Audio", items: withGaps(sounds, rate: rate)))
        }
        let timelineMeta = JSONObject([
            "format": .number(JSONNumber(Timeline.currentFormat)), "frameRate": .string(rate.description),
            "width": .number(JSONNumber(t.canvas.width)), "height": .number(JSONNumber(t.canvas.height)),
            "texts": .array(
                t.texts.map { x in
                    var o = JSONObject(["id": .string(x.id), "text": .string(x.text), "range": range(x.timelineRange, rate: rate)])
                    if let layer = x.layer { o["layer"] = .number(JSONNumber(layer)) }
                    return .object(o)
                }),
            "grade": .array(t.grade.map { .string($0.kind) }),
        ])
        return schema(
            "Timeline.1",
            [
                "name": .string(t.source ?? "Reel"),
                "global_start_time": time(.zero, rate: rate),
                "metadata": .object(JSONObject(["reel": .object(timelineMeta)])),
                "tracks": schema(
                    "Stack.1",
                    [
                        "name": .string("tracks"), "children": .array(tracks), "source_range": .null, "effects": .array([]),
                        "markers": .array(musicMarkers(t)), "metadata": .object(musicMetadata(t)), "enabled": .bool(true),
                    ]),
            ])
    }

    /// The main track: its clips, with each transition between the two clips it joins.
    static func mainItems(_ t: Timeline) -> [JSONValue] {
        let rate = t.frameRate
        let main = t.clips.filter { $0.layer == 0 }
        var items: [JSONValue] = []
        for (i, c) in main.enumerated() {
            items.append(clip(c, rate: rate))
            guard i + 1 < main.count, let tr = t.transitions.first(where: { $0.from == c.id && $0.to == main[i + 1].id }) else { continue }
            let cut = c.timelineRange.end
            let dissolve = ["crossfade", "dipToBlack", "dipToWhite"].contains(tr.kind)
            items.append(
                schema(
                    "Transition.1",
                    [
                        "name": .string(tr.kind), "transition_type": .string(dissolve ? "SMPTE_Dissolve" : "Custom_Transition"),
                        "in_offset": time(cut - tr.range.start, rate: rate), "out_offset": time(tr.range.end - cut, rate: rate),
                        "metadata": .object(
                            JSONObject([
                                "reel": .object(
                                    JSONObject([
                                        "kind": .string(tr.kind), "easing": .string(tr.easing.rawValue),
                                    ]))
                            ])),
                    ]))
        }
        return items
    }

    static func clip(_ c: VideoClip, rate: FrameRate) -> JSONValue {
        var effects: [JSONValue] = []
        if c.speed != RationalTime(seconds: 1) || c.reverse {
            effects.append(
                schema(
                    "LinearTimeWarp.1",
                    [
                        "name": .string(""), "effect_name": .string("LinearTimeWarp"), "metadata": .object(JSONObject()),
                        "time_scalar": float(c.reverse ? -c.speed.seconds : c.speed.seconds),
                    ]))
        }
        var meta: JSONObject = JSONObject([
            "kind": .string(c.kind.rawValue), "fit": .string(c.fit.rawValue), "layer": .number(JSONNumber(c.layer)),
            "volume": num(c.volume), "opacity": num(c.opacity), "loop": .bool(c.loop),
            "rotation": .number(JSONNumber(c.orientation.rotation)), "mirrored": .bool(c.orientation.mirrored),
            "frame": .object(JSONObject(["x": num(c.frame.x), "y": num(c.frame.y), "width": num(c.frame.width), "height": num(c.frame.height)])),
            "filters": .array(c.filters.map { .string($0.kind) }), "motionKeyframes": .number(JSONNumber(c.motion.count)),
        ])
        if let beats = c.beats { meta["beats"] = .string(TimeText.ratioString(from: beats)) }
        // A smart clip's window path, as the timeline writes it (times from the clip's start).
        if !c.crop.isEmpty { meta["crop"] = .array(c.crop.map(TimelineEncoder.cropKeyframe)) }
        return plainClip(
            name: c.id, media: c.media, start: c.sourceRange.start, duration: c.timelineRange.duration, rate: rate,
            metadata: meta, effects: effects)
    }

    static func plainClip(
        name: String, media: String, start: RationalTime, duration: RationalTime, rate: FrameRate,
        metadata: JSONObject, effects: [JSONValue] = []
    ) -> JSONValue {
        schema(
            "Clip.2",
            [
                "name": .string(name), "enabled": .bool(true), "effects": .array(effects), "markers": .array([]),
                "metadata": .object(JSONObject(["reel": .object(metadata)])),
                "source_range": range(TimeRange(start: start, duration: duration), rate: rate),
                "active_media_reference_key": .string("DEFAULT_MEDIA"),
                "media_references": .object(
                    JSONObject([
                        "DEFAULT_MEDIA": schema(
                            "ExternalReference.1",
                            [
                                "name": .string(""), "target_url": .string(url(media)), "available_range": .null, "available_image_bounds": .null,
                                "metadata": .object(JSONObject()),
                            ])
                    ])),
            ])
    }

    /// Items placed at their ranges with gaps between them (a track has no positions of its own).
    static func withGaps(_ placed: [(TimeRange, JSONValue)], rate: FrameRate) -> [JSONValue] {
        var items: [JSONValue] = []
        var at = RationalTime.zero
        for (r, item) in placed {
            if r.start > at {
                items.append(
                    schema(
                        "Gap.1",
                        [
                            "name": .string(""), "enabled": .bool(true), "effects": .array([]), "markers": .array([]),
                            "metadata": .object(JSONObject()),
                            "source_range": range(TimeRange(start: .zero, duration: r.start - at), rate: rate),
                        ]))
            }
            items.append(item)
            at = max(at, r.end)
        }
        return items
    }

    static func videoTrack(_ name: String, items: [JSONValue]) -> JSONValue { track(name, kind: "Video", items: items) }

    static func track(_ name: String, kind: String, items: [JSONValue]) -> JSONValue {
        schema(
            "Track.1",
            [
                "name": .string(name), "kind": .string(kind), "children": .array(items), "source_range": .null, "effects": .array([]),
                "markers": .array([]), "metadata": .object(JSONObject()), "enabled": .bool(true),
            ])
    }

    static func schema(_ name: String, _ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        var o = JSONObject(members)
        o["OTIO_SCHEMA"] = .string(name)
        return .object(o)
    }

    /// A time as frames at `rate`: whole frames for times on the grid, fractional ones otherwise.
    static func time(_ t: RationalTime, rate: FrameRate) -> JSONValue {
        let frames = (try? t.multiplied(by: rate.asTime)).map { $0.value % $0.timescale == 0 ? Double($0.value / $0.timescale) : $0.seconds }
        return schema("RationalTime.1", ["rate": float(rate.framesPerSecond), "value": float(frames ?? t.seconds * rate.framesPerSecond)])
    }

    static func range(_ r: TimeRange, rate: FrameRate) -> JSONValue {
        schema("TimeRange.1", ["start_time": time(r.start, rate: rate), "duration": time(r.duration, rate: rate)])
    }

    /// A JSON number OpenTimelineIO reads as a float: always with a decimal point.
    static func float(_ x: Double) -> JSONValue {
        guard let n = JSONNumber(x) else { return .number(JSONNumber(0)) }
        return .number(n.text.contains(".") || n.text.contains("e") || n.text.contains("E") ? n : JSONNumber(text: n.text + ".0") ?? n)
    }

    static func num(_ x: Double) -> JSONValue { JSONNumber(x).map(JSONValue.number) ?? .null }

    /// `file://` URL of an absolute path, percent-encoding what a URL path may not hold.
    static func url(_ path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
