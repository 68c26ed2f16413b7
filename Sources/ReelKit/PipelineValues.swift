import DocumentJSON
import MediaIO
import ProgressReport
import RenderCore
import TemplateFormat
import TemplateResolver

/// A template that loaded, with the findings that did not stop it (warnings, notes).
public struct LoadedTemplate: Sendable {
    /// The template as loaded and validated.
    public let template: Template
    /// The template's folder, against which its asset paths resolve.
    public let folder: String
    /// Warnings and notes of loading; errors never reach here (the load fails instead).
    public let diagnostics: [Diagnostic]

    /// A template loaded by other means (a service that keeps templates in memory).
    public init(template: Template, folder: String, diagnostics: [Diagnostic] = []) {
        self.template = template
        self.folder = folder
        self.diagnostics = diagnostics
    }
}

/// What `Pipeline.make` is asked to do.
public struct MakeRequest: Sendable {
    /// The template folder.
    public var template: String
    /// Media files and folders, in the order given.
    public var media: [String]
    /// Where the MP4 goes (`-` for standard output, a device or a FIFO for a stream).
    public var output: String
    /// Also write the timeline here.
    public var timelineOutput: String?
    /// Order, seed, texts, `useAll`.
    public var resolve: ResolveOptions
    /// Size, quality, bit rate, loudness.
    public var export: ExportOptions
    /// Fail on warnings too: the template's, characters of the texts given that no font can draw,
    /// and caption cues left out or cut.
    public var strict: Bool
    /// A song of the person's in place of the template's music, its beats timing the cuts.
    public var song: SongRequest?
    /// The options as a person wrote them (a command line's), settled by `make` at the step that
    /// needs each; when given, they take the place of `resolve`, `song` and of `export` (whose
    /// `rawVideo` stays).
    public var text: MakeRequestText?

    /// Defaults render with the template's own settings; `text`, when given, replaces `resolve`, `song` and `export`.
    public init(
        template: String, media: [String], output: String, timelineOutput: String? = nil,
        resolve: ResolveOptions = ResolveOptions(), export: ExportOptions = ExportOptions(), strict: Bool = false,
        song: SongRequest? = nil, text: MakeRequestText? = nil
    ) {
        self.template = template
        self.media = media
        self.output = output
        self.timelineOutput = timelineOutput
        self.resolve = resolve
        self.export = export
        self.strict = strict
        self.song = song
        self.text = text
    }
}

/// What `Pipeline.make` did.
public struct MakeResult: Sendable {
    /// The timeline, what went where, and the resolver's findings.
    public let resolution: Resolution
    /// The template's warnings and notes.
    public let templateDiagnostics: [Diagnostic]
    /// Frames written, loudness, problems covered on the way.
    public let export: ExportReport
}

/// What the pipeline reports while it works, in order.
public enum PipelineEvent: Sendable {
    case templateLoaded(LoadedTemplate)
    case resolved(Resolution)
    /// The timeline is made (and written, when asked); its render begins with these options.
    case exporting(ExportOptions)
    /// After each frame is drawn.
    case rendering(ExportProgress)
    /// Where a stage that can take long stands (probing, analysing, beats, a first pass,
    /// rendering, sound), by the rules of `StageProgress`: each begins at 0 and ends once at its
    /// total, with its time.
    case stage(StageProgress)
}

extension PipelineEvent {
    /// `events` told of stages, for the steps that report them.
    static func stages(_ events: (@Sendable (PipelineEvent) -> Void)?) -> (@Sendable (StageProgress) -> Void)? {
        guard let events else { return nil }
        return { events(.stage($0)) }
    }
}
