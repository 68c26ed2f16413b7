/// Chooses which media fills each slot, in order, following the template's wishes.
///
/// The rules, in order of precedence:
/// 1. A slot takes media of the kind it accepts when any was given; otherwise it takes any kind
///    (and the resolver warns).
/// 2. Media not used yet come first, in the order given: with at least as many media as slots,
///    slot k gets the k-th suitable medium.
/// 3. When all suitable media are used, the least used one is taken again (so they cycle in order),
///    but never the one the previous slot took when another would do.
struct MediaPicker {
    let media: [MediaAsset]
    private(set) var uses: [Int]
    private var previous: Int?

    init(media: [MediaAsset]) {
        self.media = media
        self.uses = Array(repeating: 0, count: media.count)
    }

    /// The index of the medium for a slot accepting `accepts`, and whether it is of another kind.
    mutating func pick(for accepts: SlotAccepts) -> (index: Int, isFallback: Bool) {
        let suitable = media.indices.filter { accepts.accepts(media[$0].kind) }
        let isFallback = suitable.isEmpty
        let candidates = isFallback ? Array(media.indices) : suitable
        let leastUsed = candidates.map { uses[$0] }.min() ?? 0
        let fresh = candidates.filter { uses[$0] == leastUsed }
        // Prefer not to repeat the previous slot's medium; in order of the list.
        let choice = fresh.first(where: { $0 != previous })
            ?? candidates.filter { $0 != previous }.min(by: { uses[$0] < uses[$1] })
            ?? candidates[0]
        uses[choice] += 1
        previous = choice
        return (choice, isFallback)
    }

    /// Indices never picked, in the order given.
    var unused: [Int] { media.indices.filter { uses[$0] == 0 } }
}
