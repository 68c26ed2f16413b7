import MediaTime

/// Turns a parsed `template.json` into a `Template`, checking every rule of format 1.
///
/// It goes on after each problem (using a stand-in value where one is needed) so that one pass
/// reports everything. The slot and music rules are in their own files.
struct TemplateDecoder {
    static let rootKeys = ["$schema", "format", "name", "description", "canvas", "music", "slots"]
    static let canvasKeys = ["width", "height", "frameRate", "background"]
    static let canvasSizeLimits = 16...8192
    static let maxFrameRate = RationalTime(seconds: 120)

    var context: DecodingContext
    let folder: String

    init(document: JSONDocument, file: String, folder: String) {
        self.context = DecodingContext(document: document, file: file)
        self.folder = folder
    }

    /// The template, or nil when a required part is unusable; findings are in `context`.
    mutating func decode() -> Template? {
        for duplicate in context.document.sourceMap.duplicateKeys {
            context.report(.warning, .duplicateKey, "key written twice; only the last value is used",
                           at: duplicate.path, atKey: true, notes: ["remove one of the two"])
        }
        // The version decides what the rest means: check it before anything else is reported.
        if let root = context.document.root.objectValue, !checkFormat(root) { return nil }
        guard let root = context.object(context.document.root, at: .root, known: Self.rootKeys,
                                        example: "{ \"format\": 1, \"name\": ..., \"canvas\": ..., \"slots\": [...] }") else {
            return nil
        }

        let name = readName(root)
        var description: String?
        if let value = root["description"] {
            description = context.string(value, at: JSONPath.root.appending("description"), example: "\"description\": \"Six shots cut to music\"")
        }
        let canvasPath = JSONPath.root.appending("canvas")
        let canvasExample = "\"canvas\": { \"width\": 1080, \"height\": 1920, \"frameRate\": \"30\" }"
        var canvas: (Canvas, FrameRate)?
        if let value = context.required("canvas", in: root, at: .root, example: canvasExample),
           let object = context.object(value, at: canvasPath, known: Self.canvasKeys, example: canvasExample) {
            canvas = readCanvas(object, at: canvasPath)
        }
        // Frame counts in slot durations need a rate: go on with a stand-in when the canvas has none.
        let rate = canvas?.1 ?? FrameRate(30)
        let slots = readSlots(root, frameRate: rate)
        var music: MusicSpec?
        if let value = root["music"] {
            music = readMusic(value, at: JSONPath.root.appending("music"))
        }
        guard let name, let canvas, let slots else { return nil }
        return Template(format: Template.supportedFormat, name: name, description: description, canvas: canvas.0,
                        frameRate: canvas.1, music: music, slots: slots)
    }

    /// True when the document is format 1, or names no format (then it is read as format 1).
    private mutating func checkFormat(_ root: JSONObject) -> Bool {
        let path = JSONPath.root.appending("format")
        let supported = "write \"format\": \(Template.supportedFormat) (the version this Reel reads)"
        guard let value = context.required("format", in: root, at: .root, example: "\"format\": \(Template.supportedFormat)") else {
            return true
        }
        guard let format = context.integer(value, at: path, example: "\"format\": \(Template.supportedFormat)") else {
            return true
        }
        guard format == Template.supportedFormat else {
            var notes = [supported]
            if format > Template.supportedFormat { notes.append("this template needs a newer version of Reel") }
            context.error(.unsupportedFormat, "format \(format) is not supported; this version of Reel reads format \(Template.supportedFormat)",
                          at: path, notes: notes)
            return false
        }
        return true
    }

    private mutating func readName(_ root: JSONObject) -> String? {
        let path = JSONPath.root.appending("name")
        let example = "\"name\": \"Postcard\""
        guard let value = context.required("name", in: root, at: .root, example: example),
              let name = context.string(value, at: path, example: example) else { return nil }
        guard !name.trimmingJSONSpace.isEmpty else {
            context.error(.emptyText, "the name is empty", at: path, notes: ["give the template a name people recognize it by"])
            return nil
        }
        return name
    }

    private mutating func readCanvas(_ object: JSONObject, at path: JSONPath) -> (Canvas, FrameRate)? {
        let width = readSide("width", object, at: path, example: 1080)
        let height = readSide("height", object, at: path, example: 1920)
        let rate = readFrameRate(object, at: path)
        var background = RGBColor.black
        if let value = object["background"] {
            let bgPath = path.appending("background")
            if let text = context.string(value, at: bgPath, example: "\"background\": \"#000000\"") {
                if text.hasPrefix("#"), let color = RGBColor(hex: text) {
                    background = color
                } else {
                    context.error(.backgroundColor, "'\(text)' is not a colour written #rrggbb", at: bgPath,
                                  notes: ["write six hexadecimal digits after '#', such as \"#1a2b3c\""])
                }
            }
        }
        guard let width, let height, let rate else { return nil }
        return (Canvas(width: width, height: height, background: background), rate)
    }

    private mutating func readSide(_ key: String, _ object: JSONObject, at path: JSONPath, example: Int) -> Int? {
        let example = "\"\(key)\": \(example)"
        guard let value = context.required(key, in: object, at: path, example: example),
              let side = context.integer(value, at: path.appending(key), example: example) else { return nil }
        let limits = Self.canvasSizeLimits
        guard limits.contains(side), side % 2 == 0 else {
            let problem = limits.contains(side) ? "is odd" : "is outside \(limits.lowerBound)...\(limits.upperBound)"
            context.error(.canvasSize, "canvas \(key) \(side) \(problem)", at: path.appending(key),
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
        let notes = ["write frames per second as \"30\", \"25\", \"30000/1001\" or 29.97, at most 120"]
        guard let rate = FrameRate(string: text) else {
            context.error(.frameRate, "'\(text)' is not a frame rate", at: ratePath, notes: notes)
            return nil
        }
        guard rate.asTime <= Self.maxFrameRate else {
            context.error(.frameRate, "frame rate \(rate) is above 120", at: ratePath, notes: notes)
            return nil
        }
        return rate
    }
}
