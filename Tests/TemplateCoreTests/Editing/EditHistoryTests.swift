import FileAccess
import Foundation
import MediaTime
import Testing

@testable import TimelineEditing

/// The journal rebuilds every state exactly, undo and redo move as an editor's do, and a draft
/// recovers from a crash between the journal and the timeline file.
@Suite struct EditHistoryTests {
    @Test func undoAndRedoWalkTheStatesAndANewEditDropsTheRedo() {
        var h = EditHistory(opening: "A")
        h.recordEdit("e1", summary: "to B", timeline: "B")
        h.recordEdit("e2", summary: "to C", timeline: "C")
        #expect(h.currentTimeline == "C")
        #expect(h.undo() == "to C")
        #expect(h.undo() == "to B")
        #expect(h.currentTimeline == "A")
        #expect(h.undo() == nil)
        #expect(h.redo() == "to B")
        #expect(h.currentTimeline == "B")
        h.recordEdit("e3", summary: "to D", timeline: "D")
        #expect(!h.canRedo)
        #expect(h.undo() == "to D")
        #expect(h.currentTimeline == "B")
        #expect(EditHistory(entries: h.entries) == h)
    }

    func folder() throws -> String {
        let f = NSTemporaryDirectory() + "reel-draft-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }

    /// A draft whose check refuses any timeline text beginning with "HACK" (as the CLI's refuses
    /// one that does not read as a timeline).
    func open(_ path: String, wait: RationalTime = .zero) throws -> EditDraft {
        try EditDraft(timelinePath: path, wait: wait, check: { $0.hasPrefix("HACK") ? "error[T000]: it is hacked" : nil })
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// One edit in a draft of its own, released (its lock too) when done.
    func edit(_ path: String, _ operation: String, to timeline: String) throws {
        var draft = try open(path)
        try draft.commitEdit(operation, summary: "to \(timeline)", timeline: timeline)
    }

    @Test func theJournalReadsBackAndTheTimelineFileFollowsIt() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        let history = try {
            var draft = try open(path)
            try draft.commitEdit("e1", summary: "to \"B\"\nnow", timeline: "B\n{ \"x\": 1 }")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "B\n{ \"x\": 1 }")
            #expect(try draft.undo() == "to \"B\"\nnow")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "A")
            return draft.history
        }()
        #expect(try EditDraft.readHistory(of: path, wait: .zero) == history)
        let again = try open(path)
        #expect(again.history == history)
        #expect(again.history.canRedo)
    }

    /// A call that only opens the draft (or fails) writes nothing: no journal is left for a
    /// timeline never changed, and reading the history creates none.
    @Test func openingOrReadingWritesNothing() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let draft = try open(path)
            #expect(draft.history.entries.count == 1)
        }
        #expect(bytes(EditDraft.historyPath(for: path)) == nil)
        #expect(try EditDraft.readHistory(of: path, wait: .zero).entries.map(\.kind) == [.open])
        #expect(bytes(EditDraft.historyPath(for: path)) == nil)
    }

    /// The journal got the entry but the timeline file was not replaced: the next change finishes it.
    @Test func aWriteThatDidNotLandIsRolledForward() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try edit(path, "e1", to: "B")
        try "A".write(toFile: path, atomically: false, encoding: .utf8)  // as if the rename never happened
        var recovered = try open(path)
        #expect(recovered.currentTimeline == "B")
        #expect(try recovered.undo() == "to B")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "A")
        #expect(try recovered.redo() == "to B")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "B")
    }

    /// A change by hand between calls is an edit of its own, undone like any other.
    @Test func aChangeByHandIsRecordedAndCanBeUndone() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try edit(path, "e1", to: "B")
        try "B by hand".write(toFile: path, atomically: false, encoding: .utf8)
        try {
            var reopened = try open(path)
            #expect(reopened.history.entries.last?.operation == "external")
            #expect(try reopened.undo() == "changed outside reel edit")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "B")
        }()
        #expect(try open(path).history.entries.map(\.operation) == ["open", "e1", "external", "undo"])
    }

    /// A crash in the middle of appending leaves a cut-short last line, which is dropped.
    @Test func aCutShortLastLineIsDropped() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try edit(path, "e1", to: "B")
        let journal = try #require(FileHandle(forWritingAtPath: EditDraft.historyPath(for: path)))
        journal.seekToEndOfFile()
        journal.write(Data("{\"kind\":\"edit\",\"operation\":\"e2\",\"summ".utf8))
        journal.closeFile()
        #expect(try open(path).history.entries.count == 2)
        try edit(path, "e3", to: "C")
        #expect(try open(path).history.entries.map(\.operation) == ["open", "e1", "e3"])
    }

    /// A line appended by hand whose timeline does not read is never written to the timeline:
    /// not when it would be rolled forward, not when undo or redo reach it; nothing changes.
    @Test func aTimelineFromTheJournalThatDoesNotReadIsNeverWritten() throws {
        let path = try folder() + "/t.json"
        let history = EditDraft.historyPath(for: path)
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try edit(path, "e1", to: "B")
        let hacked = Data("{\"kind\":\"edit\",\"operation\":\"x\",\"summary\":\"x\",\"timeline\":\"HACKED\"}\n".utf8)
        let handle = try #require(FileHandle(forWritingAtPath: history))
        handle.seekToEndOfFile()
        handle.write(hacked)
        handle.closeFile()
        let (timeline, journal) = (bytes(path), bytes(history))
        #expect {
            _ = try open(path)
        } throws: { error in
            guard case .journalTimeline(_, let line, let problem)? = error as? EditDraftError else { return false }
            return line == 3 && problem.contains("hacked")
        }
        #expect(bytes(path) == timeline && bytes(history) == journal)
        // An earlier state that does not read: undo refuses to go back to it.
        try "HACK".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: history)
        try edit(path, "e1", to: "B")
        let (t2, j2) = (bytes(path), bytes(history))
        #expect(throws: EditDraftError.self) {
            var draft = try open(path)
            _ = try draft.undo()
        }
        #expect(bytes(path) == t2 && bytes(history) == j2)
    }

    /// A journal with a line that is not an entry is refused, by line, and left as it is.
    @Test func aDamagedJournalIsRefusedByLine() throws {
        let path = try folder() + "/t.json"
        let history = EditDraft.historyPath(for: path)
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try edit(path, "e1", to: "B")
        for damage in ["{\"kind\":\"edit\",\"operation\":\"x\",\"summary\":\"x\"}\n", "not json\n", "{\"kind\":\"undo\"}\n"] {
            var text = try String(contentsOfFile: history, encoding: .utf8)
            let clean = text
            text += damage + "{\"kind\":\"undo\",\"operation\":\"undo\",\"summary\":\"u\"}\n"
            try text.write(toFile: history, atomically: false, encoding: .utf8)
            #expect {
                _ = try open(path)
            } throws: { error in
                guard case .journal(_, let line, _)? = error as? EditDraftError else { return false }
                return line == 3 && (error as? EditDraftError)?.description.contains("move it aside") == true
            }
            #expect(throws: EditDraftError.self) { _ = try EditDraft.readHistory(of: path, wait: .zero) }
            #expect(try String(contentsOfFile: history, encoding: .utf8) == text)
            try clean.write(toFile: history, atomically: false, encoding: .utf8)
        }
    }

    /// While one draft is open, another of the same timeline waits, and is refused when the wait
    /// runs out; once the first is released, the second opens and sees its change.
    @Test func aSecondDraftWaitsForTheFirst() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        try {
            var first = try open(path)
            try first.commitEdit("e1", summary: "to B", timeline: "B")
            #expect {
                _ = try open(path, wait: RationalTime(value: 1, timescale: 5))
            } throws: { error in
                guard case .busy? = error as? EditDraftError else { return false }
                return true
            }
            #expect(throws: EditDraftError.self) { _ = try EditDraft.readHistory(of: path, wait: .zero) }
            withExtendedLifetime(first) {}
        }()
        #expect(try open(path).currentTimeline == "B")
    }
}
