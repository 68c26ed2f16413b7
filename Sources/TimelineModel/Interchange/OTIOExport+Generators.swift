import DocumentJSON
import MediaTime

/// What the video shows that no file holds, as OpenTimelineIO generators: the canvas colour and
/// the texts.
extension OTIOExport {
    /// The lowest track: the canvas colour over the whole video, a `SolidColor` generator.
    package static func background(_ t: Timeline) -> JSONValue {
        let whole = TimeRange(start: .zero, duration: t.duration)
        let color = t.canvas.background.hex
        let item = clip(
            name: "background \(color)", reference: generator("SolidColor", JSONObject(["color": .string(color)]), range: whole, rate: t.frameRate),
            start: .zero, duration: t.duration, rate: t.frameRate, metadata: JSONObject(["color": .string(color)]))
        return videoTrack("Background", items: [item])
    }

    /// A text as a clip of a `Text` generator: the words, font, size, colour and place as its
    /// parameters, the whole item as the timeline writes it in the metadata.
    static func textItem(_ x: TextItem, rate: FrameRate) -> JSONValue {
        let duration = x.timelineRange.duration
        var parameters = JSONObject([
            "text": .string(x.text), "size": num(x.look.size), "color": .string(x.look.color.hex), "x": num(x.x), "y": num(x.y),
            "anchorX": num(x.anchorX), "anchorY": num(x.anchorY),
        ])
        if let family = x.look.fontFamily { parameters["fontFamily"] = .string(family) }
        if let file = x.look.fontFile { parameters["fontFile"] = .string(file) }
        let reference = generator("Text", parameters, range: TimeRange(start: .zero, duration: duration), rate: rate)
        return clip(
            name: x.text, reference: reference, start: .zero, duration: duration, rate: rate,
            metadata: TimelineEncoder.text(x, mediaPath: { $0 }).objectValue ?? JSONObject())
    }

    /// A `GeneratorReference.1` of `kind` (`Text`, a solid colour): media OpenTimelineIO tools draw themselves.
    package static func generator(_ kind: String, _ parameters: JSONObject, range available: TimeRange, rate: FrameRate) -> JSONValue {
        schema(
            "GeneratorReference.1",
            [
                "name": .string(""), "generator_kind": .string(kind), "parameters": .object(parameters),
                "available_range": range(available, rate: rate), "available_image_bounds": .null, "metadata": .object(JSONObject()),
            ])
    }
}
