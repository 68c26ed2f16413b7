import DocumentJSON
import MediaTime

/// Encoding of the layered parts of a timeline: effects, motion, transitions, texts, overlays.
extension TimelineEncoder {
    /// A number in its shortest round-trip text, so it reads back as the same `Double`; `null` when not finite.
    package static func number(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    /// An effect as the decoder reads it; its file goes through `mediaPath` like every path written, `animation` only when set.
    package static func effect(_ e: Effect, mediaPath: (String) -> String) -> JSONValue {
        var o = JSONObject([
            "kind": .string(e.kind),
            "parameters": parameters(e.parameters),
        ])
        if let file = e.file { o["file"] = .string(mediaPath(file)) }
        // Written only when something moves, so still effects read as they always did.
        if !e.animation.isEmpty {
            o["animation"] = .object(
                JSONObject(
                    e.animation.sorted { $0.key < $1.key }.map { name, keys in
                        JSONObject.Member(
                            key: name,
                            value: .array(
                                keys.map { k in
                                    .object(JSONObject(["time": time(k.time), "value": number(k.value), "easing": .string(k.easing.rawValue)]))
                                }))
                    }))
        }
        return .object(o)
    }

    /// Parameters as an object with keys sorted, so equal effects write equal bytes.
    package static func parameters(_ p: [String: Double]) -> JSONValue {
        .object(JSONObject(p.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: number($0.value)) }))
    }

    /// A pose, every field written (defaults too), so a hand editor sees what each means.
    package static func keyframe(_ k: TransformKeyframe) -> JSONValue {
        .object(
            JSONObject([
                "time": time(k.time), "scale": number(k.scale), "x": number(k.x), "y": number(k.y),
                "rotation": number(k.rotation), "easing": .string(k.easing.rawValue),
            ]))
    }

    static func cropKeyframe(_ k: CropKeyframe) -> JSONValue {
        .object(JSONObject(["time": time(k.time), "x": number(k.x), "y": number(k.y)]))
    }

    /// A frame on the canvas, as fractions; the decoder's `rect` reads it back.
    package static func rect(_ r: LayerRect) -> JSONValue {
        .object(JSONObject(["x": number(r.x), "y": number(r.y), "width": number(r.width), "height": number(r.height)]))
    }

    /// A transition with its range, easing and parameters; the `lumaWipe` mask goes through `mediaPath`.
    package static func transition(_ t: Transition, mediaPath: (String) -> String) -> JSONValue {
        var o = JSONObject([
            "kind": .string(t.kind), "from": .string(t.from), "to": .string(t.to), "range": range(t.range),
            "easing": .string(t.easing.rawValue), "parameters": parameters(t.parameters),
        ])
        if let mask = t.mask { o["mask"] = .string(mediaPath(mask)) }
        return .object(o)
    }

    /// An entrance or exit, or `null` for none.
    package static func animation(_ a: LayerAnimation?) -> JSONValue {
        guard let a else { return .null }
        return .object(JSONObject(["kind": .string(a.kind), "duration": time(a.duration)]))
    }

    /// `#rrggbb` hex text (`#rrggbbaa` when not opaque), or `null` for none.
    package static func color(_ c: RGBAColor?) -> JSONValue {
        c.map { .string($0.hex) } ?? .null
    }

    /// A text item as the decoder's `text` reads it back, the same in every field.
    package static func text(_ t: TextItem, mediaPath: (String) -> String) -> JSONValue {
        let l = t.look
        // The timeline writes a look flat: each part's colour (null without it) and its lengths.
        var look = JSONObject([
            "size": number(l.size), "color": color(l.color), "strokeColor": color(l.stroke?.color),
            "strokeWidth": number(l.stroke?.width ?? 0), "shadowColor": color(l.shadow?.color), "shadowX": number(l.shadow?.dx ?? 0),
            "shadowY": number(l.shadow?.dy ?? 0), "shadowBlur": number(l.shadow?.blur ?? 0), "boxColor": color(l.box?.color),
            "boxPadding": number(l.box?.padding ?? 0), "boxRadius": number(l.box?.cornerRadius ?? 0),
            "alignment": .string(l.alignment.rawValue), "lineSpacing": number(l.lineSpacing),
        ])
        look["fontFamily"] = l.fontFamily.map(JSONValue.string) ?? .null
        look["fontFile"] = l.fontFile.map { .string(mediaPath($0)) } ?? .null
        look["minimumSize"] = l.minimumSize.map(number) ?? .null
        var item = JSONObject([
            "id": .string(t.id), "text": .string(t.text), "timelineRange": range(t.timelineRange), "look": .object(look),
            "x": number(t.x), "y": number(t.y), "anchorX": number(t.anchorX), "anchorY": number(t.anchorY),
            "maxWidth": number(t.maxWidth), "maxLines": optionalInteger(t.maxLines), "layer": optionalInteger(t.layer),
            "in": animation(t.animationIn), "out": animation(t.animationOut),
        ])
        // Written only when set, so that timelines without karaoke captions read as they always did.
        if let h = t.highlight {
            item["highlight"] = .object(
                JSONObject(["start": .number(JSONNumber(h.start)), "length": .number(JSONNumber(h.length)), "color": color(h.color)]))
        }
        if t.blend != "normal" { item["blend"] = .string(t.blend) }
        return .object(item)
    }

    /// An overlay as the decoder's `overlay` reads it back; its PNG path goes through `mediaPath`.
    package static func overlay(_ o: OverlayItem, mediaPath: (String) -> String) -> JSONValue {
        var item = JSONObject([
            "id": .string(o.id), "media": .string(mediaPath(o.media)), "timelineRange": range(o.timelineRange),
            "x": number(o.x), "y": number(o.y), "anchorX": number(o.anchorX), "anchorY": number(o.anchorY),
            "width": number(o.width), "opacity": number(o.opacity), "motion": .array(o.motion.map(keyframe)),
            "layer": optionalInteger(o.layer), "in": animation(o.animationIn), "out": animation(o.animationOut),
        ])
        // Written only when not `normal`, so overlays blended normally keep their bytes.
        if o.blend != "normal" { item["blend"] = .string(o.blend) }
        return .object(item)
    }

    /// A clip's key as the decoder's `key` reads it back: `{ "kind", "color", "parameters" }`.
    package static func key(_ k: ClipKey) -> JSONValue {
        .object(JSONObject(["kind": .string(k.kind), "color": .string(k.color.hex), "parameters": parameters(k.parameters)]))
    }

    /// An integer, or `null` for none (every field is written, so "none" is written too).
    static func optionalInteger(_ value: Int?) -> JSONValue {
        value.map { .number(JSONNumber($0)) } ?? .null
    }
}
