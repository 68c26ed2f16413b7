/// Grows a template's main track so that every medium finds a slot (`--use-all`).
///
/// The repeatable group is the slots between the first and the last (all of them when there are
/// fewer than three): the opening and the closing shots stay where the author put them, and the
/// middle of the video repeats, in order, until there are at least as many places (slots and
/// media layers) as media. A repeated slot keeps everything of its original (duration, rules,
/// motion, filters, transition) and is named `<id>-2`, `<id>-3`, ... in the timeline.
///
/// ```
/// template   [open][a][b][close]             6 media, use-all
/// timeline   [open][a][b][a-2][b-2][close]
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
        let group = original.count >= 3 ? Array(original[1..<(original.count - 1)]) : original
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
        guard original.count >= 3 else { return original + middle }
        return original.dropLast() + middle + [original[original.count - 1]]
    }
}
