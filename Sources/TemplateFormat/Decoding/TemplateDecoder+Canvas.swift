import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// The canvas rules: a preset or an even width and height within 16...8192, a frame rate in
/// (0, 120], a background written #rrggbb.
extension TemplateDecoder {
    /// Common shapes and the sizes they stand for.
    static let canvasPresets: [(name: String, width: Int, height: Int)] = [
        ("9:16", 1080, 1920), ("16:9", 1920, 1080), ("1:1", 1080, 1080), ("4:5", 1080, 1350),
    ]

    mutating func readCanvas(_ root: JSONObject) -> (Canvas, FrameRate)? {
        let path = JSONPath.root.appending("canvas")
        let example = "\"canvas\": { \"width\": 1080, \"height\": 1920, \"frameRate\": \"30\" }"
        guard let value = context.required("canvas", in: root, at: .root, example: example),
            let object = context.object(value, at: path, known: TemplateKeys.canvas, example: example)
        else { return nil }
        var size: (Int, Int)?
        if let presetValue = object["preset"] {
            let names = Self.canvasPresets.map(\.name)
            if object["width"] != nil || object["height"] != nil {
                context.error(
                    .conflictingKeys, "the canvas gives both a preset and a width or height", at: path.appending("preset"),
                    notes: ["keep either \"preset\" or \"width\" and \"height\""])
            } else if let name = context.word(presetValue, at: path.appending("preset"), among: names, what: "a canvas preset"),
                let preset = Self.canvasPresets.first(where: { $0.name == name })
            {
                size = (preset.width, preset.height)
            }
        } else {
            let width = readSide("width", object, at: path, example: 1080)
            let height = readSide("height", object, at: path, example: 1920)
            if let width, let height { size = (width, height) }
        }
        let rate = readFrameRate(object, at: path)
        var background: RGBAColor? = .black
        if let value = object["background"] {
            background = context.color(value, at: path.appending("background"), alpha: false)
        }
        if let rate {
            frameRate = rate
            facts.frameRateKnown = true
        }
        if let size { facts.canvas = Canvas(width: size.0, height: size.1, background: (background ?? .black).rgb) }
        guard let size, let rate, let background else { return nil }
        return (Canvas(width: size.0, height: size.1, background: background.rgb), rate)
    }

    private mutating func readSide(_ key: String, _ object: JSONObject, at path: JSONPath, example: Int) -> Int? {
        let example = "\"\(key)\": \(example)"
        guard let value = context.required(key, in: object, at: path, example: example),
            let side = context.integer(value, at: path.appending(key), example: example)
        else { return nil }
        let limits = Limits.canvasSide
        guard limits.contains(side), side % 2 == 0 else {
            let problem = limits.contains(side) ? "is odd" : "is outside \(limits.lowerBound)...\(limits.upperBound)"
            context.error(
                .canvasSize, "canvas \(key) \(side) \(problem)", at: path.appending(key),
                notes: ["use an even number of pixels from \(limits.lowerBound) to \(limits.upperBound) (H.264 in 4:2:0 needs even sizes)"])
            return nil
        }
        return side
    }

    private mutating func readFrameRate(_ object: JSONObject, at path: JSONPath) -> FrameRate? {
        let example = "\"frameRate\": \"30\""
        let ratePath = path.appending("frameRate")
        guard let value = context.required("frameRate", in: object, at: path, example: example) else { return nil }
        let text: String
        switch value {
        case .string(let s): text = s
        case .number(let n): text = n.text
        default:
            context.wrongType(at: ratePath, found: value, expected: "a frame rate", example: example)
            return nil
        }
        let notes = ["write frames per second as \"30\", \"25\", \"30000/1001\" or 29.97, from 1 to 120"]
        guard let rate = FrameRate(string: text) else {
            context.error(.frameRate, "'\(text)' is not a frame rate", at: ratePath, notes: notes)
            return nil
        }
        guard rate.asTime <= Limits.maxFrameRate else {
            context.error(.frameRate, "frame rate \(rate) is above 120", at: ratePath, notes: notes)
            return nil
        }
        guard rate.asTime >= Limits.minFrameRate else {
            context.error(.frameRate, "frame rate \(rate) is below \(TimeText.ratioString(from: Limits.minFrameRate))", at: ratePath, notes: notes)
            return nil
        }
        return rate
    }
}
