import MediaTime

/// What an edit that changed the order of the main track did to the transition on one cut.
///
/// A transition belongs to its cut, not to the clips that met there: after a swap or a move the
/// cut at each place keeps the transition it had, joining the clips that now meet there,
/// shortened only where they lack the frames it needs (see `TransitionPlacement.fit`).
package struct CutChange: Sendable, Hashable {
    /// The cut, by the main-track place (0 first) of the clip before it.
    package var cut: Int
    /// Catalog id of the transition.
    package var kind: String
    /// The clips now on either side of the cut.
    package var from: String
    /// The clip now after the cut, by id; `from` is the one before it.
    package var to: String
    /// Frames it lasted before the edit, and after it (under 2: it became a straight cut).
    package var was: Int64
    /// Frames it lasts after the edit; under 2 means the cut is now straight.
    package var now: Int64
    /// Why it is shorter, in words (which clip lacks frames, and how many it has); empty when it is not.
    package var reasons: [String]

    /// `cut` is the main-track place of the clip before the cut; `reasons` stays empty unless `now < was`.
    package init(cut: Int, kind: String, from: String, to: String, was: Int64, now: Int64, reasons: [String] = []) {
        self.cut = cut
        self.kind = kind
        self.from = from
        self.to = to
        self.was = was
        self.now = now
        self.reasons = reasons
    }

    /// True when the transition lasts fewer frames than before (or is gone).
    package var isShortened: Bool { now < was }
}
