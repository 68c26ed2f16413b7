import MediaTime

/// Where the cuts between slots fall on the output frame grid.
///
/// The rule: cut k is the exact sum of the first k slot durations, rounded to the nearest frame
/// boundary (a tie, exactly half a frame, rounds away from zero). Cuts are snapped, not durations,
/// so rounding never accumulates: however many slots of 1.1 s at 30000/1001 fps there are, every
/// cut is within half a frame of where the template puts it, and a slot's length on screen differs
/// from its written length by less than one frame.
///
/// ```
/// exact:    0 ──── 1.1 ──── 2.2 ──── 3.3 s
/// frames:   0      32.97    65.93    98.90
/// cuts:     0      33       66       99      (each rounded on its own)
/// ```
package enum CutGrid {
    /// `[0, cut1, cut2, ..., cutN]`; nil when the exact sums overflow.
    package static func cuts(durations: [RationalTime], frameRate: FrameRate) -> [RationalTime]? {
        var cuts = [RationalTime.zero]
        var exact = RationalTime.zero
        for duration in durations {
            guard let sum = exact.addingReportingOverflow(duration) else { return nil }
            exact = sum
            cuts.append(frameRate.snap(exact, rounding: .toNearestOrAwayFromZero))
        }
        return cuts
    }
}
