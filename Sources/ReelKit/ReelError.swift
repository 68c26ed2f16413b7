import Captions
import DocumentJSON
import FileAccess
import MediaIO
import Previews
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Why a step of the pipeline failed, with what a caller needs to report it.
///
/// Every failure of the libraries below reaches the caller as one of these; nothing is dropped on
/// the way. `isInvalidInput` tells the documents a person can fix (a template, a timeline) from the
/// media and files that could not be read or written.
public enum ReelError: Error, Sendable, CustomStringConvertible {
    /// The template has errors (or warnings, when strict); every finding is in `diagnostics`.
    case invalidTemplate(file: String, diagnostics: [Diagnostic])
    /// The template folder or its `template.json` cannot be read at all.
    case templateUnreadable(TemplateLoadError)
    /// The timeline breaks its rules; every problem is in the error.
    case invalidTimeline(TimelineCodingError)
    /// A caption or words file cannot be read at all (not JSON where JSON is expected).
    case captions(CaptionFileError)
    /// The media cannot fill the template (a missing text, too few media of a kind).
    case resolve(ResolveError)
    case render(RenderError)
    /// A preview cannot be drawn as asked (a layout with no cells, nothing at the times asked).
    case preview(PreviewError)
    /// A file could not be opened, read, decoded or written, or an output would replace an input.
    case file(FileAccessError)
    /// The caller cancelled the work; nothing was written.
    case cancelled
    /// A sound has no beat to find: it is silent (`silent`) or has no steady pulse.
    case noBeat(file: String, silent: Bool)
    /// A person's song cannot go under the template as asked (too short, a start outside it).
    case song(SongPlacementError)
    /// A value of an option given as text is not one the option takes (`MakeRequestText`).
    case option(OptionValueError)
    /// A texts file (`MakeRequestText.textFile`) cannot be read, or is not an object of key: text.
    case textFile(TextsFileError)
    /// `make` was given no media to fill the template with.
    case noMedia
    /// Under `strict`, a text given has characters no installed font can draw, or a caption cue
    /// was left out or cut: the resolver's warnings of them stop the work.
    case strictTexts

    public var description: String {
        switch self {
        case .invalidTemplate(let file, let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }.count
            return "\(file): template is invalid (\(errors) error\(errors == 1 ? "" : "s"))"
        case .templateUnreadable(let e): return e.description
        case .invalidTimeline(let e): return e.description
        case .resolve(let e): return e.description
        case .captions(let e): return e.description
        case .render(let e): return e.description
        case .preview(let e): return e.description
        case .file(let e): return e.description
        case .song(let e): return e.description
        case .option(let e): return e.description
        case .textFile(let e): return e.description
        case .noMedia: return "give the media to use: files or folders of clips and photos"
        case .strictTexts: return "a text given has characters no installed font can draw, or a caption cue was left out or cut (--strict)"
        case .cancelled: return "cancelled"
        case .noBeat(let file, let silent):
            return "\(PathBytes.display(file)): no beat found (\(silent ? "the sound is silent" : "no steady pulse in the sound"))"
        }
    }

    /// True for a template, timeline or caption file a person must fix (the CLI's exit 3).
    public var isInvalidInput: Bool {
        switch self {
        case .invalidTemplate, .templateUnreadable, .invalidTimeline, .captions, .strictTexts: return true
        case .textFile(let e): return e.isInvalid
        // A text given, or a caption cue, too long for a timeline: the person's to shorten.
        case .resolve(.textTooLong): return true
        default: return false
        }
    }
}
