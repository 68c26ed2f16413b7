import MediaTime
import ReelKit
import TemplateFormat

/// `--music song.mp3 [--music-start auto|<time>]`: a person's song under the template.
extension Workflow {
    static let songOptions: [OptionSpec] = [
        OptionSpec(
            long: "music", short: nil, takesValue: true,
            help: "your own song in place of the template's music; times the template writes in beats follow its beats"),
        OptionSpec(
            long: "music-start", short: nil, takesValue: true,
            help: "auto (default: the strongest stretch from a downbeat) or a time in the song, moved to the nearest beat"),
    ]

    /// The song asked for, nil without `--music`.
    static func songRequest(_ args: ParsedArguments) throws -> SongRequest? {
        guard let path = args.value("music") else {
            if args.value("music-start") != nil { throw UsageError(message: "--music-start needs --music") }
            return nil
        }
        do { return try SongRequest(path: path, startText: args.value("music-start")) } catch { throw UsageError(message: error.description) }
    }

    /// Loads the template (printing its findings as `loadTemplate` does) and, with `--music`,
    /// fits it to the song (`Pipeline.fitSong`).
    static func loadTemplate(_ folder: String, strict: Bool = false, quiet: Bool, args: ParsedArguments, display: StageDisplay? = nil) throws
        -> (Template, SongTemplate?)
    {
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
