import FileAccess
import Foundation
import MediaTime
import ReelKit
import RenderCore
import TemplateCore

/// The steps commands share: load a template, gather media, resolve, render.
enum Workflow {
    /// Loads and validates a template (`Pipeline.loadTemplate`); prints its findings; fails on
    /// errors (or warnings under `strict`).
    static func loadTemplate(_ folder: String, strict: Bool = false, quiet: Bool) throws -> Template {
        let loaded: LoadedTemplate
        do { loaded = try Pipeline.loadTemplate(folder, strict: strict) } catch {
            if case .invalidTemplate(_, let diagnostics) = error {
                for d in diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
            }
            throw error
        }
        for d in loaded.diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
        return loaded.template
    }

    /// Expands folders and probes every file given (`Pipeline.gatherMedia`); videos are analysed
    /// too when a slot of the template picks the best part of its video.
    static func gatherMedia(_ inputs: [String], for template: Template? = nil, args: ParsedArguments? = nil, display: StageDisplay? = nil)
        throws -> [MediaAsset]
    {
        guard !inputs.isEmpty else { throw UsageError(message: "give the media to use: files or folders of clips and photos") }
        var reframe = Reframe.cover
        if let args {
            do { reframe = try optionText(args).reframeValue() } catch { throw UsageError(message: error.description) }
        }
        defer { display?.clear() }
        return try Pipeline.gatherMedia(inputs, for: template, reframe: reframe, events: display?.events)
    }

    /// Options of the resolver a person can set.
    static let resolveOptions: [OptionSpec] = [
        OptionSpec(long: "order", short: nil, takesValue: true, help: "order media fill slots: given (default), name or date"),
        OptionSpec(long: "use-all", short: nil, takesValue: false, help: "repeat the template's middle slots until every medium is used"),
        OptionSpec(long: "seed", short: nil, takesValue: true, help: "a number that varies the resolver's choices (default 0)"),
        OptionSpec(
            long: "reframe", short: nil, takesValue: true,
            help: "cover (default) or smart: frame on faces and subjects where cover would crop away over a quarter"),
        OptionSpec(
            long: "text", short: nil, takesValue: true, help: "fill a text of the template: --text title=\"Lisbon 2026\"",
            repeatable: true),
        OptionSpec(long: "text-file", short: nil, takesValue: true, help: "fill texts from a JSON object of key: text"),
        OptionSpec(long: "format", short: nil, takesValue: true, help: "text (default) or json: how to print what went where"),
        OptionSpec(
            long: "captions", short: nil, takesValue: true,
            help: "burn in captions from an SRT or WebVTT file, or a JSON words file [{ \"word\", \"start\", \"end\" }]"),
        OptionSpec(long: "caption-words", short: nil, takesValue: true, help: "time the captions' words from a JSON words file"),
        OptionSpec(
            long: "caption-style", short: nil, takesValue: true,
            help: "plain (default), box, karaoke (the spoken word lit) or pop (one word at a time)"),
        OptionSpec(long: "caption-lines", short: nil, takesValue: true, help: "most lines a caption takes, 1 to 5 (default 2)"),
        OptionSpec(
            long: "voice", short: nil, takesValue: true,
            help: "a voice-over (an audio file), placed where the template's voice slot says (else from the start), the music ducked under it"),
    ]

    /// The resolver's options from the command line.
    static func resolveOptions(_ args: ParsedArguments, template: Template, folder: String) throws -> ResolveOptions {
        var options: ResolveOptions
        do { options = try optionText(args).resolveOptions() } catch { throw UsageError(message: error.description) }
        if let file = args.value("text-file") { options.texts = try textFile(file) }
        options.texts.merge(try textPairs(args), uniquingKeysWith: { _, given in given })
        try captionOptions(args, template: template, folder: folder, into: &options)
        if let voice = args.value("voice") { options.voice = VoiceInput(path: voice, duration: nil) }
        _ = try summaryFormat(args)
        return options
    }

    /// `--captions`, `--caption-words`, `--caption-style` and `--caption-lines`; without
    /// `--captions`, the caption file the template's captions layer names. The style options
    /// change the layer's style (its area, size and colours stay).
    static func captionOptions(_ args: ParsedArguments, template: Template, folder: String, into options: inout ResolveOptions) throws {
        let layer = template.captionsLayer
        guard let file = args.value("captions") ?? layer?.spec.filePath(templateFolder: folder) else {
            for option in ["caption-words", "caption-style", "caption-lines"] where args.value(option) != nil {
                throw UsageError(message: "--\(option) needs --captions (or a template whose captions layer names a file)")
            }
            return
        }
        var spec = layer?.spec ?? CaptionsLayerSpec()
        if let style = args.value("caption-style") {
            guard let kind = CaptionStyle.Kind(rawValue: style) else {
                throw UsageError(message: "--caption-style takes plain, box, karaoke or pop, not '\(style)'")
            }
            spec.style = kind
        }
        if let lines = args.value("caption-lines") {
            guard let n = Int(lines), Limits.captionLines.contains(n) else {
                throw UsageError(
                    message:
                        "--caption-lines takes a whole number from \(Limits.captionLines.lowerBound) to \(Limits.captionLines.upperBound), not '\(lines)'"
                )
            }
            spec.lines = n
        }
        if args.value("caption-style") != nil || args.value("caption-lines") != nil {
            options.captionStyle = spec.captionStyle(on: template.canvas, templateFolder: folder)
        }
        options.captions = try Pipeline.readCaptions(file, words: args.value("caption-words"))
    }

    /// The `--text key=text` pairs given.
    static func textPairs(_ args: ParsedArguments) throws -> [String: String] {
        var texts: [String: String] = [:]
        for pair in args.all("text") {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw UsageError(message: "--text takes key=text, not '\(pair)'")
            }
            texts[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
        }
        return texts
    }

    /// `--format`: false for text, true for JSON.
    static func summaryFormat(_ args: ParsedArguments) throws -> Bool {
        try OutputFormat.of(args) == .json
    }

    /// Reads `{ "key": "text", ... }`.
    static func textFile(_ path: String) throws -> [String: String] {
        let text: String
        do { text = try ReadableFile.text(path, limit: TemplateLimits.maxFileSize) } catch {
            throw CommandFailure(message: "\(path): cannot read the text file: \(error.reason)")
        }
        let document: JSONDocument
        do { document = try JSONParser.parse(text) } catch {
            throw CommandFailure(message: "\(path): not valid JSON: \(error)", status: .invalid)
        }
        guard let object = document.root.objectValue else {
            throw CommandFailure(message: "\(path): expected a JSON object of key: text", status: .invalid)
        }
        var texts: [String: String] = [:]
        for member in object.members {
            guard let s = member.value.stringValue else {
                throw CommandFailure(message: "\(path): the value of '\(member.key)' is not a string", status: .invalid)
            }
            texts[member.key] = s
        }
        return texts
    }

    static func resolve(template: Template, folder: String, media: [MediaAsset], args: ParsedArguments, song: SongTemplate? = nil) throws
        -> Timeline
    {
        var summary: JSONValue?
        let timeline = try resolve(template: template, folder: folder, media: media, args: args, song: song, heldSummary: &summary)
        if let summary { Console.write(1, JSONWriter.write(summary)) }
        return timeline
    }

    /// Resolves as above, but a JSON summary (`--format json`) is handed back in `heldSummary` to
    /// be printed later (by `make`, once the video is written and its sound measured), except when
    /// `--strict` fails, where it is printed before the failure.
    static func resolve(
        template: Template, folder: String, media: [MediaAsset], args: ParsedArguments, song: SongTemplate?, heldSummary: inout JSONValue?
    ) throws -> Timeline {
        let options = try resolveOptions(args, template: template, folder: folder)
        let resolution: Resolution
        do {
            if let song {
                resolution = try Pipeline.resolve(song, media: media, options: options)
            } else {
                resolution = try Pipeline.resolve(
                    LoadedTemplate(template: template, folder: folder, diagnostics: []), media: media, options: options)
            }
        } catch {
            // Texts are the caller's to give: a missing or misspelt key is a usage mistake.
            if case .resolve(let e) = error, case .missingText = e { throw UsageError(message: e.description) }
            if case .resolve(let e) = error, case .unknownTextKey = e { throw UsageError(message: e.description) }
            throw error
        }
        // Under --strict, characters of the texts given that no font can draw stop the work.
        let strictFailure = CommandFailure(
            message: "a text given has characters no installed font can draw, or a caption cue was left out or cut (--strict)", status: .invalid)
        // So do the caption file's warnings: cues left out or cut.
        let failsStrict =
            args.flag("strict")
            && resolution.diagnostics.contains { $0.code == .glyphMissing || ($0.code.isCaption && $0.severity == .warning) }
        if try summaryFormat(args) {
            if failsStrict {
                Console.write(1, JSONWriter.write(resolution.summaryJSON))
                throw strictFailure
            }
            heldSummary = resolution.summaryJSON
            return resolution.timeline
        }
        if !args.flag("quiet") {
            for line in resolution.summary { Console.out(line) }
        }
        // Media left out is a note, but one a person must hear of: the JSON summary lists it too.
        for d in resolution.diagnostics where (d.severity != .note || d.code == .mediaLeftOut) && !args.flag("quiet") {
            Console.err(d.description)
        }
        if failsStrict { throw strictFailure }
        return resolution.timeline
    }

    /// The output path: `-o`, else `default` in the current folder.
    static func outputPath(_ args: ParsedArguments, default name: String) -> String {
        args.value("output") ?? name
    }

    static let outputOption = OptionSpec(long: "output", short: "o", takesValue: true, help: "where to write the result")

    static func name(of folder: String) -> String {
        let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (trimmed as NSString).lastPathComponent
    }
}
