import DocumentJSON
import TimelineEditing

extension EditHistory {
    /// The history as `reel edit <t> history` shows it: one line an entry, numbered from 0,
    /// `*` marking the current state and `r` those redo brings back, then a key to the marks.
    package var lines: [String] {
        let state = self.state
        var lines = entries.enumerated().map { i, e in
            let mark = i == state.current ? "*" : state.redo.contains(i) ? "r" : " "
            return "\(mark) \(i)  \(e.operation == e.summary ? e.summary : "\(e.operation): \(e.summary)")"
        }
        lines.append("(* current, r can be redone)")
        return lines
    }

    /// The history as `history --format json` prints it: its entries (number, kind, call,
    /// summary, whether current) and whether undo and redo have a step to take.
    package var json: JSONValue {
        let state = self.state
        let shown = entries.enumerated().map { i, e in
            JSONValue.object(
                JSONObject([
                    "n": .number(JSONNumber(i)), "kind": .string(e.kind.rawValue), "operation": .string(e.operation),
                    "summary": .string(e.summary), "current": .bool(i == state.current),
                ]))
        }
        return .object(JSONObject(["entries": .array(shown), "canUndo": .bool(canUndo), "canRedo": .bool(canRedo)]))
    }
}
