import Appearance
import DocumentJSON
import DocumentLimits

/// The text layer rules: a placeholder `key` (a simple name) and/or a default `text` of at most
/// 2000 characters; a font family or font file; sizes in canvas pixels; colours; stroke, shadow
/// and box; alignment, placement, wrapping width and line count; in and out animations.
extension TemplateDecoder {
    static let fontExtensions = [".ttf", ".otf", ".ttc"]

    /// The text layer when every key is usable. The keys that decide whether the text fits are
    /// kept in the layer's facts when those are usable, so that the fit is checked whatever else
    /// (a font file, a colour) is wrong.
    mutating func readTextLayer(_ object: JSONObject, at path: JSONPath, span: LayerSpan) -> TextLayerSpec? {
        var valid = true
        // False when a key that decides the fit is unusable.
        var fits = true
        var layer = TextLayerSpec(text: "")
        if let raw = object["key"] {
            if let key = context.text(raw, at: path.appending("key"), maxLength: Limits.maxKeyLength, example: "\"key\": \"title\"") {
                if Self.isPlaceholderKey(key) {
                    layer.key = key
                } else {
                    context.error(
                        .placeholderKey, "'\(key)' is not a simple name", at: path.appending("key"),
                        notes: ["use letters, digits, '_' and '-', starting with a letter: \"title\", \"date_line\""])
                    valid = false
                }
            } else {
                valid = false
            }
        }
        if let raw = object["text"] {
            if let text = context.text(
                raw, at: path.appending("text"), maxLength: Limits.maxLongText, example: "\"text\": \"Lisbon 2026\"",
                allowEmpty: layer.key != nil)
            {
                layer.text = text
            } else {
                (valid, fits) = (false, false)
            }
        } else if layer.key == nil {
            context.error(
                .missingKey, "a text layer needs 'text', 'key', or both", at: path,
                notes: ["add \"text\": \"Lisbon 2026\" for fixed text, or \"key\": \"title\" to let the user fill it"])
            valid = false
        }
        var fontUsable = true
        if let raw = object["font"] {
            if let font = readFont(raw, at: path.appending("font")) { layer.font = font } else { (valid, fontUsable) = (false, false) }
        }
        if fontUsable { checkDrawable(layer, at: path) }
        if let raw = object["size"] {
            if let x = context.number(raw, at: path.appending("size"), in: Limits.textSize, what: "size") {
                layer.look.size = x
            } else {
                (valid, fits) = (false, false)
            }
        }
        layer.minSize = layer.look.size
        if let raw = object["minSize"] {
            if let x = context.number(
                raw, at: path.appending("minSize"), in: Limits.textSize.lowerBound...layer.look.size,
                what: "minSize (at most the size)")
            {
                layer.minSize = x
            } else {
                (valid, fits) = (false, false)
            }
        }
        if let raw = object["color"] {
            if let c = context.color(raw, at: path.appending("color"), alpha: true) { layer.look.color = c } else { valid = false }
        }
        if let raw = object["stroke"] {
            layer.look.stroke = readStroke(raw, at: path.appending("stroke"))
            if layer.look.stroke == nil { valid = false }
        }
        if let raw = object["shadow"] {
            layer.look.shadow = readShadow(raw, at: path.appending("shadow"))
            if layer.look.shadow == nil { valid = false }
        }
        if let raw = object["box"] {
            layer.look.box = readBox(raw, at: path.appending("box"))
            if layer.look.box == nil { (valid, fits) = (false, false) }
        }
        layer.look.alignment = choice(object, "align", at: path, default: TextAlignment.center, valid: &valid)
        if let raw = object["lineSpacing"] {
            if let x = context.number(raw, at: path.appending("lineSpacing"), in: Limits.textLineSpacing, what: "lineSpacing") {
                layer.look.lineSpacing = x
            } else {
                (valid, fits) = (false, false)
            }
        }
        layer.placement = readPlacement(object, at: path, valid: &valid)
        if let raw = object["maxWidth"] {
            if let x = context.number(raw, at: path.appending("maxWidth"), in: Limits.textMaxWidth, what: "maxWidth") {
                layer.maxWidth = x
            } else {
                (valid, fits) = (false, false)
            }
        }
        if let raw = object["maxLines"] {
            if let n = context.integer(raw, at: path.appending("maxLines"), example: "\"maxLines\": 2") {
                if Limits.maxTextLines.contains(n) {
                    layer.maxLines = n
                } else {
                    context.error(
                        .outOfRange, "maxLines \(n) is outside 1...\(Limits.maxTextLines.upperBound)", at: path.appending("maxLines"),
                        notes: ["use a whole number from 1 to \(Limits.maxTextLines.upperBound)"])
                    (valid, fits) = (false, false)
                }
            } else {
                (valid, fits) = (false, false)
            }
        }
        readAnimations(object, at: path, span: span, into: &layer.animationIn, &layer.animationOut, valid: &valid)
        if !facts.layers.isEmpty {
            facts.layers[facts.layers.count - 1].fit = fits ? layer : nil
            facts.layers[facts.layers.count - 1].fitBroken = !fits
        }
        return valid ? layer : nil
    }

    /// Letters, digits, `_` and `-`, starting with a letter: what `--text key=value` can name.
    static func isPlaceholderKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// A family name, or a path ending in .ttf, .otf or .ttc: a font file of the template.
    mutating func readFont(_ value: JSONValue, at path: JSONPath) -> FontSpec? {
        guard let name = context.text(value, at: path, maxLength: Limits.maxShortText, example: "\"font\": \"DejaVu Sans\"") else {
            return nil
        }
        let lower = name.lowercased()
        guard Self.fontExtensions.contains(where: { lower.hasSuffix($0) }) else { return .family(name) }
        return checkAsset(name, at: path, role: .font) ? .file(name) : nil
    }

    private mutating func readStroke(_ value: JSONValue, at path: JSONPath) -> TextStroke? {
        guard
            let object = context.object(value, at: path, known: TemplateKeys.stroke, example: "\"stroke\": { \"color\": \"#000000\", \"width\": 4 }"),
            let raw = context.required("color", in: object, at: path, example: "\"color\": \"#000000\""),
            let color = context.color(raw, at: path.appending("color"), alpha: true)
        else { return nil }
        var width = 2.0
        if let raw = object["width"] {
            guard let x = context.number(raw, at: path.appending("width"), in: Limits.textStroke, what: "stroke width") else { return nil }
            width = x
        }
        return TextStroke(color: color, width: width)
    }

    private mutating func readShadow(_ value: JSONValue, at path: JSONPath) -> TextShadow? {
        guard let object = context.object(value, at: path, known: TemplateKeys.shadow, example: "\"shadow\": { \"color\": \"#00000080\", \"y\": 4 }")
        else {
            return nil
        }
        var shadow = TextShadow(color: RGBAColor(.black, alpha: 128), dx: 0, dy: 4, blur: 8)
        var valid = true
        if let raw = object["color"] {
            if let c = context.color(raw, at: path.appending("color"), alpha: true) { shadow.color = c } else { valid = false }
        }
        for (key, range) in [("x", Limits.textShadowOffset), ("y", Limits.textShadowOffset), ("blur", Limits.textShadowBlur)] {
            guard let raw = object[key] else { continue }
            guard let x = context.number(raw, at: path.appending(key), in: range, what: "shadow \(key)") else {
                valid = false
                continue
            }
            switch key {
            case "x": shadow.dx = x
            case "y": shadow.dy = x
            default: shadow.blur = x
            }
        }
        return valid ? shadow : nil
    }

    private mutating func readBox(_ value: JSONValue, at path: JSONPath) -> TextBox? {
        guard
            let object = context.object(value, at: path, known: TemplateKeys.box, example: "\"box\": { \"color\": \"#000000aa\", \"padding\": 16 }"),
            let raw = context.required("color", in: object, at: path, example: "\"color\": \"#000000aa\""),
            let color = context.color(raw, at: path.appending("color"), alpha: true)
        else { return nil }
        var box = TextBox(color: color, padding: 16, cornerRadius: 0)
        if let raw = object["padding"] {
            guard let x = context.number(raw, at: path.appending("padding"), in: Limits.textBox, what: "box padding") else { return nil }
            box.padding = x
        }
        if let raw = object["radius"] {
            guard let x = context.number(raw, at: path.appending("radius"), in: Limits.textBox, what: "box radius") else { return nil }
            box.cornerRadius = x
        }
        return box
    }
}
