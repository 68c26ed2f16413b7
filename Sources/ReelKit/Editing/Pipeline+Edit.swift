import DocumentLimits
import FileAccess
import MediaFacts
import MediaTime
import TimelineEditing
import TimelineModel

extension Pipeline {
    /// Makes one edit of the timeline file at `path`, or undoes or redoes one, and records it in
    /// the journal beside it (`t.history.jsonl`, see `EditDraft` and docs/editing.md).
    ///
    /// The journal's lock is held from reading the timeline to writing it, so edits of one timeline
    /// never interleave: a later one waits up to `wait` (`waiting` is called after a second of it).
    /// An edit is refused, writing nothing, when the editor refuses it or when it would bring a
    /// problem of the media `render` would find; `undo` and `redo` need only the journal.
    package static func edit(
        timeline path: String, _ request: EditRequest, wait: RationalTime = Limits.maxEditWait, waiting: (() -> Void)? = nil
    ) throws(EditFailure) -> EditOutcome {
        try request.checkOptions()
        if EditOperations.reading.contains(request.operation) {
            throw .request("\(request.operation) only reads: it is not an edit")
        }
        // What the journal holds is checked as `render` checks a timeline file before it is written back.
        let check = EditDraft.readCheck(timelinePath: path, files: TimelineMediaCheck.check)
        var draft: EditDraft
        do { draft = try EditDraft(timelinePath: path, wait: wait, check: check, waiting: waiting) } catch { throw .draft(error) }
        let changed: String
        switch request.operation {
        case "undo":
            // undo and redo need only the journal: a file that no longer reads (an edit by hand,
            // or one written by an older version) can always be stepped back from.
            let undone: String?
            do { undone = try draft.undo() } catch { throw .draft(error) }
            guard let undone else { throw .nothingToUndo(timeline: path) }
            changed = "undid: \(undone)"
        case "redo":
            let redone: String?
            do { redone = try draft.redo() } catch { throw .draft(error) }
            guard let redone else { throw .nothingToRedo(timeline: path) }
            changed = "redid: \(redone)"
        default:
            let timeline = try editedTimeline(draft.currentTimeline, path: path)
            var editor: TimelineEditor
            do { editor = try TimelineEditor(timeline) } catch { throw .uneditable(timeline: path, error) }
            // The rules of the editor need no files; what the media allow (the frames a transition
            // needs beyond a cut) is checked as `render` checks it, and the videos' lengths let a
            // swap or a move shorten a transition to the frames its new clips have. Only problems
            // the edit brings refuse it, so a timeline whose media moved can still be mended with `replace`.
            let media = TimelineMediaCheck.examine(timeline)
            editor.videoDurations = media.videoDurations
            changed = try EditApplication(request: request, timeline: timeline, path: path).apply(to: &editor)
            let before = Set(media.problems.map(\.description))
            let brought = TimelineMediaCheck.problems(editor.timeline).filter { !before.contains($0.description) }
            if let first = brought.first {
                throw .unrenderable(timeline: path, operation: request.operation, problem: first.description)
            }
            let written = TimelineCodec.encode(editor.timeline, mediaRelativeTo: PathText.folder(of: path))
            do { try draft.commitEdit(request.call, summary: changed, timeline: written) } catch { throw .draft(error) }
        }
        return EditOutcome(
            operation: request.operation, changed: changed, timeline: path, canUndo: draft.history.canUndo, canRedo: draft.history.canRedo)
    }

    /// The history of the timeline file at `path` as its journal holds it, for `history`: read
    /// under a shared lock (waiting as `edit` does), never written.
    package static func editHistory(
        timeline path: String, wait: RationalTime = Limits.maxEditWait, waiting: (() -> Void)? = nil
    ) throws(EditFailure) -> EditHistory {
        do { return try EditDraft.readHistory(of: path, wait: wait, waiting: waiting) } catch { throw .draft(error) }
    }

    /// The timeline file at `path` as `list` shows it: its parts, numbered as edits name them.
    /// It only reads; neither the timeline nor its journal is written or locked.
    package static func editListing(timeline path: String) throws(EditFailure) -> EditListing {
        let text: String
        do { text = try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch { throw .draft(.timeline(error)) }
        return EditListing(try editedTimeline(text, path: path))
    }

    /// The timeline text of the file at `path`, read; relative media paths start from its folder.
    private static func editedTimeline(_ text: String, path: String) throws(EditFailure) -> Timeline {
        do { return try TimelineCodec.decode(text, file: path, timelineFolder: PathText.folder(of: path)) } catch {
            throw .invalidTimeline(error)
        }
    }
}
