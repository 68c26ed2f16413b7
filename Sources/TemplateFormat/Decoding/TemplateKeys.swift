/// The keys of every object of the format, in one table.
///
/// The decoder reports any other key as unknown, and a test checks that the JSON Schema in
/// `templates/` names exactly these keys for the same objects (the schema's `$defs` names).
package enum TemplateKeys {
    package static let root = [
        "$schema", "format", "name", "description", "author", "license", "tags", "cover",
        "canvas", "music", "slots", "layers", "grade", "voice", "sounds", "ducking",
    ]
    package static let canvas = ["preset", "width", "height", "frameRate", "background"]
    package static let music = ["file", "start", "volume", "fadeIn", "fadeOut", "loop", "tempo", "firstBeat", "beats"]
    package static let voice = ["start", "volume", "fadeIn", "fadeOut"]
    package static let sound = ["file", "at", "volume", "fadeIn", "fadeOut", "loop", "duration"]
    package static let ducking = ["amount", "threshold", "attack", "hold", "release"]
    /// How a video fills its time: shared by slots and media layers.
    package static let playback = ["speed", "reverse", "whenShorter", "minSpeed", "whenLonger"]
    package static let slot =
        ["id", "accepts", "duration", "fit", "volume", "orientation", "motion", "filters", "transition", "repeatable"]
        + playback
    static let layerCommon = ["id", "kind", "start", "duration", "opacity"]
    static let mediaLayer = layerCommon + ["blend", "accepts", "rect", "fit", "volume", "motion", "filters", "key"] + playback
    package static let placement = ["x", "y", "anchor"]
    static let imageLayer = layerCommon + ["blend", "file", "width", "rotation", "motion", "in", "out"] + placement
    static let textLayer =
        layerCommon + [
            "blend", "key", "text", "font", "size", "minSize", "color", "stroke", "shadow", "box", "align",
            "lineSpacing", "maxWidth", "maxLines", "in", "out",
        ] + placement
    package static let captionsLayer = layerCommon + ["file", "style", "lines", "area", "size", "font", "color", "highlight"]
    package static let rect = ["x", "y", "width", "height"]
    package static let stroke = ["color", "width"]
    package static let shadow = ["color", "x", "y", "blur"]
    package static let box = ["color", "padding", "radius"]
    /// Besides the catalog parameters of its kind.
    package static let transition = ["kind", "duration", "easing"]
    package static let filter = ["kind"]
    /// A media layer's key, besides the catalog parameters of its kind.
    package static let key = ["kind"]
    package static let motion = ["kind", "keyframes"]
    static let poseKeyframe = ["at", "scale", "x", "y", "rotation", "easing"]
    static let valueKeyframe = ["at", "value", "easing"]
    package static let animation = ["kind", "duration"]

    /// Every object of the format by the name the JSON Schema gives its definition, and the
    /// playback keys, whose schemas slots and media layers share in one definition.
    static let byDefinition: [String: [String]] = [
        "template": root, "canvas": canvas, "music": music, "voice": voice, "sound": sound, "ducking": ducking, "slot": slot,
        "playback": playback,
        "mediaLayer": mediaLayer, "imageLayer": imageLayer,
        "textLayer": textLayer, "captionsLayer": captionsLayer, "rect": rect, "stroke": stroke, "shadow": shadow, "box": box,
        "poseKeyframe": poseKeyframe,
        "valueKeyframe": valueKeyframe, "animation": animation,
    ]
}
