import DocumentJSON
import DocumentLimits

extension TemplateSchema {
    /// What the skeleton's limit placeholders start with: `"$limit canvasSide.upper"`.
    static let limitMarker = "$limit "

    /// A `Limits` declaration as the schema states it: one number, or a range whose bounds the
    /// skeleton names with `.lower` and `.upper`.
    enum SchemaLimit {
        case value(Double)
        case range(ClosedRange<Double>)

        /// A range of whole numbers (counts, pixels), as the schema's numbers.
        static func range<Bound: BinaryInteger>(_ r: ClosedRange<Bound>) -> Self { .range(Double(r.lowerBound)...Double(r.upperBound)) }
        /// A count or a length in characters, as the schema's number.
        static func value<Number: BinaryInteger>(_ n: Number) -> Self { .value(Double(n)) }
    }

    /// Every limit the skeleton names, by the name of its `Limits` declaration: the one place the
    /// schema's bounds come from, so that editors check what the validator enforces.
    static let limits: [String: SchemaLimit] = [
        "maxShortText": .value(Limits.maxShortText),
        "maxLongText": .value(Limits.maxLongText),
        "maxKeyLength": .value(Limits.maxKeyLength),
        "maxTags": .value(Limits.maxTags),
        "slotCount": .range(Limits.slotCount),
        "maxLayers": .value(Limits.maxLayers),
        "maxSounds": .value(Limits.maxSounds),
        "maxBeats": .value(Limits.maxBeats),
        "maxFilters": .value(Limits.maxFilters),
        "maxKeyframes": .value(Limits.maxKeyframes),
        "canvasSide": .range(Limits.canvasSide),
        "minFrameRate": .value(Limits.minFrameRate.seconds),
        "maxFrameRate": .value(Limits.maxFrameRate.seconds),
        "fraction": .range(Limits.fraction),
        "position": .range(Limits.position),
        "layerWidth": .range(Limits.layerWidth),
        "textMaxWidth": .range(Limits.textMaxWidth),
        "poseScale": .range(Limits.poseScale),
        "poseOffset": .range(Limits.poseOffset),
        "rotation": .range(Limits.rotation),
        "tempo": .range(Limits.tempo),
        "speed": .range(Limits.speed),
        "minSpeed": .range(Limits.minSpeed),
        "volume": .range(Limits.volume),
        "textSize": .range(Limits.textSize),
        "maxTextLines": .range(Limits.maxTextLines),
        "textLineSpacing": .range(Limits.textLineSpacing),
        "textStroke": .range(Limits.textStroke),
        "textShadowOffset": .range(Limits.textShadowOffset),
        "textShadowBlur": .range(Limits.textShadowBlur),
        "textBox": .range(Limits.textBox),
        "captionLines": .range(Limits.captionLines),
    ]

    /// The number a placeholder `"$limit name"` or `"$limit name.lower"`/`".upper"` stands for;
    /// nil when `text` names no limit of the table, or a bound of a single number.
    static func limit(_ text: String) -> Double? {
        guard text.hasPrefix(limitMarker) else { return nil }
        let name = text.dropFirst(limitMarker.count)
        if let limit = limits[String(name)], case .value(let x) = limit { return x }
        guard let dot = name.lastIndex(of: "."), case .range(let r) = limits[String(name[..<dot])] else { return nil }
        switch name[name.index(after: dot)...] {
        case "lower": return r.lowerBound
        case "upper": return r.upperBound
        default: return nil
        }
    }

    /// The placeholder's number as JSON; a name the table lacks is a mistake in the skeleton.
    static func limitValue(_ text: String) -> JSONValue {
        guard let x = limit(text), let number = JSONNumber(x) else {
            // The skeleton is a literal of this module, checked by SchemaLimitsTests.
            fatalError("TemplateSchema: the skeleton names no limit of the table in '\(text)'")
        }
        return .number(number)
    }
}
