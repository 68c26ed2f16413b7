/// The history of a timeline's edits: an append-only journal from which the current timeline,
/// and every earlier one, is rebuilt exactly.
///
/// Each entry is one line of the journal (JSON Lines, see docs/editing.md). An edit entry carries
/// the complete timeline text it produced, so undoing gives back the earlier file byte for byte and
/// no edit has to be replayed; `undo` and `redo` entries carry nothing but their name, and move
/// along the stack of states the way an editor's undo does:
///
/// ```
/// open A, edit B, edit C, undo, undo, redo     states: A  B  C     current: B    redo: C
/// ```
///
/// An edit made after an undo drops what could be redone, as in every editor.
package struct EditHistory: Sendable, Equatable {
    /// One line of the journal; `timeline` is present exactly for `open` and `edit`.
    package struct Entry: Sendable, Equatable {
        /// What a journal line records; its raw value is the line's `kind` field.
        public enum Kind: String, Sendable {
            /// The timeline as it was when editing began.
            case open
            /// An edit by `reel edit` (or a change made by hand between two calls, named `external`).
            case edit
            case undo
            case redo
        }

        /// What the entry does to the stack of states; `state` replays it.
        package var kind: Kind
        /// The operation as the person called it (`split 2 --at 2.5s`), for `history`.
        package var operation: String
        /// The one-line description of what changed.
        package var summary: String
        /// The complete timeline text after the entry (open and edit only).
        package var timeline: String?

        /// `timeline` must be the complete timeline text for `open` and `edit`, and nil for `undo` and `redo`.
        package init(kind: Kind, operation: String, summary: String, timeline: String? = nil) {
            self.kind = kind
            self.operation = operation
            self.summary = summary
            self.timeline = timeline
        }
    }

    package private(set) var entries: [Entry]

    /// A history that begins with `timeline` (the file's exact text).
    package init(opening timeline: String) {
        entries = [Entry(kind: .open, operation: "open", summary: "opened", timeline: timeline)]
    }

    /// A history read back from its entries; nil when they do not begin with an `open`.
    package init?(entries: [Entry]) {
        guard entries.first?.kind == .open, entries.first?.timeline != nil else { return nil }
        self.entries = entries
    }

    /// Where the history stands after replaying every entry.
    package struct State: Sendable, Equatable {
        /// Index of the entry whose timeline is current.
        package var current: Int
        /// Indices of the states undo goes back to, the last first to pop.
        package var undo: [Int]
        /// Indices of the states redo brings back, the last first to pop.
        package var redo: [Int]
    }

    /// Where the history stands, found by replaying every entry from the first: each call costs the whole journal.
    package var state: State {
        var s = State(current: 0, undo: [], redo: [])
        for (i, entry) in entries.enumerated().dropFirst() {
            switch entry.kind {
            case .open, .edit:
                s.undo.append(s.current)
                s.current = i
                s.redo.removeAll()
            case .undo:
                if let back = s.undo.popLast() {
                    s.redo.append(s.current)
                    s.current = back
                }
            case .redo:
                if let forward = s.redo.popLast() {
                    s.undo.append(s.current)
                    s.current = forward
                }
            }
        }
        return s
    }

    /// The timeline text the history stands at.
    package var currentTimeline: String { entries[state.current].timeline ?? "" }

    /// The timeline text before the last entry, to recognise a file whose last write did not land.
    var previousTimeline: String? {
        guard entries.count > 1 else { return nil }
        return EditHistory(entries: Array(entries.dropLast()))?.currentTimeline
    }

    /// True when an `undo` would go back to an earlier state; else `undo()` records nothing.
    package var canUndo: Bool { !state.undo.isEmpty }
    /// True when an undone state can be brought back; any edit after an undo makes this false.
    package var canRedo: Bool { !state.redo.isEmpty }

    /// Records an edit that produced `timeline`.
    mutating func recordEdit(_ operation: String, summary: String, timeline: String) {
        entries.append(Entry(kind: .edit, operation: operation, summary: summary, timeline: timeline))
    }

    /// Goes back one state; the summary of the edit undone, or nil when there is none.
    package mutating func undo() -> String? {
        let s = state
        guard !s.undo.isEmpty else { return nil }
        let undone = entries[s.current].summary
        entries.append(Entry(kind: .undo, operation: "undo", summary: "undid: \(undone)"))
        return undone
    }

    /// Makes the last undone edit again; its summary, or nil when there is none.
    package mutating func redo() -> String? {
        let s = state
        guard let forward = s.redo.last else { return nil }
        let redone = entries[forward].summary
        entries.append(Entry(kind: .redo, operation: "redo", summary: "redid: \(redone)"))
        return redone
    }
}
