import Foundation
import ReelTestSupport
import Testing

/// Four people editing one timeline at once lose nothing: each edit holds the journal's lock from
/// reading the timeline to writing it, so every edit a `reel edit` process reported done is in the
/// journal once, each journal state differs from the one before by that edit alone (no edit was
/// made on a stale timeline), and the file is the journal's last state.
@Suite struct EditConcurrencyTests {
    /// What one editor changes: clip `n`'s volume, or the title (`nil`).
    struct Editor: Sendable {
        let clip: Int?
        func call(_ n: Int) -> [String] {
            if let clip { return ["volume", "\(clip)", value(n)] }
            return ["text", "title", value(n)]
        }
        func value(_ n: Int) -> String { clip == nil ? "w-\(n)" : String(format: "0.%03d", n + 1) }
    }

    /// Each editor's accepted calls, in order.
    final class Accepted: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [Int: [[String]]] = [:]
        private var problems: [String] = []
        func add(_ editor: Int, _ call: [String]) { lock.withLock { calls[editor, default: []].append(call) } }
        func problem(_ p: String) { lock.withLock { problems.append(p) } }
        var all: [Int: [[String]]] { lock.withLock { calls } }
        var issues: [String] { lock.withLock { problems } }
    }

    struct State: Equatable {
        var volumes: [Double]
        var title: String
        init(_ text: String) throws {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            volumes = (object["clips"] as? [[String: Any]] ?? []).map { $0["volume"] as? Double ?? -1 }
            title = (object["texts"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        }
    }

    @Test func fourEditorsAtOnceLoseNoEdit() throws {
        let p = try EditCommandTests.Project()
        let editors = [Editor(clip: 1), Editor(clip: 2), Editor(clip: 3), Editor(clip: nil)]
        let accepted = Accepted()
        let deadline = Date().addingTimeInterval(6)
        DispatchQueue.concurrentPerform(iterations: editors.count) { e in
            var n = 0
            while Date() < deadline {
                let call = editors[e].call(n)
                n += 1
                do {
                    let r = try Reel.run(["edit", p.timeline] + call, timeout: 120)
                    if r.status == 0 {
                        accepted.add(e, call)
                    } else if r.status != 1 || !r.stderr.contains("another reel edit") {
                        // Only waiting too long for the others may refuse an edit here.
                        accepted.problem("\(call): exit \(r.status) \(r.stderr)")
                    }
                } catch {
                    accepted.problem("\(call): \(error)")
                }
            }
        }
        for problem in accepted.issues { Issue.record(Comment(rawValue: problem)) }
        let calls = accepted.all
        let total = calls.values.map(\.count).reduce(0, +)
        // On a busy machine an editor may wait out the bound and be refused; some edits must pass.
        #expect(total >= 2, "edits accepted: \(calls.mapValues(\.count))")

        // The journal: an opening, then exactly the accepted edits, each once.
        let journal = try String(contentsOfFile: p.dir.file("t.history.jsonl"), encoding: .utf8)
        let entries = try journal.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(entries.first?["kind"] as? String == "open")
        let edits = entries.dropFirst()
        #expect(edits.allSatisfy { $0["kind"] as? String == "edit" }, "only edits")
        let journaled = edits.compactMap { $0["operation"] as? String }
        let reported = calls.values.flatMap { $0 }.map { $0.joined(separator: " ") }
        #expect(journaled.sorted() == reported.sorted(), "\(journaled.count) journaled, \(total) accepted")

        // Each state is the one before with that edit alone made.
        var states = try entries.map { try State($0["timeline"] as? String ?? "") }
        for (i, entry) in edits.enumerated() {
            let operation = (entry["operation"] as? String ?? "").split(separator: " ").map(String.init)
            var expected = states[i]
            if operation.first == "volume", let clip = Int(operation[1]), let v = Double(operation[2]) {
                expected.volumes[clip - 1] = v
            } else if operation.first == "text" {
                expected.title = operation[2]
            }
            #expect(states[i + 1] == expected, "entry \(i + 1) (\(operation)) was made on a stale timeline")
        }
        // The file is the last state, and holds each editor's last accepted edit.
        let final = try State(p.text())
        #expect(final == states.removeLast())
        for (e, editor) in editors.enumerated() {
            guard let last = calls[e]?.last?.last else { continue }
            if let clip = editor.clip {
                #expect(final.volumes[clip - 1] == Double(last))
            } else {
                #expect(final.title == last)
            }
        }
    }
}
