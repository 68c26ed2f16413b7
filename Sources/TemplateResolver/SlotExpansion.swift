import DocumentLimits
import MediaTime
import TemplateFormat
import TimelineModel

/// Grows a template's main track so that every medium finds a place (`--use-all`).
///
/// The repeatable group is the slots the template marks `"repeatable": true`; when it marks none,
/// the slots between the first and the last (all of them when there are fewer than three), so the
/// opening and the closing shots stay where the author put them. The group repeats, in order,
/// right after its last slot, taking only the slots whose kind the media still need (a folder of
/// photos and one video in a template of video slots and photo slots repeats the photo slots),
/// until every medium has a place of its kind: a slot or media layer accepting it, one medium each.
/// When the group has no slot for a kind that is short, the template's other slots of that kind
/// repeat; when no slot of the template takes a kind at all, `--use-all` cannot keep its promise
/// and the resolver says so (`ResolveError.noPlaceForKind`). A repeated slot keeps everything of
/// its original (duration, rules, motion, filters, transition) and is named `<id>-2`, `<id>-3`,
/// ... in the timeline.
///
/// ```
/// template   [open][a][b][close]             6 media, use-all, no slot marked
/// timeline   [open][a][b][a-2][b-2][close]
///
/// template   [open][a][b*][c*][close]        7 media, b and c marked repeatable
/// timeline   [open][a][b][c][b-2][c-2][close]
/// ```
package enum SlotExpansion {
    /// A main-track slot as the timeline will have it, with the template slot it was copied from.
    package struct Placed {
        /// The slot, its id made unique (`<id>-2`, ...) when it is a repeat.
        package var spec: SlotSpec
        /// Index of the slot in the template it comes from (where its diagnostics point).
        var templateIndex: Int
    }

    /// The places media can go, by what they accept, and whether they take every medium given.
    package struct Capacity {
        /// Places that take only one kind of media, counted by that kind.
        package var only: [MediaKind: Int] = [:]
        /// Places that take any kind of media.
        package var any = 0

        /// The capacity of the places that accept `accepts`, one place each.
        package init(_ accepts: [SlotAccepts]) {
            for a in accepts { add(a) }
        }

        /// Counts one more place accepting `accepts`.
        package mutating func add(_ accepts: SlotAccepts) {
            switch accepts {
            case .any: any += 1
            case .video: only[.video, default: 0] += 1
            case .image: only[.image, default: 0] += 1
            }
        }

        /// Media of each kind still without a place of their own kind.
        func shortfall(_ need: [MediaKind: Int]) -> [MediaKind: Int] {
            var short: [MediaKind: Int] = [:]
            for (kind, n) in need where n > (only[kind] ?? 0) { short[kind] = n - (only[kind] ?? 0) }
            return short
        }

        /// True when media counted by kind in `need` all find a place: their own kind's first, the rest in places for any kind.
        package func fits(_ need: [MediaKind: Int]) -> Bool { shortfall(need).values.reduce(0, +) <= any }

        /// Whether one more place accepting `accepts` brings the media closer to fitting.
        func helps(_ accepts: SlotAccepts, _ need: [MediaKind: Int]) -> Bool {
            let short = shortfall(need)
            switch accepts {
            case .any: return !short.isEmpty
            case .video: return short[.video] != nil
            case .image: return short[.image] != nil
            }
        }
    }

    /// The template's slots, grown by repeats under `useAll` until `kinds` (one per medium) all find a place; throws when a kind has none at all.
    package static func slots(of template: Template, media kinds: [MediaKind], layerAccepts: [SlotAccepts], useAll: Bool) throws(ResolveError)
        -> [Placed]
    {
        let original = template.slots.enumerated().map { Placed(spec: $0.element, templateIndex: $0.offset) }
        guard useAll, !original.isEmpty else { return original }
        var need: [MediaKind: Int] = [:]
        for kind in kinds { need[kind, default: 0] += 1 }
        var capacity = Capacity(original.map(\.spec.accepts) + layerAccepts)
        if capacity.fits(need) { return original }
        for kind in MediaKind.allCases where need[kind] != nil {
            let takers = original.filter { $0.spec.accepts.accepts(kind) }.count + layerAccepts.filter { $0.accepts(kind) }.count
            if takers == 0 { throw .noPlaceForKind(template: template.name, kind: kind, count: need[kind] ?? 0) }
        }
        let marked = original.filter(\.spec.repeatable)
        let group = !marked.isEmpty ? marked : original.count >= 3 ? Array(original[1..<(original.count - 1)]) : original
        var taken = Set(template.slots.map(\.id) + template.layers.map(\.id))
        var middle: [Placed] = []
        var round = 2
        // The group first; the whole template when the group has no slot of a kind still short.
        for candidates in [group, original] {
            while !capacity.fits(need) && candidates.contains(where: { capacity.helps($0.spec.accepts, need) })
                && original.count + middle.count < Limits.slotCount.upperBound
            {
                for var placed in candidates where !capacity.fits(need) && capacity.helps(placed.spec.accepts, need) {
                    var id = "\(placed.spec.id)-\(round)"
                    while taken.contains(id) { id += "x" }
                    taken.insert(id)
                    placed.spec.id = id
                    capacity.add(placed.spec.accepts)
                    middle.append(placed)
                }
                round += 1
            }
        }
        // The repeats follow the group's last slot.
        guard let last = group.last?.templateIndex, last + 1 < original.count else { return original + middle }
        return Array(original[...last]) + middle + Array(original[(last + 1)...])
    }
}
