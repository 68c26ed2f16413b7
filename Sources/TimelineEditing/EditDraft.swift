import DocumentJSON
import FileAccess
import MediaTime
import TimelineModel

/// A timeline file being edited, and its history kept beside it (`t.json` and `t.history.jsonl`).
///
/// The timeline file is always a complete, valid timeline that `reel render` reads; the history
/// is an append-only journal (one JSON object a line, see `EditHistory`). Each change first appends
/// its entry to the journal and flushes it, then replaces the timeline file atomically, so a crash
/// at any moment leaves one of two states the next call recognises: the file matches the journal,
/// or the file is the state before the journal's last entry (the write did not land), which is
/// then rolled forward. A file changed by hand between calls is recorded as an `external` edit, so
/// it can be undone like any other.
///
/// The journal is data, not trusted text: anyone can write to it. Every timeline taken from it is
/// checked (`TimelineCheck`: as `reel render` reads a timeline file, its files included) before it
/// is written to the timeline file, and a journal that does not read is refused, never repaired
/// by guessing. Opening a draft writes nothing: what reconciling finds (a change by hand, a write
/// to finish) is written with the call's own change, so a call that fails leaves both files as
/// they were.
///
/// A draft holds the journal's lock (`FileLock`, exclusive) from before it reads the timeline until
/// it is released, so two edits of one timeline never interleave: the later waits for the earlier
/// (up to a bound) and then sees what it wrote. Reading the history alone (`readHistory`) takes a
/// shared lock and writes nothing.
package struct EditDraft {
    /// What a timeline taken from the journal must pass before it is written: nil when it reads,
    /// else its first problem, in one line.
    package typealias TimelineCheck = (String) -> String?

    /// The timeline file as the caller named it; the journal's path is derived from it.
    package let timelinePath: String
    let historyPath: String
    package private(set) var history: EditHistory
    /// Largest history read (each edit keeps its whole timeline).
    static let maxHistorySize = 256 << 20

    private let journal: FileLock
    private let check: TimelineCheck
    /// The journal's line of each entry, for messages (those not yet written: the lines they will take).
    private var lines: [Int]
    /// Entries from this one on are not yet in the journal: a new history's opening, a change made
    /// by hand. They are written with the call's own entry, so a call that fails writes nothing.
    private var unwrittenFrom: Int
    /// Where the journal's whole lines end, when a last line was cut short by a crash: it is cut
    /// there before the next entry is written.
    private var cutAt: Int64?
    /// The journal's last line is whole but lacks its line end.
    private var needsLineEnd = false

    /// The history file of a timeline: `t.json` → `t.history.jsonl`.
    static func historyPath(for timelinePath: String) -> String {
        let base = timelinePath.hasSuffix(".json") ? String(timelinePath.dropLast(5)) : timelinePath
        return base + ".history.jsonl"
    }

    /// Opens the draft of `timelinePath` for a change: takes the journal's lock (waiting up to
    /// `wait` for another edit; `waiting` is called if that takes more than a second), reads the
    /// timeline file, reads the journal and reconciles the two (see the type's comment).
    package init(
        timelinePath: String, wait: RationalTime, check: @escaping TimelineCheck, waiting: (() -> Void)? = nil
    ) throws(EditDraftError) {
        self.timelinePath = timelinePath
        historyPath = Self.historyPath(for: timelinePath)
        self.check = check
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(historyPath, .exclusive, creating: true, wait: wait, operation: "opening the edit history", waiting: waiting)
        } catch { throw .file(error) }
        guard let lock else { throw .busy(timeline: timelinePath, history: historyPath, wait: wait) }
        journal = lock
        let text = try Self.timelineText(timelinePath)
        if lock.size == 0 {
            // A new history (or a journal left empty): it begins with the file as it is.
            lock.removeWhenReleasedIfEmpty()
            history = EditHistory(opening: text)
            lines = [1]
            unwrittenFrom = 0
            return
        }
        let bytes: [UInt8]
        do { bytes = try lock.readAll(limit: Self.maxHistorySize) } catch { throw .file(error) }
        let read = try Self.parse(bytes, file: historyPath)
        history = read.history
        lines = read.lines
        unwrittenFrom = read.history.entries.count
        cutAt = read.cutAt
        needsLineEnd = read.needsLineEnd
        if history.currentTimeline == text { return }
        if history.previousTimeline == text {
            // The last change was journaled but the timeline file not replaced: this call's write
            // finishes it, if what the journal holds reads as a timeline.
            try verify(history.currentTimeline, entry: history.state.current)
            return
        }
        history.recordEdit("external", summary: "changed outside reel edit", timeline: text)
        lines.append((lines.last ?? 0) + 1)
    }

    /// The history of `timelinePath` as its journal holds it, read under a shared lock and never
    /// written: nothing is reconciled, rolled forward or dropped. Without a journal, the history a
    /// first edit would begin (the timeline file as it is).
    package static func readHistory(
        of timelinePath: String, wait: RationalTime, waiting: (() -> Void)? = nil
    ) throws(EditDraftError) -> EditHistory {
        let path = historyPath(for: timelinePath)
        let lock: FileLock?
        do { lock = try FileLock.acquire(path, .shared, creating: false, wait: wait, operation: "reading the edit history", waiting: waiting) } catch
        {
            guard error.kind == .notFound else { throw .file(error) }
            return EditHistory(opening: try timelineText(timelinePath))
        }
        guard let lock else { throw .busy(timeline: timelinePath, history: path, wait: wait) }
        let bytes: [UInt8]
        do { bytes = try lock.readAll(limit: maxHistorySize) } catch { throw .file(error) }
        if bytes.isEmpty { return EditHistory(opening: try timelineText(timelinePath)) }
        return try parse(bytes, file: path).history
    }

    /// The check `reel render` makes of a timeline file (every rule, limit and catalog entry, and
    /// with `files` the files it names, beneath its template folder), for a timeline text taken
    /// from the journal of `timelinePath`: relative paths in it start from the timeline's folder.
    package static func readCheck(timelinePath: String, files: TimelineFileCheck?) -> TimelineCheck {
        let folder = PathText.folder(of: timelinePath)
        return { text in
            do throws(TimelineCodingError) {
                _ = try TimelineCodec.decode(text, file: nil, timelineFolder: folder, files: files)
                return nil
            } catch {
                guard let first = error.diagnostics.first else { return "it does not read" }
                let shown = first.description.split(separator: "\n").first.map(String.init) ?? ""
                let more = error.diagnostics.count - 1
                return shown + (more > 0 ? " (and \(more) more \(more == 1 ? "problem" : "problems"))" : "")
            }
        }
    }

    /// The timeline's text as the history stands (what the file holds once the draft is open).
    package var currentTimeline: String { history.currentTimeline }

    /// Records an edit and writes its timeline (which the caller has checked: it made it).
    package mutating func commitEdit(_ operation: String, summary: String, timeline: String) throws(EditDraftError) {
        try append(.init(kind: .edit, operation: operation, summary: summary, timeline: timeline))
        try replaceTimeline(with: timeline)
    }

    /// Undoes the last edit; its summary, or nil when there is nothing to undo. The timeline it
    /// goes back to is checked first; one that does not read is refused and nothing is written.
    package mutating func undo() throws(EditDraftError) -> String? {
        var next = history
        guard let undone = next.undo(), let entry = next.entries.last else { return nil }
        try verify(next.currentTimeline, entry: next.state.current)
        try append(entry)
        try replaceTimeline(with: history.currentTimeline)
        return undone
    }

    /// Redoes the last undone edit; its summary, or nil when there is nothing to redo. Checked as `undo`.
    package mutating func redo() throws(EditDraftError) -> String? {
        var next = history
        guard let redone = next.redo(), let entry = next.entries.last else { return nil }
        try verify(next.currentTimeline, entry: next.state.current)
        try append(entry)
        try replaceTimeline(with: history.currentTimeline)
        return redone
    }

    private func verify(_ timeline: String, entry: Int) throws(EditDraftError) {
        guard let problem = check(timeline) else { return }
        let line = entry < lines.count ? lines[entry] : entry + 1
        throw .journalTimeline(history: historyPath, line: line, problem: problem)
    }

    private mutating func append(_ entry: EditHistory.Entry) throws(EditDraftError) {
        var entries = history.entries
        entries.append(entry)
        guard let next = EditHistory(entries: entries) else { return }
        var text = needsLineEnd ? "\n" : ""
        for waiting in history.entries[unwrittenFrom...] { text += Self.line(waiting) }
        text += Self.line(entry)
        do {
            if let cutAt { try journal.truncate(to: cutAt) }
            try journal.append(Array(text.utf8))
        } catch { throw .file(error) }
        cutAt = nil
        needsLineEnd = false
        lines.append((lines.last ?? 0) + 1)
        history = next
        unwrittenFrom = history.entries.count
    }

    private func replaceTimeline(with text: String) throws(EditDraftError) {
        do {
            let output = try AtomicFile(path: timelinePath)
            try output.write(Array(text.utf8))
            try output.commit()
        } catch { throw .file(error) }
    }

    private static func timelineText(_ path: String) throws(EditDraftError) -> String {
        do { return try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch { throw .timeline(error) }
    }

    // MARK: The journal's text

    static func line(_ e: EditHistory.Entry) -> String {
        var fields = [
            "\"kind\":" + JSONWriter.quoted(e.kind.rawValue), "\"operation\":" + JSONWriter.quoted(e.operation),
            "\"summary\":" + JSONWriter.quoted(e.summary),
        ]
        if let t = e.timeline { fields.append("\"timeline\":" + JSONWriter.quoted(t)) }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// The journal read: its history, the line of each entry, and how to mend what a crash left
    /// (a last line cut short is dropped; a whole last line without its line end gets one).
    struct Read {
        /// The entries read, checked to begin with an `open`.
        package var history: EditHistory
        /// 1-based journal line of each entry, one for one with `history.entries`, for messages.
        package var lines: [Int]
        var cutAt: Int64?
        var needsLineEnd: Bool
    }

    /// Reads the journal's bytes. Every line must be an entry (`kind` one of the four, `operation`
    /// and `summary` texts, and the complete timeline text of an `open` or `edit`), the first an
    /// `open`; only a last line cut short by a crash is let go.
    static func parse(_ bytes: [UInt8], file: String) throws(EditDraftError) -> Read {
        guard let journal = String(validating: bytes, as: UTF8.self) else {
            throw .journal(history: file, line: nil, reason: "it is not UTF-8 text")
        }
        let all = journal.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWhole = journal.hasSuffix("\n")
        var entries: [EditHistory.Entry] = []
        var lines: [Int] = []
        var cutAt: Int64?
        var offset = 0
        for (n, line) in all.enumerated() {
            defer { offset += line.utf8.count + 1 }
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            guard let entry = entry(String(line)) else {
                // A last line cut short by a crash is dropped; anything else is damage.
                if n == all.count - 1 && !endsWhole {
                    cutAt = Int64(offset)
                    break
                }
                throw .journal(history: file, line: n + 1, reason: "it is not a history entry")
            }
            if entries.isEmpty && entry.kind != .open {
                throw .journal(history: file, line: n + 1, reason: "the history does not begin with the opened timeline")
            }
            entries.append(entry)
            lines.append(n + 1)
        }
        guard let history = EditHistory(entries: entries) else {
            throw .journal(history: file, line: nil, reason: "it holds no entry")
        }
        return Read(history: history, lines: lines, cutAt: cutAt, needsLineEnd: cutAt == nil && !endsWhole)
    }

    /// One line as an entry, or nil when it is not one.
    private static func entry(_ line: String) -> EditHistory.Entry? {
        guard let object = try? JSONParser.parse(line).root.objectValue,
            let kind = object["kind"]?.stringValue.flatMap(EditHistory.Entry.Kind.init(rawValue:)),
            let operation = object["operation"]?.stringValue, let summary = object["summary"]?.stringValue
        else { return nil }
        switch kind {
        case .open, .edit:
            // A state must carry its whole timeline; an undo or redo carries none.
            guard let timeline = object["timeline"]?.stringValue else { return nil }
            return .init(kind: kind, operation: operation, summary: summary, timeline: timeline)
        case .undo, .redo:
            guard object["timeline"] == nil else { return nil }
            return .init(kind: kind, operation: operation, summary: summary)
        }
    }
}

/// Why an edit's draft cannot be opened or changed. Nothing was written.
package enum EditDraftError: Error, Sendable, CustomStringConvertible {
    /// The timeline file cannot be read (missing, not a file, too large, not text).
    case timeline(FileAccessError)
    /// The journal or the timeline cannot be opened, locked or written.
    case file(FileAccessError)
    /// Another edit of the timeline held the journal's lock for all of `wait`.
    case busy(timeline: String, history: String, wait: RationalTime)
    /// The journal does not read (a line that is not an entry, text that is not UTF-8).
    case journal(history: String, line: Int?, reason: String)
    /// A timeline the journal holds, which the call would write, does not read as a timeline.
    case journalTimeline(history: String, line: Int, problem: String)

    /// The problem is in a document (the journal, a timeline it holds, the timeline file's text)
    /// rather than in reaching a file: exit 3 rather than 1.
    package var isInvalidDocument: Bool {
        switch self {
        case .journal, .journalTimeline: return true
        case .timeline(let e): return e.kind != .notFound
        case .file, .busy: return false
        }
    }

    package var description: String {
        switch self {
        case .timeline(let e), .file(let e):
            return e.description
        case .busy(let timeline, let history, let wait):
            return
                "\(PathBytes.display(timeline)): another reel edit of this timeline has not finished after \(TimeText.string(from: wait)) (it holds the lock of \(PathText.name(of: PathBytes.display(history)))); nothing was changed; try again when it is done"
        case .journal(let history, let line, let reason):
            let place = line.map { "line \($0): " } ?? ""
            return "\(PathBytes.display(history)): \(place)\(reason), so the edit history does not read; nothing was changed; \(Self.aside(history))"
        case .journalTimeline(let history, let line, let problem):
            return
                "\(PathBytes.display(history)): line \(line): the timeline it holds does not read: \(problem); nothing was changed; if the history was changed outside reel edit, \(Self.aside(history))"
        }
    }

    /// How to start a new history: the journal moved aside, the timeline file kept as it is.
    private static func aside(_ history: String) -> String {
        let name = PathText.name(of: PathBytes.display(history))
        let old = name.hasSuffix(".jsonl") ? String(name.dropLast(6)) + ".old.jsonl" : name + ".old"
        return "move it aside (rename \(name) to \(old), say) to start a new history from the timeline as it is"
    }
}
