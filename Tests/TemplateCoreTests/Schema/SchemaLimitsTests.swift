import MediaTime
import Testing

@testable import DocumentJSON
@testable import DocumentLimits

/// The JSON Schema states the limits editors check while authors type: they must be the ones
/// declared in `Limits`, which the validator, the timeline reader and the renderer enforce.
@Suite struct SchemaLimitsTests {
    static let bounds: [(path: [String], value: Double)] = [
        (["canvas", "properties", "width", "minimum"], Double(Limits.canvasSide.lowerBound)),
        (["canvas", "properties", "width", "maximum"], Double(Limits.canvasSide.upperBound)),
        (["canvas", "properties", "height", "minimum"], Double(Limits.canvasSide.lowerBound)),
        (["canvas", "properties", "height", "maximum"], Double(Limits.canvasSide.upperBound)),
        (["textLayer", "properties", "size", "minimum"], Limits.textSize.lowerBound),
        (["textLayer", "properties", "size", "maximum"], Limits.textSize.upperBound),
        (["textLayer", "properties", "minSize", "minimum"], Limits.textSize.lowerBound),
        (["textLayer", "properties", "minSize", "maximum"], Limits.textSize.upperBound),
        (["textLayer", "properties", "text", "maxLength"], Double(Limits.maxLongText)),
        (["textLayer", "properties", "maxLines", "maximum"], Double(Limits.maxTextLines.upperBound)),
        (["template", "properties", "description", "maxLength"], Double(Limits.maxLongText)),
        (["template", "properties", "name", "maxLength"], Double(Limits.maxShortText)),
        (["template", "properties", "slots", "maxItems"], Double(Limits.slotCount.upperBound)),
        (["template", "properties", "layers", "maxItems"], Double(Limits.maxLayers)),
        (["template", "properties", "tags", "maxItems"], Double(Limits.maxTags)),
        (["music", "properties", "beats", "maxItems"], Double(Limits.maxBeats)),
        (["music", "properties", "volume", "maximum"], Limits.volume.upperBound),
        (["slot", "properties", "volume", "maximum"], Limits.volume.upperBound),
        (["mediaLayer", "properties", "volume", "maximum"], Limits.volume.upperBound),
        (["filters", "maxItems"], Double(Limits.maxFilters)),
        (["valueKeyframes", "maxItems"], Double(Limits.maxKeyframes)),
        (["stroke", "properties", "width", "maximum"], Limits.textStroke.upperBound),
        (["shadow", "properties", "x", "maximum"], Limits.textShadowOffset.upperBound),
        (["shadow", "properties", "blur", "maximum"], Limits.textShadowBlur.upperBound),
        (["box", "properties", "padding", "maximum"], Limits.textBox.upperBound),
        (["textLayer", "properties", "lineSpacing", "minimum"], Limits.textLineSpacing.lowerBound),
        (["textLayer", "properties", "lineSpacing", "maximum"], Limits.textLineSpacing.upperBound),
        (["textLayer", "properties", "maxWidth", "minimum"], Limits.textMaxWidth.lowerBound),
        (["textLayer", "properties", "maxWidth", "maximum"], Limits.textMaxWidth.upperBound),
        (["textLayer", "properties", "key", "maxLength"], Double(Limits.maxKeyLength)),
        (["template", "properties", "tags", "items", "maxLength"], Double(Limits.maxKeyLength)),
        (["textLayer", "properties", "x", "minimum"], Limits.position.lowerBound),
        (["textLayer", "properties", "x", "maximum"], Limits.position.upperBound),
        (["textLayer", "properties", "opacity", "maximum"], Limits.fraction.upperBound),
        (["imageLayer", "properties", "width", "minimum"], Limits.layerWidth.lowerBound),
        (["imageLayer", "properties", "width", "maximum"], Limits.layerWidth.upperBound),
        (["imageLayer", "properties", "rotation", "minimum"], Limits.rotation.lowerBound),
        (["imageLayer", "properties", "rotation", "maximum"], Limits.rotation.upperBound),
        (["imageLayer", "properties", "y", "minimum"], Limits.position.lowerBound),
        (["imageLayer", "properties", "y", "maximum"], Limits.position.upperBound),
        (["poseKeyframe", "properties", "scale", "minimum"], Limits.poseScale.lowerBound),
        (["poseKeyframe", "properties", "scale", "maximum"], Limits.poseScale.upperBound),
        (["poseKeyframe", "properties", "x", "minimum"], Limits.poseOffset.lowerBound),
        (["poseKeyframe", "properties", "x", "maximum"], Limits.poseOffset.upperBound),
        (["poseKeyframe", "properties", "rotation", "maximum"], Limits.rotation.upperBound),
        (["rect", "properties", "width", "maximum"], Limits.fraction.upperBound),
    ]

    @Test func theSchemasBoundsAreTheDeclaredLimits() throws {
        let defs = try SchemaTests.definitions()
        for (path, value) in Self.bounds {
            var node: JSONValue? = .object(defs)
            for key in path { node = node?.objectValue?[key] }
            #expect(node?.numberValue?.doubleValue == value, "\(path.joined(separator: "/"))")
        }
    }
}
