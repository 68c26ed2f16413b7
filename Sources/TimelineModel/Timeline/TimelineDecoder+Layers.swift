import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime

/// Decoding of the layered parts of a timeline: motion, frames, texts, overlays.
extension TimelineDecoder {
    /// A finite number; outside `range` it is reported with `code` and still returned, so reading goes on.
    package func number(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>, code: DiagnosticCode = .outOfRange)
        throws(TimelineCodingError)
        -> Double
    {
        try reader.number(value, at: path, in: range, code: code)
    }

    func optionalNumber(
        _ object: JSONObject, _ key: String, at path: JSONPath, in range: ClosedRange<Double>, default d: Double,
        code: DiagnosticCode = .outOfRange
    ) throws(TimelineCodingError) -> Double {
        guard let v = object[key] else { return d }
        return try number(v, at: path.appending(key), in: range, code: code)
    }

    /// The array under `key`, empty when the key is absent (every list of a timeline is optional); another type throws.
    package func array(_ object: JSONObject, _ key: String, at path: JSONPath) throws(TimelineCodingError) -> [JSONValue] {
        guard let v = object[key] else { return [] }
        guard let items = v.arrayValue else {
            throw reader.failure("expected an array, found \(v.typeName)", at: path.appending(key), notes: ["write an array [ ], empty for none"])
        }
        return items
    }

    /// One pose: `time` required, the rest defaulting to the layer as framed, each within its `Limits` range.
    package func keyframe(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> TransformKeyframe {
        let o = try reader.object(value, at: path, known: ["time", "scale", "x", "y", "rotation", "easing"])
        let t = try reader.time(reader.required("time", in: o, at: path), at: path.appending("time"), frameRate: nil)
        var easing = Easing.linear
        if let v = o["easing"] { easing = try reader.choice(v, at: path.appending("easing"), as: Easing.self) }
        return TransformKeyframe(
            time: t, scale: try optionalNumber(o, "scale", at: path, in: Limits.poseScale, default: 1),
            x: try optionalNumber(o, "x", at: path, in: Limits.poseOffset, default: 0),
            y: try optionalNumber(o, "y", at: path, in: Limits.poseOffset, default: 0),
            rotation: try optionalNumber(o, "rotation", at: path, in: Limits.timelineRotation, default: 0), easing: easing)
    }

    /// The poses under `key` (absent is none); more than `Limits.maxKeyframes` is reported, and times must increase.
    package func keyframes(_ object: JSONObject, _ key: String, at path: JSONPath) throws(TimelineCodingError) -> [TransformKeyframe] {
        var frames: [TransformKeyframe] = []
        let values = try array(object, key, at: path)
        if values.count > Limits.maxKeyframes {
            reader.report(
                "\(values.count) keyframes; the limit is \(Limits.maxKeyframes)", at: path.appending(key), code: .tooMany, notes: ["remove some"])
        }
        for (i, v) in values.enumerated() {
            let k = try keyframe(v, at: path.appending(key).appending(i))
            if let last = frames.last, k.time <= last.time {
                reader.report(
                    "keyframe times must increase", at: path.appending(key).appending(i).appending("time"), code: .keyframeOrder,
                    notes: ["make it later than \(TimeText.string(from: last.time))"])
            }
            frames.append(k)
        }
        return frames
    }

    /// A smart clip's crop path: centres in 0...1 (L032); its times and fit are the rules of
    /// `TimelineValidation` (L031, L033), which the editor checks too.
    package func crop(_ object: JSONObject, at path: JSONPath) throws(TimelineCodingError) -> [CropKeyframe] {
        let values = try array(object, "crop", at: path)
        let cp = path.appending("crop")
        if values.count > Limits.maxCropKeyframes {
            reader.report(
                "\(values.count) crop keyframes; the limit is \(Limits.maxCropKeyframes)", at: cp, code: .tooMany,
                notes: ["write at most a few a second"])
        }
        var keys: [CropKeyframe] = []
        for (i, v) in values.enumerated() {
            let kp = cp.appending(i)
            let o = try reader.object(v, at: kp, known: ["time", "x", "y"])
            let t = try reader.time(reader.required("time", in: o, at: kp), at: kp.appending("time"), frameRate: nil)
            keys.append(
                CropKeyframe(
                    time: t, x: try optionalNumber(o, "x", at: kp, in: Limits.fraction, default: 0.5, code: .cropCentre),
                    y: try optionalNumber(o, "y", at: kp, in: Limits.fraction, default: 0.5, code: .cropCentre)))
        }
        return keys
    }

    /// A clip's frame on the canvas: every key optional, defaulting to the whole canvas; values out of range are reported as `layerRect`.
    package func rect(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> LayerRect {
        let o = try reader.object(value, at: path, known: ["x", "y", "width", "height"])
        let r = LayerRect(
            x: try optionalNumber(o, "x", at: path, in: Limits.fraction, default: 0, code: .layerRect),
            y: try optionalNumber(o, "y", at: path, in: Limits.fraction, default: 0, code: .layerRect),
            width: try optionalNumber(o, "width", at: path, in: Limits.rectSide, default: 1, code: .layerRect),
            height: try optionalNumber(o, "height", at: path, in: Limits.rectSide, default: 1, code: .layerRect))
        // The template's rule (T060), with its tolerance for fractions written to a few digits.
        if r.x + r.width > 1.001 || r.y + r.height > 1.001 {
            reader.report(
                "the frame reaches past the canvas's edge (x + width or y + height above 1)", at: path, code: .layerRect,
                notes: ["make x + width and y + height at most 1"])
        }
        return r
    }

    /// An entrance or exit: a catalog text animation and a duration of at most `Limits.maxAnimation`; nil for absent or `null`.
    package func animation(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> LayerAnimation? {
        guard let value, !value.isJSONNull else { return nil }
        let o = try reader.object(value, at: path, known: ["kind", "duration"])
        let kind = try reader.word(
            reader.required("kind", in: o, at: path), at: path.appending("kind"), among: Catalog.ids(of: .textAnimation),
            what: "a text animation of the catalog (reel catalog)")
        let dp = path.appending("duration")
        let duration = try reader.time(reader.required("duration", in: o, at: path), at: dp, frameRate: nil)
        if duration > Limits.maxAnimation {
            reader.report(
                "an animation lasts at most \(TimeText.string(from: Limits.maxAnimation))", at: dp, code: .outOfRange,
                notes: ["shorten it to \(TimeText.string(from: Limits.maxAnimation)) or less"])
        }
        return LayerAnimation(kind: kind ?? "", duration: duration)
    }

    /// A colour written `#rrggbb` or `#rrggbbaa`; nil for absent or `null`, anything else throws.
    package func color(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> RGBAColor? {
        guard let value, !value.isJSONNull else { return nil }
        let text = try reader.string(value, at: path)
        guard text.hasPrefix("#"), let c = RGBAColor(hex: text) else {
            throw reader.failure(
                "expected a colour written #rrggbb or #rrggbbaa, found '\(text)'", at: path, code: .backgroundColor,
                notes: ["write it like \"#ffffff\" or \"#00000080\""])
        }
        return c
    }

    /// A text item with its look, place, animations and highlight; values out of range are reported, wrong types throw.
    package func text(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> TextItem {
        let o = try reader.object(
            value, at: path,
            known: [
                "id", "text", "timelineRange", "look", "x", "y", "anchorX", "anchorY", "maxWidth",
                "maxLines", "layer", "in", "out", "highlight", "blend",
            ])
        let lp = path.appending("look")
        let l = try reader.object(
            reader.required("look", in: o, at: path), at: lp,
            known: [
                "fontFamily", "fontFile", "size", "minimumSize", "color", "strokeColor", "strokeWidth", "shadowColor",
                "shadowX", "shadowY", "shadowBlur", "boxColor", "boxPadding", "boxRadius", "alignment", "lineSpacing",
            ])
        func optionalString(_ key: String) throws(TimelineCodingError) -> String? {
            guard let v = l[key], !v.isJSONNull else { return nil }
            return try reader.string(v, at: lp.appending(key))
        }
        let fontFile = try l["fontFile"].flatMap { v throws(TimelineCodingError) -> String? in
            v.isJSONNull ? nil : try media(v, at: lp.appending("fontFile"))
        }
        let minimum: Double? = try l["minimumSize"].flatMap { v throws(TimelineCodingError) -> Double? in
            v.isJSONNull ? nil : try number(v, at: lp.appending("minimumSize"), in: Limits.textSize)
        }
        let alignmentName = try optionalString("alignment") ?? "center"
        guard let alignment = TextAlignment(rawValue: alignmentName) else {
            throw reader.failure(
                "alignment must be left, center or right", at: lp.appending("alignment"), code: .unknownChoice,
                notes: ["use left, center or right"])
        }
        let strokeWidth = try optionalNumber(l, "strokeWidth", at: lp, in: Limits.textStroke, default: 0)
        let shadowX = try optionalNumber(l, "shadowX", at: lp, in: Limits.textShadowOffset, default: 0)
        let shadowY = try optionalNumber(l, "shadowY", at: lp, in: Limits.textShadowOffset, default: 0)
        let shadowBlur = try optionalNumber(l, "shadowBlur", at: lp, in: Limits.textShadowBlur, default: 0)
        let boxPadding = try optionalNumber(l, "boxPadding", at: lp, in: Limits.textBox, default: 0)
        let boxRadius = try optionalNumber(l, "boxRadius", at: lp, in: Limits.textBox, default: 0)
        // A part is drawn when it has a colour; its lengths without one are read (and checked) only.
        let look = TextLook(
            fontFamily: try optionalString("fontFamily"), fontFile: fontFile,
            size: try number(reader.required("size", in: l, at: lp), at: lp.appending("size"), in: Limits.textSize), minimumSize: minimum,
            color: try color(l["color"], at: lp.appending("color")) ?? .white,
            stroke: try color(l["strokeColor"], at: lp.appending("strokeColor")).map { TextStroke(color: $0, width: strokeWidth) },
            shadow: try color(l["shadowColor"], at: lp.appending("shadowColor")).map {
                TextShadow(color: $0, dx: shadowX, dy: shadowY, blur: shadowBlur)
            },
            box: try color(l["boxColor"], at: lp.appending("boxColor")).map { TextBox(color: $0, padding: boxPadding, cornerRadius: boxRadius) },
            alignment: alignment, lineSpacing: try optionalNumber(l, "lineSpacing", at: lp, in: Limits.textLineSpacing, default: 1.2))
        if let minimum, minimum > look.size {
            reader.report(
                "minimumSize \(Catalog.number(minimum)) is larger than the size \(Catalog.number(look.size))", at: lp.appending("minimumSize"),
                code: .outOfRange, notes: ["make it at most \(Catalog.number(look.size)), or null"])
        }
        return TextItem(
            id: try reader.text(reader.required("id", in: o, at: path), at: path.appending("id"), maxLength: Limits.maxShortText),
            text: try reader.text(reader.required("text", in: o, at: path), at: path.appending("text"), maxLength: Limits.maxLongText),
            timelineRange: try reader.range(reader.required("timelineRange", in: o, at: path), at: path.appending("timelineRange"), frameRate: rate),
            look: look, x: try optionalNumber(o, "x", at: path, in: Limits.position, default: 0.5),
            y: try optionalNumber(o, "y", at: path, in: Limits.position, default: 0.5),
            anchorX: try optionalNumber(o, "anchorX", at: path, in: Limits.fraction, default: 0.5),
            anchorY: try optionalNumber(o, "anchorY", at: path, in: Limits.fraction, default: 0.5),
            maxWidth: try optionalNumber(o, "maxWidth", at: path, in: Limits.textMaxWidth, default: 0.9),
            maxLines: try optionalInteger(o, "maxLines", at: path, in: Limits.maxTextLines),
            animationIn: try animation(o["in"], at: path.appending("in")), animationOut: try animation(o["out"], at: path.appending("out")),
            layer: try optionalInteger(o, "layer", at: path, in: Self.layers),
            highlight: try highlight(o["highlight"], at: path.appending("highlight")), blend: try blend(o, at: path))
    }

    /// `{ "start", "length", "color" }` in characters, or null.
    package func highlight(_ value: JSONValue?, at path: JSONPath) throws(TimelineCodingError) -> TextHighlight? {
        guard let value, !value.isJSONNull else { return nil }
        let h = try reader.object(value, at: path, known: ["start", "length", "color"])
        let characters = 0...Limits.maxLongText
        return TextHighlight(
            start: try reader.integer(reader.required("start", in: h, at: path), at: path.appending("start"), in: characters),
            length: try reader.integer(reader.required("length", in: h, at: path), at: path.appending("length"), in: characters),
            color: try color(reader.required("color", in: h, at: path), at: path.appending("color")) ?? .white)
    }

    /// An overlay: its PNG path mapped like media, its place, motion, animations and layer.
    package func overlay(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> OverlayItem {
        let o = try reader.object(
            value, at: path,
            known: [
                "id", "media", "timelineRange", "x", "y", "anchorX", "anchorY", "width", "opacity", "motion",
                "layer", "in", "out", "blend",
            ])
        return OverlayItem(
            id: try reader.text(reader.required("id", in: o, at: path), at: path.appending("id"), maxLength: Limits.maxShortText),
            media: try media(reader.required("media", in: o, at: path), at: path.appending("media")),
            timelineRange: try reader.range(reader.required("timelineRange", in: o, at: path), at: path.appending("timelineRange"), frameRate: rate),
            x: try optionalNumber(o, "x", at: path, in: Limits.position, default: 0.5),
            y: try optionalNumber(o, "y", at: path, in: Limits.position, default: 0.5),
            anchorX: try optionalNumber(o, "anchorX", at: path, in: Limits.fraction, default: 0.5),
            anchorY: try optionalNumber(o, "anchorY", at: path, in: Limits.fraction, default: 0.5),
            width: try optionalNumber(o, "width", at: path, in: Limits.layerWidth, default: 0.3),
            opacity: try optionalNumber(o, "opacity", at: path, in: Limits.fraction, default: 1),
            motion: try keyframes(o, "motion", at: path),
            animationIn: try animation(o["in"], at: path.appending("in")), animationOut: try animation(o["out"], at: path.appending("out")),
            layer: try optionalInteger(o, "layer", at: path, in: Self.layers), blend: try blend(o, at: path))
    }

    /// The item's `blend`, a blend mode of the catalog; `normal` when left out.
    package func blend(_ object: JSONObject, at path: JSONPath) throws(TimelineCodingError) -> String {
        guard let v = object["blend"] else { return "normal" }
        let word = try reader.word(v, at: path.appending("blend"), among: Catalog.ids(of: .blend), what: "a blend mode of the catalog (reel catalog)")
        return word ?? "normal"
    }

    /// A clip's key: a key of the catalog, the colour it makes transparent, and its number
    /// parameters, each within its range; those left out take the catalog's defaults.
    package func key(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> ClipKey {
        let o = try reader.object(value, at: path, known: ["kind", "color", "parameters"])
        let kindText = try reader.word(
            reader.required("kind", in: o, at: path), at: path.appending("kind"), among: Catalog.ids(of: .key),
            what: "a key of the catalog (reel catalog)")
        let entry = kindText.flatMap { Catalog.entry(.key, $0) }
        let fallback = entry?.parameters.lazy.compactMap(\.defaultColor).first.flatMap(RGBColor.init(hex:)) ?? RGBColor(red: 0, green: 255, blue: 0)
        var color = fallback
        if let c = try self.color(o["color"], at: path.appending("color")) {
            if c.alpha != 255 {
                reader.report(
                    "a key colour is opaque", at: path.appending("color"), code: .backgroundColor, notes: ["write it #rrggbb"])
            }
            color = RGBColor(red: c.red, green: c.green, blue: c.blue)
        }
        return ClipKey(
            kind: kindText ?? "", color: color, parameters: try parameters(o["parameters"], of: entry, at: path.appending("parameters")))
    }

    /// Stacking numbers of clips, overlays and texts alike.
    package static let layers = Limits.layerNumbers

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
