import MediaTime
import TemplateFormat
import TimelineModel

/// What a slot asks of the media that fills it.
package struct SlotRequest: Sendable, Hashable {
    /// Which kinds of media the slot takes (rule 1).
    package var accepts: SlotAccepts
    /// The shape the slot prefers among suitable media (rule 4).
    package var orientation: PreferredOrientation
    /// Source time the slot plays (its length times its speed): a video at least this long fits best.
    var sourceNeeded: RationalTime
}

/// Chooses which media fills each slot, following the template's wishes and the person's order.
///
/// The rules, in order of precedence:
/// 1. A slot takes media of the kind it accepts when any was given; otherwise it takes any kind
///    (and the resolver warns).
/// 2. Media not used yet come before media used again: with at least as many media as slots,
///    every medium is used before any is repeated.
/// 3. A slot that takes any kind leaves media to the later slots that take only one kind: it takes
///    a kind of which more are unused than later slots need (so every medium finds a place when
///    the places suffice, which `--use-all` counts on).
/// 4. Among those, media of the shape the slot prefers (portrait, landscape, square) come first.
/// 5. When there are more unused media than slots left, videos long enough for the slot come first
///    (the shorter ones are those left out).
/// 6. Then the person's order decides; a medium used again is the least used one, never the one
///    the previous slot took when another would do (so the same frames never play twice in a row).
package struct MediaPicker {
    /// The person's media in the order they fill slots; `pick` returns indices into it.
    package let media: [MediaAsset]
    let requests: [SlotRequest]
    private(set) var uses: [Int]
    private var previous: Int?

    /// `requests` one per place, main-track slots first then media layers, in the order `pick` is called.
    package init(media: [MediaAsset], requests: [SlotRequest]) {
        self.media = media
        self.requests = requests
        self.uses = Array(repeating: 0, count: media.count)
    }

    /// The index of the medium for request `slot`, and whether it is of another kind than the slot accepts.
    package mutating func pick(_ slot: Int) -> (index: Int, isFallback: Bool) {
        let request = requests[slot]
        let suitable = media.indices.filter { request.accepts.accepts(media[$0].kind) }
        let isFallback = suitable.isEmpty
        let candidates = isFallback ? Array(media.indices) : suitable
        let leastUsed = candidates.map { uses[$0] }.min() ?? 0
        var pool = candidates.filter { uses[$0] == leastUsed && $0 != previous }
        if pool.isEmpty { pool = candidates.filter { $0 != previous } }
        if pool.isEmpty { pool = candidates }
        let surplus = leastUsed == 0 && media.indices.filter({ uses[$0] == 0 }).count > requests.count - slot
        let spare = spareKinds(after: slot)
        // Lexicographic preference; ties keep the person's order (the pool is in that order).
        func rank(_ i: Int) -> (Int, Int, Int) {
            let m = media[i]
            let shape = request.orientation == .any || m.shape == request.orientation ? 0 : 1
            let kind = request.accepts == .any && leastUsed == 0 && !spare.contains(m.kind) ? 1 : 0
            let long = surplus && m.kind == .video && (m.duration ?? .zero) < request.sourceNeeded ? 1 : 0
            return (kind, shape, long)
        }
        let choice =
            pool.min { a, b in
                let ra = rank(a)
                let rb = rank(b)
                if ra != rb { return ra < rb }
                return uses[a] != uses[b] ? uses[a] < uses[b] : a < b
            } ?? candidates[0]
        uses[choice] += 1
        previous = choice
        return (choice, isFallback)
    }

    /// Kinds of which more media are unused than the later single-kind slots need.
    private func spareKinds(after slot: Int) -> Set<MediaKind> {
        var spare = Set<MediaKind>()
        for kind in MediaKind.allCases {
            let fresh = media.indices.filter { uses[$0] == 0 && media[$0].kind == kind }.count
            let demand = requests.dropFirst(slot + 1).filter { $0.accepts != .any && $0.accepts.accepts(kind) }.count
            if fresh > demand { spare.insert(kind) }
        }
        return spare
    }

    /// Indices never picked, in the order given.
    var unused: [Int] { media.indices.filter { uses[$0] == 0 } }
}
