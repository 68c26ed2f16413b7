/// Why an edit was not made; in every case the timeline file and its journal are as they were.
///
/// The cases tell a caller's mistake in the request (`request`) from a document a person must mend
/// (`isInvalidDocument`) and from files or media that could not be reached; `reel edit` exits 2, 3
/// and 1 for them, an API answers each its own way.
package enum EditFailure: Error, Sendable, CustomStringConvertible {
    /// The request is not one the operation takes: an unknown operation or option, a missing
    /// operand, a value of the wrong kind. The message names what was expected.
    case request(String)
    /// The journal or the timeline file cannot be opened, locked, read or written, or what the
    /// journal holds does not read (`EditDraftError`).
    case draft(EditDraftError)
    /// The timeline file's text does not read as a timeline; every problem is in the error.
    case invalidTimeline(TimelineCodingError)
    /// The timeline reads, yet breaks a rule of the editor (`TimelineEditor.init`).
    case uneditable(timeline: String, EditError)
    /// The editor refused the edit: no such clip, a value outside what the clip allows, a rule broken.
    case refused(timeline: String, operation: String, EditError)
    /// The edit would bring a problem of the media (`TimelineMediaCheck`): a transition needing
    /// frames a video lacks, say. `problem` is the first one it brings.
    case unrenderable(timeline: String, operation: String, problem: String)
    /// `undo` with no edit to undo.
    case nothingToUndo(timeline: String)
    /// `redo` with no undone edit to make again.
    case nothingToRedo(timeline: String)
    /// `music` was given a file without sound.
    case noSound(file: String)
    /// A medium the edit needs (`replace`, `music`) could not be read or analysed.
    case media(ReelError)

    /// A document a person must mend (the timeline's text or rules, the journal): `reel edit` exits 3.
    package var isInvalidDocument: Bool {
        switch self {
        case .draft(let e): return e.isInvalidDocument
        case .invalidTimeline, .uneditable: return true
        case .media(let e): return e.isInvalidInput
        case .request, .refused, .unrenderable, .nothingToUndo, .nothingToRedo, .noSound: return false
        }
    }

    /// One line, naming the timeline (as the caller named it) and the operation where they matter.
    package var description: String {
        switch self {
        case .request(let message): return message
        case .draft(let e): return e.description
        case .invalidTimeline(let e): return e.description
        case .uneditable(let timeline, let e): return "\(timeline): \(e.description)"
        case .refused(let timeline, let operation, let e): return "\(timeline): \(operation): \(e.description); nothing was changed"
        case .unrenderable(let timeline, let operation, let problem):
            return "\(timeline): \(operation) would leave the timeline unrenderable: \(problem); nothing was changed"
        case .nothingToUndo(let timeline): return "\(timeline): nothing to undo"
        case .nothingToRedo(let timeline): return "\(timeline): nothing to redo"
        case .noSound(let file): return "\(file): has no sound to use as music"
        case .media(let e): return e.description
        }
    }
}
