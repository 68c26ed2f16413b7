/// One z-order for everything drawn above the main track: clips on upper layers, overlays and texts.
///
/// A template lists its layers bottom to top, whatever their kind, and the resolver gives each the
/// same stacking number (its index among the template's layers, plus one; the main track is 0). So a
/// frame card listed before a picture-in-picture is drawn under it, and a title listed after it over
/// it. Sorting is by stacking number, then by kind (clips, overlays, texts), then by list order, so
/// items sharing a number (hand-edited timelines) keep the order the format has always drawn them
/// in. Overlays and texts without a number (timelines written before stacking) sort above every
/// clip, which is exactly how those timelines were drawn.
package enum Stacking {
    /// An item drawn above the main track, by its index in its own list of the timeline.
    package enum Item: Sendable, Hashable {
        /// Index into `Timeline.clips` (a clip with `layer > 0`).
        case clip(Int)
        /// Index into `Timeline.overlays`.
        case overlay(Int)
        /// Index into `Timeline.texts`.
        case text(Int)
    }

    /// The items, bottom to top.
    package static func order(_ items: [Item], in timeline: Timeline) -> [Item] {
        items.sorted { key($0, timeline) < key($1, timeline) }
    }

    /// Stacking number, kind rank, list index: compared in that order.
    static func key(_ item: Item, _ timeline: Timeline) -> Key {
        switch item {
        case .clip(let i): Key(layer: timeline.clips[i].layer, rank: 0, index: i)
        case .overlay(let i): Key(layer: timeline.overlays[i].layer ?? Int.max, rank: 1, index: i)
        case .text(let i): Key(layer: timeline.texts[i].layer ?? Int.max, rank: 2, index: i)
        }
    }

    struct Key: Comparable {
        /// Stacking number; an overlay or text without one sorts above every clip (`Int.max`).
        package var layer: Int
        /// At one stacking number: clips (0), then overlays (1), then texts (2), bottom to top.
        package var rank: Int
        /// Position in its own list: within one number and kind, earlier items are drawn first.
        package var index: Int

        package static func < (a: Key, b: Key) -> Bool {
            (a.layer, a.rank, a.index) < (b.layer, b.rank, b.index)
        }
    }
}
