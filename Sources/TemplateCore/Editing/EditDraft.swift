import FileAccess

/// A timeline file being edited, and its history kept beside it (`t.json` and `t.history.jsonl`).
///
/// The timeline file is always a complete, valid timeline that `reel render` reads; the history
/// is an append-only journal (one JSON object a line, see `EditHistory`). Each change first appends
/// its entry to the journal and flushes it, then replaces the timeline file atomically, so a crash
/// at any moment leaves one of two states the next call recognises: the file matches the journal,
/// or the file is the state before the journal's last entry (the write did not land), which is
/// then rolled forward. A file changed by hand between calls is recorded as an `external` edit, so
/// it can be undone like any other.
public struct EditDraft {
    public let timelinePath: String
    public let historyPath: String
    public private(set) var history: EditHistory
    /// Largest history read (each edit keeps its whole timeline).
    public static let maxHistorySize = 256 << 20

    /// The history file of a timeline: `t.json` → `t.history.jsonl`.
    public static func historyPath(for timelinePath: String) -> String {
        let base = timelinePath.hasSuffix(".json") ? String(timelinePath.dropLast(5)) : timelinePath
        return base + ".history.jsonl"
    }

    /// Opens the draft of `timelinePath` (whose current text is `text`), starting a history if
    /// none exists and reconciling it with the file (see the type's comment).
    public init(timelinePath: String, text: String) throws(FileAccessError) {
        self.timelinePath = timelinePath
        historyPath = Self.historyPath(for: timelinePath)
        if FileKind.of(historyPath) == nil {
            history = EditHistory(opening: text)
            try Self.write(history.entries, to: historyPath)
            return
        }
        let journal = try ReadableFile.text(historyPath, limit: Self.maxHistorySize)
        guard let read = EditHistory(entries: try Self.entries(journal, file: historyPath)) else {
            throw FileAccessError(
                .failed, file: historyPath, operation: "reading the edit history", reason: "it does not begin with the opened timeline")
        }
        history = read
        // A line cut short by a crash is dropped for good, so the next entry starts a line of its own.
        if !journal.hasSuffix("\n") { try Self.write(history.entries, to: historyPath) }
        if history.currentTimeline == text { return }
        if history.previousTimeline == text {
            // The last change was journaled but the timeline file not replaced: finish it.
            try replaceTimeline(with: history.currentTimeline)
            return
        }
        try append(.init(kind: .edit, operation: "external", summary: "changed outside reel edit", timeline: text))
    }

    /// Records an edit and writes its timeline.
    public mutating func commitEdit(_ operation: String, summary: String, timeline: String) throws(FileAccessError) {
        try append(.init(kind: .edit, operation: operation, summary: summary, timeline: timeline))
        try replaceTimeline(with: timeline)
    }

    /// Undoes the last edit; its summary, or nil when there is nothing to undo.
    public mutating func undo() throws(FileAccessError) -> String? {
        var next = history
        guard let undone = next.undo(), let entry = next.entries.last else { return nil }
        try append(entry)
        try replaceTimeline(with: history.currentTimeline)
        return undone
    }

    /// Redoes the last undone edit; its summary, or nil when there is nothing to redo.
    public mutating func redo() throws(FileAccessError) -> String? {
        var next = history
        guard let redone = next.redo(), let entry = next.entries.last else { return nil }
        try append(entry)
        try replaceTimeline(with: history.currentTimeline)
        return redone
    }

    private mutating func append(_ entry: EditHistory.Entry) throws(FileAccessError) {
        var entries = history.entries
        entries.append(entry)
        guard let next = EditHistory(entries: entries) else { return }
        try Self.appendLine(Self.line(entry), to: historyPath)
        history = next
    }

    private func replaceTimeline(with text: String) throws(FileAccessError) {
        let output = try AtomicFile(path: timelinePath)
        try output.write(Array(text.utf8))
        try output.commit()
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

    static func entries(_ journal: String, file: String) throws(FileAccessError) -> [EditHistory.Entry] {
        var entries: [EditHistory.Entry] = []
        for (n, line) in journal.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let fail = FileAccessError(.failed, file: file, operation: "reading the edit history", reason: "line \(n + 1) is not a history entry")
            guard let object = try? JSONParser.parse(String(line)).root.objectValue,
                let kind = object["kind"]?.stringValue.flatMap(EditHistory.Entry.Kind.init(rawValue:)),
                let operation = object["operation"]?.stringValue, let summary = object["summary"]?.stringValue
            else {
                // A last line cut short by a crash is dropped; anything else is damage.
                if n == journal.split(separator: "\n").count - 1 && !journal.hasSuffix("\n") { break }
                throw fail
            }
            entries.append(.init(kind: kind, operation: operation, summary: summary, timeline: object["timeline"]?.stringValue))
        }
        return entries
    }

    static func write(_ entries: [EditHistory.Entry], to path: String) throws(FileAccessError) {
        let output = try AtomicFile(path: path)
        try output.write(Array(entries.map(line).joined().utf8))
        try output.commit()
    }

    static func appendLine(_ line: String, to path: String) throws(FileAccessError) {
        try AppendableFile.append(Array(line.utf8), to: path)
    }
}
