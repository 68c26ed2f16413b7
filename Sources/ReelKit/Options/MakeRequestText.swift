import Captions
import DocumentLimits
import MediaTime
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// The options of a `make` request as a person writes them: the command line's `--quality`,
/// `--text`, `--captions`, `--music` and the rest.
///
/// `Pipeline.make` settles each at the step that has what it depends on: the song before the
/// template is loaded, the render's options once its canvas is known, the resolver's once the
/// media are in. A wrong value is refused there, as an `OptionValueError` (`ReelError.option`),
/// so a service that takes the same text gets the same answers, at the same point, as `reel make`.
public struct MakeRequestText: Sendable {
    /// Order, seed, reframe, and the render's quality, size, bit rates and loudness.
    public var options: MakeOptionText
    /// `key=text` pairs (`--text`); they win over the texts of `textFile`.
    public var texts: [String]
    /// A JSON object of key: text (`--text-file`).
    public var textFile: String?
    /// A caption file (`--captions`): SRT, WebVTT or a JSON words file. Without it, the file the
    /// template's captions layer names, if any.
    public var captions: String?
    /// A JSON words file that times the captions' words (`--caption-words`).
    public var captionWords: String?
    /// `plain`, `box`, `karaoke` or `pop` (`--caption-style`), over the captions layer's style.
    public var captionStyle: String?
    /// Most lines a caption takes (`--caption-lines`), within `Limits.captionLines`.
    public var captionLines: String?
    /// A voice-over's audio file (`--voice`).
    public var voice: String?
    /// A song in place of the template's music (`--music`), and where in it the video begins
    /// (`--music-start`: `auto` or a time).
    public var music: String?
    /// `--music-start`: `auto` or a time in the song; read only with `music`.
    public var musicStart: String?
    /// Also carry the captions as a subtitle stream (`--soft-captions`).
    public var softCaptions: Bool

    /// Values as written, unchecked: `make` settles each at the step that needs it.
    public init(
        options: MakeOptionText = MakeOptionText(), texts: [String] = [], textFile: String? = nil, captions: String? = nil,
        captionWords: String? = nil, captionStyle: String? = nil, captionLines: String? = nil, voice: String? = nil, music: String? = nil,
        musicStart: String? = nil, softCaptions: Bool = false
    ) {
        self.options = options
        self.texts = texts
        self.textFile = textFile
        self.captions = captions
        self.captionWords = captionWords
        self.captionStyle = captionStyle
        self.captionLines = captionLines
        self.voice = voice
        self.music = music
        self.musicStart = musicStart
        self.softCaptions = softCaptions
    }

    /// The files these options name that a run reads, in the order the command line checks
    /// them against its outputs.
    public var readFiles: [String] { [textFile, captions, captionWords, voice, music].compactMap { $0 } }

    /// The song asked for; nil without `music`.
    public func songRequest() throws(OptionValueError) -> SongRequest? {
        guard let music else {
            if musicStart != nil { throw OptionValueError(option: "music-start", message: "needs --music") }
            return nil
        }
        return try SongRequest(path: music, startText: musicStart)
    }

    /// The render's options for a template or timeline of `canvas`.
    public func exportOptions(canvas: Canvas) throws(OptionValueError) -> ExportOptions {
        var export = try options.exportOptions(canvas: canvas)
        export.softCaptions = softCaptions
        return export
    }

    /// The resolver's options for `loaded`: order, seed and reframe; the texts of the file, then
    /// the pairs; the captions and their style; the voice-over.
    public func resolveOptions(for loaded: LoadedTemplate) throws(ReelError) -> ResolveOptions {
        var resolve: ResolveOptions
        do { resolve = try options.resolveOptions() } catch { throw .option(error) }
        if let textFile {
            do { resolve.texts = try TextsFile.read(textFile) } catch { throw .textFile(error) }
        }
        do { resolve.texts.merge(try Self.textPairs(texts), uniquingKeysWith: { _, given in given }) } catch { throw .option(error) }
        try settleCaptions(template: loaded.template, folder: loaded.folder, into: &resolve)
        if let voice { resolve.voice = VoiceInput(path: voice, duration: nil) }
        return resolve
    }

    /// `captions`, `captionWords`, `captionStyle` and `captionLines`; without `captions`, the
    /// caption file the template's captions layer names. The style options change the layer's
    /// style (its area, size and colours stay).
    func settleCaptions(template: Template, folder: String, into options: inout ResolveOptions) throws(ReelError) {
        let layer = template.captionsLayer
        guard let file = captions ?? layer?.spec.filePath(templateFolder: folder) else {
            for (option, value) in [("caption-words", captionWords), ("caption-style", captionStyle), ("caption-lines", captionLines)]
            where value != nil {
                throw .option(OptionValueError(option: option, message: "needs --captions (or a template whose captions layer names a file)"))
            }
            return
        }
        var spec = layer?.spec ?? CaptionsLayerSpec()
        if let captionStyle {
            guard let kind = CaptionStyle.Kind(rawValue: captionStyle) else {
                throw .option(OptionValueError(option: "caption-style", message: "takes plain, box, karaoke or pop, not '\(captionStyle)'"))
            }
            spec.style = kind
        }
        if let captionLines {
            guard let n = Int(captionLines), Limits.captionLines.contains(n) else {
                throw .option(
                    OptionValueError(
                        option: "caption-lines",
                        message:
                            "takes a whole number from \(Limits.captionLines.lowerBound) to \(Limits.captionLines.upperBound), not '\(captionLines)'"
                    ))
            }
            spec.lines = n
        }
        if captionStyle != nil || captionLines != nil {
            options.captionStyle = spec.captionStyle(on: template.canvas, templateFolder: folder)
        }
        options.captions = try Pipeline.readCaptions(file, words: captionWords)
    }

    /// `key=text` pairs as a dictionary; a later pair of a key wins.
    public static func textPairs(_ pairs: [String]) throws(OptionValueError) -> [String: String] {
        var texts: [String: String] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw OptionValueError(option: "text", message: "takes key=text, not '\(pair)'")
            }
            texts[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
        }
        return texts
    }
}
