import DocumentJSON
import MediaTime

/// L011: ids are unique among clips, among texts, among overlays and among sounds. Clips that
/// did not read have no id to compare: the rule waits for them.
package enum UniqueIDsRule: TimelineRule {
    /// L011: an id used twice in one list.
    package static let code = DiagnosticCode.duplicateID
    /// One group per list with ids; `besideUnreadClips` names the rule while some clips are unread.
    package static let groups: [TimelineRuleGroup] = [.clips, .besideUnreadClips, .textIDs, .overlays, .sounds]

    /// Each id of `group`'s list used again, at the later item's `id`, naming the earlier one.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        let t = input.timeline
        switch group {
        case .clips: return repeated(t.clips.map(\.id), "clips", place: input.place)
        case .textIDs: return repeated(t.texts.map(\.id), "texts")
        case .overlays: return repeated(t.overlays.map(\.id), "overlays")
        case .sounds: return repeated(t.audio.map(\.id), "audio")
        default: return []
        }
    }

    /// Each id used a second time in `list`; the item at `i` stands at `place(i)` in the document.
    private static func repeated(_ ids: [String], _ list: String, place: (Int) -> Int = { $0 }) -> [TimelineProblem] {
        var first: [String: Int] = [:]
        var found: [TimelineProblem] = []
        for (i, id) in ids.enumerated() {
            if let j = first[id] {
                found.append(
                    problem(
                        JSONPath.root.appending(list).appending(place(i)).appending("id"), "'\(id)' is already the id of \(list)[\(j)]",
                        fix: "give it an id of its own"))
            } else {
                first[id] = place(i)
            }
        }
        return found
    }
}
