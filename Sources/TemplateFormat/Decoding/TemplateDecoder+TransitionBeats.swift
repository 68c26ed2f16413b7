import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// Transition durations written in beats: half the beats before the cut, half after, on the
/// music's beat grid. They need the cuts, so they are set once every slot's duration is known.
extension TemplateDecoder {
    /// Sets the durations of transitions written in beats, now that the cuts are known.
    mutating func placeTransitionsInBeats(_ pending: inout [PendingSlot], durations: [RationalTime?]) {
        var cut: RationalTime? = .zero
        for i in pending.indices {
            cut = durations[i].flatMap { cut?.addingReportingOverflow($0) }
            guard let (kind, beats) = pending[i].transitionBeats else { continue }
            let path = pending[i].path.appending("transition").appending("duration")
            guard let d = centredLength(beats: beats, on: cut, at: path) else {
                pending[i].slot = nil
                continue
            }
            pending[i].slot?.transition?.duration = d
            pending[i].transition = (kind, d)
        }
    }

    /// The length of `beats` beats centred on `cut`: half of them before it, half after, so that a
    /// transition of two beats on a cut placed on a beat runs from the beat before to the beat after.
    private mutating func centredLength(beats: RationalTime, on cut: RationalTime?, at path: JSONPath) -> RationalTime? {
        let written = TemplateTime.beats(beats)
        let half = TemplateTime.beats(beats / 2)
        // Problems name the duration as written, not the half counted on each side of the cut.
        let what = "the transition's duration"
        guard
            let before = length(of: half, from: cut, direction: .backward, at: path, what: what, shown: written, referenceName: "its cut"),
            let after = length(of: half, from: cut, direction: .forward, at: path, what: what, shown: written, referenceName: "its cut"),
            let d = before.addingReportingOverflow(after)
        else { return nil }
        let range = TransitionDuration.allowed(at: frameRate)
        guard range.contains(d) else {
            let bounds = "\(TimeText.string(from: range.lowerBound))...\(TimeText.string(from: range.upperBound))"
            context.error(
                .outOfRange, "transition duration \(written.text) (\(TimeText.string(from: d))) is outside \(bounds)", at: path,
                notes: ["use a time from \(bounds)"])
            return nil
        }
        return d
    }
}
