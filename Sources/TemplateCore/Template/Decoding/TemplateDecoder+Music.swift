import MediaTime

/// The music rules: the file exists inside the template folder; start within 0...3600 s, fades within 0...600 s;
/// the volume is within 0...4.
extension TemplateDecoder {
    static let musicKeys = ["file", "start", "volume", "fadeIn", "fadeOut"]
    static let maxMusicStart = RationalTime(seconds: 3600)
    static let maxFade = RationalTime(seconds: 600)

    mutating func readMusic(_ value: JSONValue, at path: JSONPath) -> MusicSpec? {
        let example = "\"music\": { \"file\": \"music/track.m4a\" }"
        guard let object = context.object(value, at: path, known: Self.musicKeys, example: example) else { return nil }
        var file: String?
        if let value = context.required("file", in: object, at: path, example: "\"file\": \"music/track.m4a\""),
           let text = context.string(value, at: path.appending("file"), example: "\"file\": \"music/track.m4a\"") {
            file = checkAsset(text, at: path.appending("file")) ? text : nil
        }
        // Frame counts are not accepted here: music is not on the frame grid.
        let start = readMusicTime("start", object, at: path, limit: Self.maxMusicStart)
        let fadeIn = readMusicTime("fadeIn", object, at: path, limit: Self.maxFade)
        let fadeOut = readMusicTime("fadeOut", object, at: path, limit: Self.maxFade)
        var volume: Double? = 1
        if let value = object["volume"] { volume = context.volume(value, at: path.appending("volume")) }
        guard let file, let start, let fadeIn, let fadeOut, let volume else { return nil }
        return MusicSpec(file: file, start: start, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut)
    }

    private mutating func readMusicTime(_ key: String, _ object: JSONObject, at path: JSONPath, limit: RationalTime) -> RationalTime? {
        guard let value = object[key] else { return .zero }
        let keyPath = path.appending(key)
        guard let time = context.time(value, at: keyPath, frameRate: nil) else { return nil }
        guard !time.isNegative, time <= limit else {
            context.error(.musicTime, "\(key) \(TimeText.string(from: time)) is outside 0...\(TimeText.string(from: limit))", at: keyPath,
                          notes: ["use a number of seconds from 0 to \(limit.value)"])
            return nil
        }
        return time
    }

    /// True when `relative` names a regular file inside the template folder; reports why not.
    mutating func checkAsset(_ relative: String, at path: JSONPath) -> Bool {
        guard let problem = AssetPath.problem(with: relative, in: folder) else { return true }
        let inside = "write a path relative to the template folder, such as \"music/track.m4a\", and keep the file inside the folder"
        switch problem {
        case .empty:
            context.error(.emptyText, "the file path is empty", at: path, notes: [inside])
        case .absolute:
            context.error(.assetPathOutside, "'\(relative)' is an absolute path", at: path, notes: [inside])
        case .climbsOut:
            context.error(.assetPathOutside, "'\(relative)' uses '..'; asset paths must stay inside the template folder", at: path,
                          notes: [inside])
        case .linksOutside(let target):
            context.error(.assetPathOutside, "'\(relative)' is a symbolic link that leads outside the template folder (to \(target))",
                          at: path, notes: ["copy the file into the template folder instead of linking to it"])
        case .missing:
            context.error(.assetMissing, "'\(relative)' does not exist in the template folder", at: path,
                          notes: ["check the spelling, or add the file to the template folder"])
        case .notRegularFile:
            context.error(.assetNotRegularFile, "'\(relative)' is not a regular file", at: path,
                          notes: ["name an audio file, not a folder"])
        }
        return false
    }
}
