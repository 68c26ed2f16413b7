import DocumentJSON
import MediaTime

/// Writes a timeline as OpenTimelineIO JSON (`.otio`), so DaVinci Resolve, Premiere (through its
/// adapters) and other editors open what Reel made.
///
/// The mapping, OpenTimelineIO's own schema wherever it has one:
///
/// | Reel | OpenTimelineIO |
/// |---|---|
/// | canvas colour | video track `Background`, the lowest: one clip of a `GeneratorReference.1` of kind `SolidColor` |
/// | main track (layer 0) | video track `V1`: `Clip.2`s cut to cut, a `Transition.1` between two clips, its `in_offset` the frames before the cut and `out_offset` those after |
/// | clips of one upper layer | a video track `Vk`, `Gap.1`s around its clips |
/// | overlay | a video track `Vk <id>` of its own, the PNG as the clip's media |
/// | texts | video tracks `Vk text` (as few as their times allow), each text a clip of a `GeneratorReference.1` of kind `Text` |
/// | music and other sounds | audio tracks `A1`, `A2`, ... (as few as their times allow) |
/// | the clips' own sound, where heard (volume above 0) | audio tracks `Ak clip sound`: the clips' pieces again, without a held frame |
/// | the music's beats, bars and sections | `Marker.2`s on the stack (see `musicMarkers`) |
/// | speed, reverse | a `LinearTimeWarp.1` effect (`time_scalar`, negative when reversed) |
/// | a clip holding its video's last frame | a clip of its own with a `FreezeFrame.1` effect on that frame |
/// | a looping clip or sound | one clip per pass over its media |
/// | everything else (fit, crop path, frame, motion, filters, a text's look, volume, a transition's kind, easing, parameters and dip colour) | `metadata.reel` of the item or timeline |
///
/// A clip's `source_range` starts at its source in-point (for a reversed clip, the earliest
/// media time it plays) and lasts its time on the timeline; the media it plays runs from there
/// for that time × the time warp's scalar, within the reference's `available_range` (the media's
/// probed length, from `media`; photos and media not given have none). Times are frames at the
/// output rate (`RationalTime.1` with the rate as a float, as OpenTimelineIO stores them).
/// Crossfades become `SMPTE_Dissolve`, other kinds `Custom_Transition` with their Reel kind in the
/// metadata (a dip's colour too). Media are `ExternalReference.1`s with `file://` URLs for
/// absolute paths (relative paths are written as relative URLs).
///
/// Video tracks above `V1` follow the renderer's stacking order (`Stacking`: upper layers,
/// overlays and texts interleaved by their layer numbers), numbered `V2`, `V3`, ... bottom to
/// top, since OpenTimelineIO stacks tracks in the order they are listed.
package enum OTIOExport {
    /// The OpenTimelineIO document as deterministic JSON text (`.otio`); `media` gives probed lengths, keyed by path.
    package static func text(_ t: Timeline, media: [String: MediaExtent] = [:]) -> String { JSONWriter.write(document(t, media: media)) }

    /// The OpenTimelineIO `Timeline.1` value; `media` maps paths to probed lengths for available ranges and splits.
    package static func document(_ t: Timeline, media: [String: MediaExtent] = [:]) -> JSONValue {
        let rate = t.frameRate
        var tracks: [JSONValue] = [background(t), videoTrack("V1", items: mainItems(t, media: media))]
        // One item per upper layer (its first clip stands for it), per overlay and per text, in
        // stacking order; texts next to each other in that order share tracks.
        let firstOfLayer = Dictionary(t.clips.indices.filter { t.clips[$0].layer > 0 }.map { (t.clips[$0].layer, $0) }, uniquingKeysWith: min)
        let stacked = Stacking.order(
            firstOfLayer.values.map(Stacking.Item.clip) + t.overlays.indices.map(Stacking.Item.overlay) + t.texts.indices.map(Stacking.Item.text),
            in: t)
        var texts: [Int] = []
        func flushTexts() {
            for lane in lanes(texts.map { t.texts[$0].timelineRange }) {
                let placed = lane.map { (t.texts[texts[$0]].timelineRange, textItem(t.texts[texts[$0]], rate: rate)) }
                tracks.append(videoTrack("V\(tracks.count) text", items: withGaps(placed, rate: rate)))
            }
            texts = []
        }
        for item in stacked {
            if case .text(let i) = item {
                texts.append(i)
                continue
            }
            flushTexts()
            switch item {
            case .clip(let first):
                let layer = t.clips[first].layer
                let clips = t.clips.filter { $0.layer == layer }.sorted { $0.timelineRange.start < $1.timelineRange.start }
                tracks.append(videoTrack("V\(tracks.count)", items: withGaps(clips.flatMap { clipItems($0, rate: rate, media: media) }, rate: rate)))
            case .overlay(let i):
                tracks.append(
                    videoTrack("V\(tracks.count) \(t.overlays[i].id)", items: withGaps([overlayItem(t.overlays[i], rate: rate)], rate: rate)))
            case .text:
                break
            }
        }
        flushTexts()
        let sounds = t.audio.sorted { $0.timelineRange.start < $1.timelineRange.start }.flatMap { soundItems($0, rate: rate, media: media) }
        var audio = 0
        for lane in lanes(sounds.map(\.0)) {
            audio += 1
            tracks.append(track("A\(audio)", kind: "Audio", items: withGaps(lane.map { sounds[$0] }, rate: rate)))
        }
        // The clips' own sound, where it is heard, on tracks of its own.
        let heard = t.clips.filter { $0.kind == .video && $0.volume > 0 }.sorted { $0.timelineRange.start < $1.timelineRange.start }
        let clipSounds = heard.flatMap { clipItems($0, rate: rate, media: media, sound: true) }
        for lane in lanes(clipSounds.map(\.0)) {
            audio += 1
            tracks.append(track("A\(audio) clip sound", kind: "Audio", items: withGaps(lane.map { clipSounds[$0] }, rate: rate)))
        }
        let timelineMeta = JSONObject([
            "format": .number(JSONNumber(Timeline.currentFormat)), "frameRate": .string(rate.description),
            "width": .number(JSONNumber(t.canvas.width)), "height": .number(JSONNumber(t.canvas.height)),
            "background": .string(t.canvas.background.hex), "grade": .array(t.grade.map { TimelineEncoder.effect($0, mediaPath: { $0 }) }),
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

    /// The main track: its clips (each in the pieces it plays as), with each transition between
    /// the two clips it joins.
    static func mainItems(_ t: Timeline, media: [String: MediaExtent]) -> [JSONValue] {
        let rate = t.frameRate
        let main = t.clips.filter { $0.layer == 0 }
        var items: [JSONValue] = []
        for (i, c) in main.enumerated() {
            items += clipItems(c, rate: rate, media: media).map(\.1)
            guard i + 1 < main.count, let tr = t.transitions.first(where: { $0.from == c.id && $0.to == main[i + 1].id }) else { continue }
            items.append(transition(tr, cut: c.timelineRange.end, rate: rate))
        }
        return items
    }

    /// Groups ranges into as few lanes as keep each lane's ranges apart, each lane in time order
    /// (indices into `ranges`, which are in time order): the first lane that is free takes a range.
    static func lanes(_ ranges: [TimeRange]) -> [[Int]] {
        var lanes: [[Int]] = []
        var ends: [RationalTime] = []
        for (i, r) in ranges.enumerated().sorted(by: { $0.element.start < $1.element.start }) {
            if let free = ends.firstIndex(where: { $0 <= r.start }) {
                lanes[free].append(i)
                ends[free] = r.end
            } else {
                lanes.append([i])
                ends.append(r.end)
            }
        }
        return lanes
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
