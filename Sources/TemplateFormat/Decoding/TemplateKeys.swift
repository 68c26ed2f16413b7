/// The keys of every object of the format, in one table.
///
/// The decoder reports any other key as unknown, and a test checks that the JSON Schema in
/// `templates/` names exactly these keys for the same objects (the schema's `$defs` names).
public enum TemplateKeys {
    public static let root = [
        "$schema", "format", "name", "description", "author", "license", "tags", "cover",
        "canvas", "music", "slots", "layers", "grade", "voice", "sounds", "ducking",
    ]
    public static let canvas = ["preset", "width", "height", "frameRate", "background"]
    public static let music = ["file", "start", "volume", "fadeIn", "fadeOut", "loop", "tempo", "firstBeat", "beats"]
    public static let voice = ["start", "volume", "fadeIn", "fadeOut"]
    public static let sound = ["file", "at", "volume", "fadeIn", "fadeOut", "loop", "duration"]
    public static let ducking = ["amount", "threshold", "attack", "hold", "release"]
    /// How a video fills its time: shared by slots and media layers.
    public static let playback = ["speed", "reverse", "whenShorter", "minSpeed", "whenLonger"]
    public static let slot =
        ["id", "accepts", "duration", "fit", "volume", "orientation", "motion", "filters", "transition", "repeatable"]
        + playback
    public static let layerCommon = ["id", "kind", "start", "duration", "opacity"]
    public static let mediaLayer = layerCommon + ["accepts", "rect", "fit", "volume", "motion", "filters"] + playback
    public static let placement = ["x", "y", "anchor"]
    public static let imageLayer = layerCommon + ["file", "width", "rotation", "motion", "in", "out"] + placement
    public static let textLayer =
        layerCommon + [
            "key", "text", "font", "size", "minSize", "color", "stroke", "shadow", "box", "align",
            "lineSpacing", "maxWidth", "maxLines", "in", "out",
        ] + placement
    public static let captionsLayer = layerCommon + ["file", "style", "lines", "area", "size", "font", "color", "highlight"]
    public static let rect = ["x", "y", "width", "height"]
    public static let stroke = ["color", "width"]
    public static let shadow = ["color", "x", "y", "blur"]
    public static let box = ["color", "padding", "radius"]
    /// Besides the catalog parameters of its kind.
    public static let transition = ["kind", "duration", "easing"]
    public static let filter = ["kind"]
    public static let motion = ["kind", "keyframes"]
    public static let poseKeyframe = ["at", "scale", "x", "y", "rotation", "easing"]
    public static let valueKeyframe = ["at", "value", "easing"]
    public static let animation = ["kind", "duration"]

    /// Every object of the format by the name the JSON Schema gives its definition.
    public static let byDefinition: [String: [String]] = [
        "template": root, "canvas": canvas, "music": music, "voice": voice, "sound": sound, "ducking": ducking, "slot": slot,
        "mediaLayer": mediaLayer, "imageLayer": imageLayer,
        "textLayer": textLayer, "captionsLayer": captionsLayer, "rect": rect, "stroke": stroke, "shadow": shadow, "box": box,
        "poseKeyframe": poseKeyframe,
        "valueKeyframe": valueKeyframe, "animation": animation,
    ]
}
