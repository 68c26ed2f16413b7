import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// Turns a parsed `template.json` into a `Template`, checking every rule of format 1.
///
/// It goes on after each problem (using a stand-in value where one is needed) so that one pass
/// reports everything. Each part of the format has its own file: canvas, music, slots, layers,
/// texts, effects, assets; the rules that look across parts are types of their own (`Rules/`,
/// `TemplateRules.all`), run last (`+Semantics`).
package struct TemplateDecoder {
    package var context: DecodingContext
    package let folder: String
    package let inspector: (any AssetInspector)?
    /// Canonical paths of the files the template uses, for the unused-asset note.
    var usedAssets: Set<String> = []
    /// Every slot and layer id seen, with the path of its first use.
    package var ids: [String: JSONPath] = [:]
    /// The frame rate of the canvas, or a stand-in when the canvas has none, for frame counts.
    package var frameRate = FrameRate(30)
    /// What each part yielded, for the rules across parts (which run whatever else is broken).
    package var facts = PartFacts()
    /// Files of the folder that a fix note proposed: never called unused in the same report.
    var proposedAssets: Set<String> = []
    /// Set by the first captions layer read: a template has at most one.
    var hasCaptionsLayer = false
    /// The beats of a song that replaces the music's (`TemplateLoader.load(beats:)`).
    var givenBeats: BeatGrid?

    package init(document: JSONDocument, file: String, folder: String, inspector: (any AssetInspector)?) {
        self.context = DecodingContext(document: document, file: file)
        self.folder = folder
        self.inspector = inspector
    }

    /// The template, or nil when a required part is unusable; findings are in `context`.
    package mutating func decode() -> Template? {
        for duplicate in context.document.sourceMap.duplicateKeys {
            context.report(
                .warning, .duplicateKey, "key written twice; only the last value is used",
                at: duplicate.path, atKey: true, notes: ["remove one of the two"])
        }
        // The version decides what the rest means: check it before anything else is reported.
        if let root = context.document.root.objectValue, !checkFormat(root) { return nil }
        guard
            let root = context.object(
                context.document.root, at: .root, known: TemplateKeys.root,
                example: "{ \"format\": 1, \"name\": ..., \"canvas\": ..., \"slots\": [...] }")
        else {
            return nil
        }
        let name = readName(root)
        let canvas = readCanvas(root)
        var music: MusicSpec?
        var musicValid = true
        if let value = root["music"] {
            facts.hasMusic = true
            music = readMusic(value, at: JSONPath.root.appending("music"))
            musicValid = music != nil
        }
        // After the canvas and the music: the cover may be written in frames or beats.
        let info = readInfo(root)
        let slots = readSlots(root)
        let layers = readLayers(root)
        var grade: [EffectSpec]? = []
        if let value = root["grade"] {
            grade = readFilters(
                value, at: JSONPath.root.appending("grade"),
                timing: ItemTiming(start: .zero, duration: facts.total, name: "the video"))
        }
        // After the slots: sounds start at times of the video, which may be beats.
        var voice: VoiceSpec?? = .some(nil)
        if let value = root["voice"] { voice = readVoice(value, at: JSONPath.root.appending("voice")).map { .some($0) } }
        var sounds: [SoundSpec]? = []
        if let value = root["sounds"] { sounds = readSounds(value, at: JSONPath.root.appending("sounds")) }
        var ducking: Ducking?? = .some(.standard)
        if let value = root["ducking"] { ducking = readDucking(value, at: JSONPath.root.appending("ducking")) }
        var template: Template?
        if let name, let info, let canvas, let slots, let layers, let grade, musicValid, let voice, let sounds, let ducking {
            template = Template(
                format: Template.supportedFormat, name: name, description: info.description, author: info.author,
                license: info.license, tags: info.tags, coverTime: info.cover, canvas: canvas.0, frameRate: canvas.1,
                music: music, slots: slots, layers: layers, grade: grade, voice: voice, sounds: sounds, ducking: ducking)
        }
        checkAcrossParts()
        return template
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
            context.error(
                .unsupportedFormat, "format \(format) is not supported; this version of Reel reads format \(Template.supportedFormat)",
                at: path, notes: notes)
            return false
        }
        return true
    }

    private mutating func readName(_ root: JSONObject) -> String? {
        let example = "\"name\": \"Postcard\""
        guard let value = context.required("name", in: root, at: .root, example: example) else { return nil }
        return context.text(value, at: JSONPath.root.appending("name"), maxLength: Limits.maxShortText, example: example)
    }

    package struct Info {
        package var description: String?
        var author: String?
        var license: String?
        package var tags: [String] = []
        package var cover: RationalTime?
    }

    /// Description, author, licence, tags and cover time: all optional.
    private mutating func readInfo(_ root: JSONObject) -> Info? {
        var info = Info()
        var valid = true
        func optionalText(_ key: String, _ limit: Int, _ example: String, _ context: inout DecodingContext) -> String?? {
            guard let value = root[key] else { return .some(nil) }
            guard let text = context.text(value, at: JSONPath.root.appending(key), maxLength: limit, example: example) else { return nil }
            return .some(text)
        }
        if let d = optionalText("description", Limits.maxLongText, "\"description\": \"Six shots cut to music\"", &context) {
            info.description = d
        } else {
            valid = false
        }
        if let a = optionalText("author", Limits.maxShortText, "\"author\": \"Ana Silva\"", &context) {
            info.author = a
        } else {
            valid = false
        }
        if let l = optionalText("license", Limits.maxShortText, "\"license\": \"CC-BY-4.0\"", &context) {
            info.license = l
        } else {
            valid = false
        }
        if let value = root["tags"] {
            let path = JSONPath.root.appending("tags")
            if let items = context.array(value, at: path, limit: Limits.maxTags, what: "tags", example: "\"tags\": [\"travel\", \"beat\"]") {
                for (i, item) in items.enumerated() {
                    if let tag = context.text(item, at: path.appending(i), maxLength: Limits.maxKeyLength, example: "\"travel\"") {
                        info.tags.append(tag)
                    } else {
                        valid = false
                    }
                }
            } else {
                valid = false
            }
        }
        if let value = root["cover"] {
            // Checked against the video's length once the slots are known.
            if let t = videoTime(value, at: JSONPath.root.appending("cover"), from: .zero, what: "the cover time") {
                info.cover = t
                facts.cover = t
            } else {
                valid = false
            }
        }
        return valid ? info : nil
    }
}
