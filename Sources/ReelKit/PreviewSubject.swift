import DocumentJSON
import FileAccess
import Foundation
import Previews
import RenderCore
import TemplateResolver
import TimelineModel

/// What a preview is drawn from: a template folder (filled with media, or with numbered
/// placeholders when none are given), a timeline file, or a video file.
public struct PreviewRequest: Sendable {
    /// A template folder, a timeline (`.json`) or a video file.
    public var source: String
    /// Media to fill a template with; placeholders when empty.
    public var media: [String]
    /// How a template is filled (texts, seed, order), as for `make`.
    public var resolve: ResolveOptions

    /// `source` is a template folder, a timeline file or a video file; `media` empty uses placeholders.
    public init(source: String, media: [String] = [], resolve: ResolveOptions = ResolveOptions()) {
        self.source = source
        self.media = media
        self.resolve = resolve
    }
}

/// A preview's source opened and made ready to draw: the timeline the sheet, the animation or
/// the poster shows, the header that describes it, and the findings of filling the template.
///
/// Placeholder pictures live on disk as long as this object: keep it until every output is drawn.
public final class PreviewSubject: @unchecked Sendable {
    /// The request this subject was opened from.
    public let request: PreviewRequest
    /// Nil for a video file, which is shown as it is.
    public let timeline: Timeline?
    /// The template, when the source is one; nil for a timeline or a video file.
    public let template: LoadedTemplate?
    /// What filling the template decided, when it was filled with media.
    public let resolution: Resolution?
    /// The sheet's header (title and facts) for a template or timeline; nil for a video file.
    public let header: SheetHeader?
    /// Warnings about a timeline file (a font family not installed, T065).
    public internal(set) var warnings: [Diagnostic] = []
    private let placeholders: PlaceholderMedia?

    init(
        request: PreviewRequest, timeline: Timeline?, template: LoadedTemplate?, resolution: Resolution?, header: SheetHeader?,
        placeholders: PlaceholderMedia?
    ) {
        self.request = request
        self.timeline = timeline
        self.template = template
        self.resolution = resolution
        self.header = header
        self.placeholders = placeholders
    }

    /// The source's path, as the request named it.
    public var path: String { request.source }

    /// What drawing from this source reads, for the output check.
    public var inputs: [OutputGuard.Input] {
        if template != nil { return [.tree(path)] + request.media.map(OutputGuard.Input.media) }
        if let timeline, path.lowercased().hasSuffix(".json") { return OutputGuard.Input.timeline(path, timeline) }
        return [.file(path)]
    }

    /// The name outputs are called after by default: the source's name without its extension.
    public var baseName: String {
        var name = (path.hasSuffix("/") ? String(path.dropLast()) : path).split(separator: "/").last.map(String.init) ?? path
        for ext in [".json", ".mp4", ".mov", ".m4v", ".mkv", ".webm"] where name.lowercased().hasSuffix(ext) {
            name = String(name.dropLast(ext.count))
        }
        return name
    }
}
