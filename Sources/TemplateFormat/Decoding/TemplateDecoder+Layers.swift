import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// The layer rules: at most 64 layers, each with a unique id, a `kind` (media, image, text or captions),
/// a start and optional duration in seconds or frames, an opacity within 0...1, a blend mode of the
/// catalog (not for captions), and the keys of its kind.
extension TemplateDecoder {
    static let layerKinds = ["media", "image", "text", "captions"]

    mutating func readLayers(_ root: JSONObject) -> [LayerSpec]? {
        guard let value = root["layers"] else { return [] }
        let path = JSONPath.root.appending("layers")
        guard
            let items = context.array(
                value, at: path, limit: Limits.maxLayers, what: "layers",
                example: "\"layers\": [{ \"id\": \"title\", \"kind\": \"text\", \"text\": \"Hello\" }]")
        else { return nil }
        var layers: [LayerSpec] = []
        var valid = true
        for (index, item) in items.enumerated() {
            if let layer = readLayer(item, at: path.appending(index)) { layers.append(layer) } else { valid = false }
        }
        return valid ? layers : nil
    }

    private mutating func readLayer(_ value: JSONValue, at path: JSONPath) -> LayerSpec? {
        let example = "{ \"id\": \"title\", \"kind\": \"text\", \"text\": \"Hello\" }"
        guard let object = value.objectValue else {
            context.wrongType(at: path, found: value, expected: "an object", example: example)
            return nil
        }
        guard let kindValue = context.required("kind", in: object, at: path, example: "\"kind\": \"text\""),
            let kind = context.word(
                kindValue, at: path.appending("kind"), among: Self.layerKinds, what: "a layer kind (media, image, text, captions)")
        else {
            context.reportUnknownKeys(of: object, at: path, known: TemplateKeys.layerCommon)
            return nil
        }
        let keys =
            switch kind {
            case "media": TemplateKeys.mediaLayer
            case "image": TemplateKeys.imageLayer
            case "captions": TemplateKeys.captionsLayer
            default: TemplateKeys.textLayer
            }
        context.reportUnknownKeys(of: object, at: path, known: keys)

        var valid = true
        var id: String?
        if let raw = context.required("id", in: object, at: path, example: "\"id\": \"title\""),
            let text = context.text(raw, at: path.appending("id"), maxLength: Limits.maxShortText, example: "\"id\": \"title\"")
        {
            id = claim(id: text, at: path.appending("id")) ? text : nil
        }
        // Times in seconds, frames, or beats: the start counted from the start of the video, the
        // duration from the layer's start.
        var start: RationalTime? = .zero
        if let raw = object["start"] {
            start = boundedLength(
                raw, at: path.appending("start"), from: .zero, in: .zero...Limits.maxTotalDuration,
                what: "layer start", referenceName: "the start of the video")
            if start == nil { valid = false }
        }
        var duration: RationalTime?? = .some(nil)
        if let raw = object["duration"] {
            duration = boundedLength(
                raw, at: path.appending("duration"), from: start,
                in: frameRate.frameDuration...Limits.maxTotalDuration,
                what: "layer duration", referenceName: "the layer's start"
            ).map { .some($0) }
            if duration == nil { valid = false }
        }
        facts.layers.append(
            LayerFacts(
                path: path, id: id, start: start, duration: duration,
                isTimed: object["start"] != nil || object["duration"] != nil))
        // Where the layer ends, for a leaving animation counted in beats back from it.
        var end: RationalTime?
        if let start, let written = duration {
            // A layer lasting past the video is cut at its end.
            end = written.map { start.addingReportingOverflow($0) } ?? facts.total
            if let total = facts.total, let e = end, e > total { end = total }
        }
        let span = LayerSpan(start: start, end: end)
        let timing = ItemTiming(start: start, duration: end.flatMap { e in start.flatMap { e.subtractingReportingOverflow($0) } }, name: "the layer")
        var opacity = 1.0
        if let raw = object["opacity"] {
            if let x = context.number(raw, at: path.appending("opacity"), in: Limits.fraction, what: "opacity") {
                opacity = x
            } else {
                valid = false
            }
        }
        // Captions are drawn as they are; their layer takes no `blend` (an unknown key, reported above).
        var blend = "normal"
        if kind != "captions", let raw = object["blend"] {
            if let word = context.word(raw, at: path.appending("blend"), among: Catalog.ids(of: .blend), what: "a blend mode in the catalog") {
                blend = word
            } else {
                valid = false
            }
        }
        let content: LayerContent? =
            switch kind {
            case "media": readMediaLayer(object, at: path, timing: timing).map(LayerContent.media)
            case "image": readImageLayer(object, at: path, span: span, timing: timing).map(LayerContent.image)
            case "captions": readCaptionsLayer(object, at: path).map(LayerContent.captions)
            default: readTextLayer(object, at: path, span: span).map(LayerContent.text)
            }
        guard valid, let id, let start, let duration, let content else { return nil }
        return LayerSpec(id: id, start: start, duration: duration, opacity: opacity, blend: blend, content: content)
    }

    private mutating func readMediaLayer(_ object: JSONObject, at path: JSONPath, timing: ItemTiming) -> MediaLayerSpec? {
        var valid = true
        let accepts = choice(object, "accepts", at: path, default: SlotAccepts.any, valid: &valid)
        let fit = choice(object, "fit", at: path, default: Fit.cover, valid: &valid)
        var rect: LayerRect?
        if let raw = context.required("rect", in: object, at: path, example: "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 0.5 }") {
            rect = readRect(raw, at: path.appending("rect"))
        }
        var volume: Double? = 0
        if let raw = object["volume"] { volume = context.volume(raw, at: path.appending("volume")) }
        let playback = readPlayback(object, at: path)
        var motion: MotionSpec?
        if let raw = object["motion"] {
            motion = readMotion(raw, at: path.appending("motion"), timing: timing)
            if motion == nil { valid = false }
        }
        var filters: [EffectSpec]? = []
        if let raw = object["filters"] { filters = readFilters(raw, at: path.appending("filters"), timing: timing) }
        var key: EffectSpec?
        if let raw = object["key"] {
            key = readKey(raw, at: path.appending("key"))
            if key == nil { valid = false }
        }
        guard valid, let rect, let volume, let playback, let filters else { return nil }
        return MediaLayerSpec(
            accepts: accepts, rect: rect, fit: fit, volume: volume, playback: playback, motion: motion, filters: filters, key: key)
    }

    /// A rectangle inside the canvas, in fractions: x, y from the top-left corner; width and height above 0.
    mutating func readRect(_ value: JSONValue, at path: JSONPath) -> LayerRect? {
        guard
            let object = context.object(
                value, at: path, known: TemplateKeys.rect,
                example: "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 0.5 }")
        else { return nil }
        var numbers: [Double] = []
        for key in TemplateKeys.rect {
            guard let raw = context.required(key, in: object, at: path, example: "\"\(key)\": 0.5"),
                let x = context.number(raw, at: path.appending(key), in: Limits.fraction, what: "rect \(key)", code: .layerRect)
            else { continue }
            numbers.append(x)
        }
        guard numbers.count == 4 else { return nil }
        let rect = LayerRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        // A thousandth of slack lets thirds (0.333 + 0.667) add up.
        guard rect.width > 0, rect.height > 0, rect.x + rect.width <= 1.001, rect.y + rect.height <= 1.001 else {
            let problem = rect.width <= 0 || rect.height <= 0 ? "is empty" : "reaches past the canvas's edge (x + width or y + height above 1)"
            context.error(
                .layerRect, "the rectangle \(problem)", at: path,
                notes: [
                    "give x, y, width and height as fractions of the canvas: { \"x\": 0.5, \"y\": 0, \"width\": 0.5, \"height\": 0.5 } is the top-right quarter"
                ])
            return nil
        }
        return rect
    }

    private mutating func readImageLayer(_ object: JSONObject, at path: JSONPath, span: LayerSpan, timing: ItemTiming) -> ImageLayerSpec? {
        var valid = true
        var file: String?
        if let raw = context.required("file", in: object, at: path, example: "\"file\": \"overlays/sticker.png\""),
            let text = context.string(raw, at: path.appending("file"), example: "\"file\": \"overlays/sticker.png\"")
        {
            file = checkAsset(text, at: path.appending("file"), role: .picture) ? text : nil
        }
        let placement = readPlacement(object, at: path, valid: &valid)
        var layer = ImageLayerSpec(file: file ?? "", placement: placement)
        if let raw = object["width"] {
            if let x = context.number(raw, at: path.appending("width"), in: Limits.layerWidth, what: "width") {
                layer.width = x
            } else {
                valid = false
            }
        }
        if let raw = object["rotation"] {
            if let x = context.number(raw, at: path.appending("rotation"), in: Limits.rotation, what: "rotation") {
                layer.rotation = x
            } else {
                valid = false
            }
        }
        if let raw = object["motion"] {
            layer.motion = readMotion(raw, at: path.appending("motion"), timing: timing)
            if layer.motion == nil { valid = false }
        }
        readAnimations(object, at: path, span: span, into: &layer.animationIn, &layer.animationOut, valid: &valid)
        guard valid, file != nil else { return nil }
        return layer
    }

    /// `x`, `y` (canvas fractions within `Limits.position`) and `anchor`.
    mutating func readPlacement(_ object: JSONObject, at path: JSONPath, valid: inout Bool) -> Placement {
        var placement = Placement()
        if let raw = object["x"] {
            if let x = context.number(raw, at: path.appending("x"), in: Limits.position, what: "x") { placement.x = x } else { valid = false }
        }
        if let raw = object["y"] {
            if let y = context.number(raw, at: path.appending("y"), in: Limits.position, what: "y") { placement.y = y } else { valid = false }
        }
        placement.anchor = choice(object, "anchor", at: path, default: Anchor.center, valid: &valid)
        return placement
    }

    /// Where a layer starts and ends in the video, when known: beats of its animations count from there.
    package struct LayerSpan {
        package var start: RationalTime?
        package var end: RationalTime?
    }

    /// The entering animation's beats count from the layer's start, the leaving one's back from its end.
    mutating func readAnimations(
        _ object: JSONObject, at path: JSONPath, span: LayerSpan, into animationIn: inout LayerAnimation?,
        _ animationOut: inout LayerAnimation?, valid: inout Bool
    ) {
        if let raw = object["in"] {
            animationIn = readAnimation(raw, at: path.appending("in"), from: span.start, direction: .forward, referenceName: "the layer's start")
            if animationIn == nil { valid = false }
        }
        if let raw = object["out"] {
            animationOut = readAnimation(raw, at: path.appending("out"), from: span.end, direction: .backward, referenceName: "the layer's end")
            if animationOut == nil { valid = false }
        }
    }
}
