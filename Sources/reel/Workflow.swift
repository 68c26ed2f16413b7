import Foundation
import ReelKit

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
    static func gatherMedia(
        _ inputs: [String], for template: Template? = nil, args: ParsedArguments<ResolveOptionGroup>? = nil, display: StageDisplay? = nil
    ) throws -> [MediaAsset] {
        guard !inputs.isEmpty else { throw UsageError(message: "give the media to use: files or folders of clips and photos") }
        var reframe = Reframe.cover
        if let args {
            do { reframe = try MakeOptionText(reframe: args[\.reframe]).reframeValue() } catch { throw UsageError(message: error.description) }
        }
        defer { display?.clear() }
        return try Pipeline.gatherMedia(inputs, for: template, reframe: reframe, events: display?.events)
    }

    /// The options of `make` and `resolve` as given, for ReelKit to settle (`MakeRequestText`).
    static func requestText(
        resolve: ParsedArguments<ResolveOptionGroup>, song: ParsedArguments<SongOptionGroup>? = nil,
        render: ParsedArguments<RenderOptionGroup>? = nil
    ) -> MakeRequestText {
        MakeRequestText(
            options: MakeOptionText(
                order: resolve[\.order], useAll: resolve[\.useAll], seed: resolve[\.seed], quality: render?[\.quality], size: render?[\.size],
                bitrate: render?[\.bitrate], bpp: render?[\.bpp], audioBitrate: render?[\.audioBitrate], loudness: render?[\.loudness],
                reframe: resolve[\.reframe]),
            texts: resolve[\.text], textFile: resolve[\.textFile], captions: resolve[\.captions], captionWords: resolve[\.captionWords],
            captionStyle: resolve[\.captionStyle], captionLines: resolve[\.captionLines], voice: resolve[\.voice], music: song?[\.music],
            musicStart: song?[\.musicStart], softCaptions: render?[\.softCaptions] ?? false)
    }

    /// The resolver's options from the command line (`MakeRequestText.resolveOptions`); a wrong
    /// value is a usage error.
    static func resolveOptions(_ args: ParsedArguments<ResolveOptionGroup>, template: Template, folder: String) throws -> ResolveOptions {
        do { return try requestText(resolve: args).resolveOptions(for: LoadedTemplate(template: template, folder: folder)) } catch {
            if case .option(let e) = error { throw UsageError(message: e.description) }
            throw error
        }
    }

    /// The `--text key=text` pairs given.
    static func textPairs(_ pairs: [String]) throws -> [String: String] {
        do { return try MakeRequestText.textPairs(pairs) } catch { throw UsageError(message: error.description) }
    }

    /// `--format`: false for text, true for JSON.
    static func summaryFormat(_ format: String?) throws -> Bool {
        try OutputFormat.of(format) == .json
    }

    /// Fills the template (`Pipeline.resolve`) and prints what went where: as lines, or with
    /// `--format json` as one document on standard output.
    static func resolve(
        template: Template, folder: String, media: [MediaAsset], args: ParsedArguments<ResolveOptionGroup>, song: SongTemplate? = nil
    ) throws -> Timeline {
        let options = try resolveOptions(args, template: template, folder: folder)
        let json = try summaryFormat(args[\.format])
        let resolution: Resolution
        do {
            if let song {
                resolution = try Pipeline.resolve(song, media: media, options: options)
            } else {
                resolution = try Pipeline.resolve(
                    LoadedTemplate(template: template, folder: folder, diagnostics: []), media: media, options: options)
            }
        } catch {
            throw usageMistake(error) ?? error
        }
        if json {
            Console.write(1, JSONWriter.write(resolution.summaryJSON))
        } else {
            printSummary(resolution, quiet: args.quiet)
        }
        return resolution.timeline
    }

    /// What went where, and the resolver's findings a person must hear of.
    static func printSummary(_ resolution: Resolution, quiet: Bool) {
        if !quiet {
            for line in resolution.summary { Console.out(line) }
        }
        // Media left out is a note, but one a person must hear of: the JSON summary lists it too.
        for d in resolution.diagnostics where (d.severity != .note || d.code == .mediaLeftOut) && !quiet {
            Console.err(d.description)
        }
    }

    /// Texts are the caller's to give: a missing or misspelt key is a usage mistake, as is a
    /// wrong value of an option given as text, or no media.
    static func usageMistake(_ error: ReelError) -> UsageError? {
        switch error {
        case .option(let e): return UsageError(message: e.description)
        case .noMedia: return UsageError(message: error.description)
        case .resolve(let e):
            if case .missingText = e { return UsageError(message: e.description) }
            if case .unknownTextKey = e { return UsageError(message: e.description) }
            return nil
        default: return nil
        }
    }

    static func name(of folder: String) -> String {
        let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (trimmed as NSString).lastPathComponent
    }
}
