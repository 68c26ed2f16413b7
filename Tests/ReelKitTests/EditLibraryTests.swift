import Foundation
import ReelKit
import ReelTestSupport
import Testing

/// `Pipeline.edit` on a real resolved timeline: the edits of `reel edit`, through the library, in
/// the one journal both keep, refused edits writing nothing.
@Suite struct EditLibraryTests {
    /// Two one-second clips (red `a`, blue `b`) resolved into `t.json` with the library.
    struct Project {
        let dir = TemporaryFolder()
        let timeline: String

        init() throws {
            let template = try makeTemplate(in: dir)
            try TestMedia.colorClip(dir.file("red.mp4"), color: "red", width: 160, height: 284, seconds: "2", rate: "25")
            try TestMedia.colorClip(dir.file("blue.mp4"), color: "blue", width: 160, height: 284, seconds: "2", rate: "25")
            let loaded = try Pipeline.loadTemplate(template)
            let media = try Pipeline.gatherMedia([dir.file("red.mp4"), dir.file("blue.mp4")], for: loaded.template)
            timeline = dir.file("t.json")
            try Pipeline.writeTimeline(try Pipeline.resolve(loaded, media: media).timeline, to: timeline)
        }

        func text() throws -> String { try String(contentsOfFile: timeline, encoding: .utf8) }
        func journal() throws -> String { try String(contentsOfFile: dir.file("t.history.jsonl"), encoding: .utf8) }
        func mainClips() throws -> [String] { try Pipeline.editListing(timeline: timeline).mainClips.map(\.id) }
    }

    @Test func swapUndoRedoAndARefusalThroughTheLibrary() throws {
        let p = try Project()
        let opened = try p.text()
        #expect(try p.mainClips() == ["a", "b"])

        let swap = try Pipeline.edit(timeline: p.timeline, EditRequest(operation: "swap", operands: ["1", "2"]))
        #expect(swap.changed == "swapped clip 1 (a) and clip 2 (b)")
        #expect(swap.canUndo && !swap.canRedo)
        #expect(try p.mainClips() == ["b", "a"])
        let swapped = try p.text()

        let undo = try Pipeline.edit(timeline: p.timeline, EditRequest(operation: "undo"))
        #expect(undo.changed == "undid: swapped clip 1 (a) and clip 2 (b)")
        #expect(!undo.canUndo && undo.canRedo)
        #expect(try p.text() == opened, "undo gives back the file byte for byte")

        let redo = try Pipeline.edit(timeline: p.timeline, EditRequest(operation: "redo"))
        #expect(redo.changed == "redid: swapped clip 1 (a) and clip 2 (b)")
        #expect(redo.canUndo && !redo.canRedo)
        #expect(try p.text() == swapped)

        // Refused, each its own way; neither the timeline nor its journal is touched.
        let journal = try p.journal()
        let refusals: [(EditRequest, (EditFailure) -> Bool)] = [
            (EditRequest(operation: "slip", operands: ["1", "-5s"]), { if case .refused = $0 { true } else { false } }),
            (EditRequest(operation: "delete", operands: ["nope"]), { if case .request = $0 { true } else { false } }),
            (EditRequest(operation: "swap", operands: ["1", "2"], options: ["bogus": "1"]), { if case .request = $0 { true } else { false } }),
            (EditRequest(operation: "history"), { if case .request = $0 { true } else { false } }),
        ]
        for (request, expected) in refusals {
            do {
                _ = try Pipeline.edit(timeline: p.timeline, request)
                Issue.record("\(request.call) was made")
            } catch {
                #expect(expected(error), "\(request.call): \(error)")
            }
            #expect(try p.text() == swapped, "\(request.call) changed the timeline")
            #expect(try p.journal() == journal, "\(request.call) wrote the journal")
        }

        // The journal is the one `reel edit ... history` reads: the library's edits, as the command line shows them.
        let history = try Pipeline.editHistory(timeline: p.timeline)
        #expect(history.entries.map(\.operation) == ["open", "swap 1 2", "undo", "redo"])
        let shown = try Reel.run(["edit", p.timeline, "history", "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let entries = object?["entries"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["operation"] as? String } == ["open", "swap 1 2", "undo", "redo"])
        #expect(object?["canUndo"] as? Bool == true && object?["canRedo"] as? Bool == false)
        // And the command line's next undo steps back over the library's redo.
        let undone = try Reel.run(["edit", p.timeline, "undo"])
        #expect(undone.status == 0 && undone.stdout == "undid: swapped clip 1 (a) and clip 2 (b)\n", "\(undone.stdout)\(undone.stderr)")
        #expect(try p.text() == opened)
    }

    /// Options are named once, in the library: every one an operation reads is known, and a
    /// request is checked against them alone.
    @Test func everyOperationsOptionsAreDeclaredOnce() throws {
        let names = EditOperations.optionNames
        #expect(Set(names).count == names.count, "an option is declared twice: \(names)")
        #expect(EditOperations.optionNames(of: "split") == ["at"])
        #expect(EditOperations.optionNames(of: "trim") == ["in", "out"])
        #expect(EditOperations.optionNames(of: "transition")?.starts(with: ["duration", "easing"]) == true)
        #expect(EditOperations.optionNames(of: "no-such-operation") == nil)
        for operation in EditOperations.names {
            for name in EditOperations.optionNames(of: operation) ?? [] { #expect(names.contains(name)) }
        }
        #expect(EditRequest(operation: "split", operands: ["2"], options: ["at": "2.5s"]).call == "split 2 --at 2.5s")
    }
}
