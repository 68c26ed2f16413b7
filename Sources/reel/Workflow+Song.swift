import ReelKit

/// `--music song.mp3 [--music-start auto|<time>]`: a person's song under the template.
extension Workflow {
    /// The song asked for, nil without `--music` (`MakeRequestText.songRequest`).
    static func songRequest(_ args: ParsedArguments<SongOptionGroup>) throws -> SongRequest? {
        do { return try MakeRequestText(music: args[\.music], musicStart: args[\.musicStart]).songRequest() } catch {
            throw UsageError(message: error.description)
        }
    }

    /// Loads the template (printing its findings as `loadTemplate` does) and, with `--music`,
    /// fits it to the song (`Pipeline.fitSong`).
    static func loadTemplate(
        _ folder: String, strict: Bool = false, quiet: Bool, args: ParsedArguments<SongOptionGroup>, display: StageDisplay? = nil
    ) throws -> (Template, SongTemplate?) {
        guard let request = try songRequest(args) else { return (try loadTemplate(folder, strict: strict, quiet: quiet), nil) }
        let loaded: LoadedTemplate
        do { loaded = try Pipeline.loadTemplate(folder, strict: strict) } catch {
            if case .invalidTemplate(_, let diagnostics) = error {
                for d in diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
            }
            throw error
        }
        let fitted: SongTemplate
        defer { display?.clear() }
        do { fitted = try Pipeline.fitSong(request, to: loaded, strict: strict, events: display?.events) } catch {
            if case .invalidTemplate(_, let diagnostics) = error {
                for d in diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
            }
            throw error
        }
        for d in fitted.loaded.diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
        return (fitted.loaded.template, fitted)
    }
}
