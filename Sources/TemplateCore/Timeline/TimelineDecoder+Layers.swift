import MediaTime

/// Decoding of the layered parts of a timeline: effects, motion, transitions, texts, overlays.
extension TimelineDecoder {
    func number(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>) throws(TimelineCodingError) -> Double {
        guard let v = value.numberValue?.doubleValue, v.isFinite, range.contains(v) else {
            throw reader.failure("expected a number in \(range.lowerBound)...\(range.upperBound), found \(value.numberValue?.text ?? value.typeName)", at: path)
        }
        return v
    }

    func optionalNumber(_ object: JSONObject, _ key: String, at path: JSONPath, in range: ClosedRange<Double>, default d: Double) throws(TimelineCodingError) -> Double {
        guard let v = object[key] else { return d }
        return try number(v, at: path.appending(key), in: range)
    }

    func array(_ object: JSONObject, _ key: String, at path: JSONPath) throws(TimelineCodingError) -> [JSONValue] {
        guard let v = object[key] else { return [] }
        guard let items = v.arrayValue else { throw reader.failure("expected an array", at: path.appending(key)) }
        return items
    }

    func effect(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Effect {
        let o = try reader.object(value, at: path, known: ["kind", "parameters", "file", "animation"])
        let kind = try reader.string(reader.required("kind", in: o, at: path), at: path.appending("kind"))
        let params = try parameters(o["parameters"], at: path.appending("parameters"))
        let file = try o["file"].map { v throws(TimelineCodingError) in try media(v, at: path.appending("file")) }
        var animation: [String: [EffectKeyframe]] = [:]
        if let v = o["animation"] {
            let ap = path.appending("animation")
            guard let members = v.objectValue?.members else { throw reader.failure("expected an object of keyframe lists by parameter", at: ap) }
            for member in members {
                guard let items = member.value.arrayValue, !items.isEmpty else {
                    throw reader.failure("expected a non-empty array of keyframes", at: ap.appending(member.key))
                }
                var keys: [EffectKeyframe] = []
                for (i, item) in items.enumerated() {
                    let kp = ap.appending(member.key).appending(i)
                    let k = try reader.object(item, at: kp, known: ["time", "value", "easing"])
                    let t = try reader.time(reader.required("time", in: k, at: kp), at: kp.appending("time"), frameRate: nil)
                    if let last = keys.last, t <= last.time { throw reader.failure("keyframe times must increase", at: kp.appending("time")) }
                    var easing = Easing.linear
                    if let e = k["easing"] { easing = try reader.choice(e, at: kp.appending("easing"), as: Easing.self) }
                    keys.append(EffectKeyframe(time: t, value: try number(reader.required("value", in: k, at: kp), at: kp.appending("value"), in: -1e9...1e9),
                                               easing: easing))
                }
                animation[member.key] = keys
            }
        }
        return Effect(kind: kind, parameters: params, file: file, animation: animation)
    }

    func parameters(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> [String: Double] {
        guard let value else { return [:] }
        guard let o = value.objectValue else { throw reader.failure("expected an object of named numbers", at: path) }
        var result: [String: Double] = [:]
        for member in o.members {
            result[member.key] = try number(member.value, at: path.appending(member.key), in: -1e9...1e9)
        }
        return result
    }

    func keyframe(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> TransformKeyframe {
        let o = try reader.object(value, at: path, known: ["time", "scale", "x", "y", "rotation", "easing"])
        let t = try reader.time(reader.required("time", in: o, at: path), at: path.appending("time"), frameRate: nil)
        var easing = Easing.linear
        if let v = o["easing"] { easing = try reader.choice(v, at: path.appending("easing"), as: Easing.self) }
        return TransformKeyframe(time: t, scale: try optionalNumber(o, "scale", at: path, in: 0.01...100, default: 1),
                                 x: try optionalNumber(o, "x", at: path, in: -10...10, default: 0),
                                 y: try optionalNumber(o, "y", at: path, in: -10...10, default: 0),
                                 rotation: try optionalNumber(o, "rotation", at: path, in: -3600...3600, default: 0), easing: easing)
    }

    func keyframes(_ object: JSONObject, _ key: String, at path: JSONPath) throws(TimelineCodingError) -> [TransformKeyframe] {
        var frames: [TransformKeyframe] = []
        for (i, v) in try array(object, key, at: path).enumerated() {
            let k = try keyframe(v, at: path.appending(key).appending(i))
            if let last = frames.last, k.time <= last.time {
                throw reader.failure("keyframe times must increase", at: path.appending(key).appending(i).appending("time"))
            }
            frames.append(k)
        }
        return frames
    }

    func rect(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> LayerRect {
        let o = try reader.object(value, at: path, known: ["x", "y", "width", "height"])
        return LayerRect(x: try optionalNumber(o, "x", at: path, in: -10...10, default: 0), y: try optionalNumber(o, "y", at: path, in: -10...10, default: 0),
                         width: try optionalNumber(o, "width", at: path, in: 0.001...10, default: 1),
                         height: try optionalNumber(o, "height", at: path, in: 0.001...10, default: 1))
    }

    func transition(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> Transition {
        let o = try reader.object(value, at: path, known: ["kind", "from", "to", "range", "easing", "parameters", "mask"])
        let kind = try reader.string(reader.required("kind", in: o, at: path), at: path.appending("kind"))
        let from = try reader.string(reader.required("from", in: o, at: path), at: path.appending("from"))
        let to = try reader.string(reader.required("to", in: o, at: path), at: path.appending("to"))
        let range = try reader.range(reader.required("range", in: o, at: path), at: path.appending("range"), frameRate: rate)
        var easing = Easing.linear
        if let v = o["easing"] { easing = try reader.choice(v, at: path.appending("easing"), as: Easing.self) }
        let mask = try o["mask"].map { v throws(TimelineCodingError) in try media(v, at: path.appending("mask")) }
        return Transition(kind: kind, from: from, to: to, range: range, easing: easing,
                          parameters: try parameters(o["parameters"], at: path.appending("parameters")), mask: mask)
    }

    func animation(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> LayerAnimation? {
        guard let value, !value.isJSONNull else { return nil }
        let o = try reader.object(value, at: path, known: ["kind", "duration"])
        return LayerAnimation(kind: try reader.string(reader.required("kind", in: o, at: path), at: path.appending("kind")),
                              duration: try reader.time(reader.required("duration", in: o, at: path), at: path.appending("duration"), frameRate: nil))
    }

    func color(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> RGBAColor? {
        guard let value, !value.isJSONNull else { return nil }
        let text = try reader.string(value, at: path)
        guard text.hasPrefix("#"), let c = RGBAColor(hex: text) else {
            throw reader.failure("expected a colour written #rrggbb or #rrggbbaa, found '\(text)'", at: path)
        }
        return c
    }

    func text(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> TextItem {
        let o = try reader.object(value, at: path, known: ["id", "text", "timelineRange", "look", "x", "y", "anchorX", "anchorY", "maxWidth",
                                                          "maxLines", "layer", "in", "out"])
        let lp = path.appending("look")
        let l = try reader.object(reader.required("look", in: o, at: path), at: lp,
                                  known: ["fontFamily", "fontFile", "size", "minimumSize", "color", "strokeColor", "strokeWidth", "shadowColor",
                                          "shadowX", "shadowY", "shadowBlur", "boxColor", "boxPadding", "boxRadius", "alignment", "lineSpacing"])
        func optionalString(_ key: String) throws(TimelineCodingError) -> String? {
            guard let v = l[key], !v.isJSONNull else { return nil }
            return try reader.string(v, at: lp.appending(key))
        }
        let fontFile = try l["fontFile"].flatMap { v throws(TimelineCodingError) -> String? in v.isJSONNull ? nil : try media(v, at: lp.appending("fontFile")) }
        let minimum: Double? = try l["minimumSize"].flatMap { v throws(TimelineCodingError) -> Double? in
            v.isJSONNull ? nil : try number(v, at: lp.appending("minimumSize"), in: 1...1000)
        }
        let alignment = try optionalString("alignment") ?? "center"
        guard ["left", "center", "right"].contains(alignment) else {
            throw reader.failure("alignment must be left, center or right", at: lp.appending("alignment"))
        }
        let look = TextLook(
            fontFamily: try optionalString("fontFamily"), fontFile: fontFile,
            size: try number(reader.required("size", in: l, at: lp), at: lp.appending("size"), in: 1...1000), minimumSize: minimum,
            color: try color(l["color"], at: lp.appending("color")) ?? .white,
            strokeColor: try color(l["strokeColor"], at: lp.appending("strokeColor")),
            strokeWidth: try optionalNumber(l, "strokeWidth", at: lp, in: 0...100, default: 0),
            shadowColor: try color(l["shadowColor"], at: lp.appending("shadowColor")),
            shadowX: try optionalNumber(l, "shadowX", at: lp, in: -200...200, default: 0),
            shadowY: try optionalNumber(l, "shadowY", at: lp, in: -200...200, default: 0),
            shadowBlur: try optionalNumber(l, "shadowBlur", at: lp, in: 0...100, default: 0),
            boxColor: try color(l["boxColor"], at: lp.appending("boxColor")),
            boxPadding: try optionalNumber(l, "boxPadding", at: lp, in: 0...500, default: 0),
            boxRadius: try optionalNumber(l, "boxRadius", at: lp, in: 0...500, default: 0),
            alignment: alignment, lineSpacing: try optionalNumber(l, "lineSpacing", at: lp, in: 0.5...4, default: 1.2))
        return TextItem(
            id: try reader.string(reader.required("id", in: o, at: path), at: path.appending("id")),
            text: try reader.string(reader.required("text", in: o, at: path), at: path.appending("text")),
            timelineRange: try reader.range(reader.required("timelineRange", in: o, at: path), at: path.appending("timelineRange"), frameRate: rate),
            look: look, x: try optionalNumber(o, "x", at: path, in: -1...2, default: 0.5), y: try optionalNumber(o, "y", at: path, in: -1...2, default: 0.5),
            anchorX: try optionalNumber(o, "anchorX", at: path, in: 0...1, default: 0.5), anchorY: try optionalNumber(o, "anchorY", at: path, in: 0...1, default: 0.5),
            maxWidth: try optionalNumber(o, "maxWidth", at: path, in: 0.01...1, default: 0.9),
            maxLines: try optionalInteger(o, "maxLines", at: path, in: 1...1000),
            animationIn: try animation(o["in"], at: path.appending("in")), animationOut: try animation(o["out"], at: path.appending("out")),
            layer: try optionalInteger(o, "layer", at: path, in: Self.layers))
    }

    func overlay(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> OverlayItem {
        let o = try reader.object(value, at: path, known: ["id", "media", "timelineRange", "x", "y", "anchorX", "anchorY", "width", "opacity", "motion",
                                                          "layer", "in", "out"])
        return OverlayItem(
            id: try reader.string(reader.required("id", in: o, at: path), at: path.appending("id")),
            media: try media(reader.required("media", in: o, at: path), at: path.appending("media")),
            timelineRange: try reader.range(reader.required("timelineRange", in: o, at: path), at: path.appending("timelineRange"), frameRate: rate),
            x: try optionalNumber(o, "x", at: path, in: -1...2, default: 0.5), y: try optionalNumber(o, "y", at: path, in: -1...2, default: 0.5),
            anchorX: try optionalNumber(o, "anchorX", at: path, in: 0...1, default: 0.5), anchorY: try optionalNumber(o, "anchorY", at: path, in: 0...1, default: 0.5),
            width: try optionalNumber(o, "width", at: path, in: 0.001...4, default: 0.3), opacity: try optionalNumber(o, "opacity", at: path, in: 0...1, default: 1),
            motion: try keyframes(o, "motion", at: path),
            animationIn: try animation(o["in"], at: path.appending("in")), animationOut: try animation(o["out"], at: path.appending("out")),
            layer: try optionalInteger(o, "layer", at: path, in: Self.layers))
    }

    /// Stacking numbers of clips, overlays and texts alike.
    static let layers = 0...100

    /// An integer in `range` when the key is there and not `null`; nil otherwise.
    func optionalInteger(_ object: JSONObject, _ key: String, at path: JSONPath, in range: ClosedRange<Int>) throws(TimelineCodingError) -> Int? {
        guard let v = object[key], !v.isJSONNull else { return nil }
        return try reader.integer(v, at: path.appending(key), in: range)
    }
}

extension JSONValue {
    /// True for JSON `null`, which optional timeline fields use for "none".
    var isJSONNull: Bool {
        if case .null = self { return true }
        return false
    }
}
