import RenderCore
import TemplateResolver

/// One row of a jobs file, checked: everything its render needs, resolved to values.
public struct BatchJob: Sendable {
    /// The row's number among the rows, from 1.
    public let row: Int
    /// The line of the jobs file the row starts on.
    public let line: Int
    /// The row's `id` value (empty when the row gives none); names the row in messages and the default output.
    public let id: String
    /// The row's template, loaded and validated once for every row that names it.
    public let template: LoadedTemplate
    /// Media as `make` takes them (files and folders), globs expanded, relative to the jobs file's folder.
    public let media: [String]
    /// The files those name, folders expanded: what the render reads.
    public let mediaFiles: [String]
    /// The output, relative to the output folder.
    public let output: String
    /// The output's path.
    public let outputPath: String
    /// The resolve options; `voice` is the row's voice-over.
    public let resolve: ResolveOptions
    /// The row's song under the template (the `music` and `music-start` columns), if any.
    public let song: SongRequest?
    /// The export options the row's option columns ask for, read as `make` reads its options.
    public let export: ExportOptions
    /// Warnings known before the render: the template's, and a size of another shape than its canvas.
    public let warnings: [String]
    /// The row's values as written, but the paths of its template and media (whose contents are hashed instead).
    let values: [(name: String, value: String)]
}
