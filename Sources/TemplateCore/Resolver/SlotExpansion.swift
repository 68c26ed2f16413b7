/// Grows a template's main track so that every medium finds a slot (`--use-all`).
///
/// The repeatable group is the slots the template marks `"repeatable": true`; when it marks none,
/// the slots between the first and the last (all of them when there are fewer than three), so the
/// opening and the closing shots stay where the author put them. The group repeats, in order,
/// right after its last slot, until there are at least as many places (slots and media layers) as
/// media. A repeated slot keeps everything of its original (duration, rules, motion, filters,
/// transition) and is named `<id>-2`, `<id>-3`, ... in the timeline.
///
/// ```
/// template   [open][a][b][close]             6 media, use-all, no slot marked
/// timeline   [open][a][b][a-2][b-2][close]
///
/// template   [open][a][b*][c*][close]        7 media, b and c marked repeatable
/// timeline   [open][a][b][c][b-2][c-2][close]
/// ```
enum SlotExpansion {
    struct Placed {
        var spec: SlotSpec
        /// Index of the slot in the template it comes from (where its diagnostics point).
        var templateIndex: Int
    }

    static func slots(of template: Template, mediaCount: Int, mediaLayers: Int, useAll: Bool) -> [Placed] {
        let original = template.slots.enumerated().map { Placed(spec: $0.element, templateIndex: $0.offset) }
        let places = original.count + mediaLayers
        guard useAll, mediaCount > places, !original.isEmpty else { return original }
        let marked = original.filter(\.spec.repeatable)
        let group = !marked.isEmpty ? marked : original.count >= 3 ? Array(original[1..<(original.count - 1)]) : original
        var taken = Set(template.slots.map(\.id) + template.layers.map(\.id))
        var middle: [Placed] = []
        var round = 2
        while original.count + middle.count + mediaLayers < mediaCount && round < 10_000 {
            for var placed in group where original.count + middle.count + mediaLayers < mediaCount {
                var id = "\(placed.spec.id)-\(round)"
                while taken.contains(id) { id += "x" }
                taken.insert(id)
                placed.spec.id = id
                middle.append(placed)
            }
            round += 1
        }
        // The repeats follow the group's last slot.
        guard let last = group.last?.templateIndex, last + 1 < original.count else { return original + middle }
        return Array(original[...last]) + middle + Array(original[(last + 1)...])
    }
}
