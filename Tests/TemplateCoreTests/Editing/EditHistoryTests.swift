import FileAccess
import Foundation
import Testing

@testable import TemplateCore

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

    @Test func theJournalReadsBackAndTheTimelineFileFollowsIt() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        var draft = try EditDraft(timelinePath: path, text: "A")
        try draft.commitEdit("e1", summary: "to \"B\"\nnow", timeline: "B\n{ \"x\": 1 }")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "B\n{ \"x\": 1 }")
        #expect(try draft.undo() == "to \"B\"\nnow")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "A")
        let again = try EditDraft(timelinePath: path, text: "A")
        #expect(again.history == draft.history)
        #expect(again.history.canRedo)
    }

    /// The journal got the entry but the timeline file was not replaced: the next call finishes it.
    @Test func aWriteThatDidNotLandIsRolledForward() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        var draft = try EditDraft(timelinePath: path, text: "A")
        try draft.commitEdit("e1", summary: "to B", timeline: "B")
        try "A".write(toFile: path, atomically: false, encoding: .utf8)  // as if the rename never happened
        let recovered = try EditDraft(timelinePath: path, text: "A")
        #expect(recovered.history.currentTimeline == "B")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "B")
    }

    /// A change by hand between calls is an edit of its own, undone like any other.
    @Test func aChangeByHandIsRecordedAndCanBeUndone() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        var draft = try EditDraft(timelinePath: path, text: "A")
        try draft.commitEdit("e1", summary: "to B", timeline: "B")
        try "B by hand".write(toFile: path, atomically: false, encoding: .utf8)
        var reopened = try EditDraft(timelinePath: path, text: "B by hand")
        #expect(reopened.history.entries.last?.operation == "external")
        #expect(try reopened.undo() == "changed outside reel edit")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "B")
    }

    /// A crash in the middle of appending leaves a cut-short last line, which is dropped.
    @Test func aCutShortLastLineIsDropped() throws {
        let path = try folder() + "/t.json"
        try "A".write(toFile: path, atomically: false, encoding: .utf8)
        _ = try EditDraft(timelinePath: path, text: "A")
        try AppendableFile.append(Array("{\"kind\":\"edit\",\"operation\":\"e1\",\"summ".utf8), to: EditDraft.historyPath(for: path))
        var draft = try EditDraft(timelinePath: path, text: "A")
        #expect(draft.history.entries.count == 1)
        try draft.commitEdit("e2", summary: "to C", timeline: "C")
        #expect(try EditDraft(timelinePath: path, text: "C").history.entries.count == 2)
    }
}
