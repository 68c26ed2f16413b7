import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// Edits of how a clip plays and looks; none of them moves a cut.
extension TimelineEditor {
    /// Plays the clip at `speed` source seconds per timeline second, in the same place: its source
    /// range keeps its start (its end, reversed) and takes the length the speed needs.
    package mutating func setSpeed(_ id: String, _ speed: RationalTime) throws(EditError) {
        try apply("speed") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            var c = t.clips[i]
            guard c.kind == .video else { throw .notAVideo(id) }
            guard speed.isPositive else { throw .outOfRange("a speed must be positive") }
            // A speed past any limit is refused with the reader's code (T015) once applied; one
            // whose source length does not even fit a time is refused here.
            let source: RationalTime
            do { source = try c.timelineRange.duration.multiplied(by: speed) } catch {
                throw .outOfRange("a speed of \(speed) would need a source longer than any time")
            }
            c.sourceRange =
                c.reverse
                ? TimeRange(start: max(.zero, c.sourceRange.end - source), duration: source)
                : TimeRange(start: c.sourceRange.start, duration: source)
            c.speed = speed
            t.clips[i] = c
        }
    }

    /// Plays a video backwards (or forwards again) over the same source range; a photo is refused.
    package mutating func setReverse(_ id: String, _ reverse: Bool) throws(EditError) {
        try apply("reverse") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            guard t.clips[i].kind == .video else { throw .notAVideo(id) }
            t.clips[i].reverse = reverse
        }
    }

    /// Turns the picture by quarter turns clockwise (negative: anticlockwise).
    package mutating func rotate(_ id: String, quarterTurns: Int) throws(EditError) {
        try apply("rotate") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            let o = t.clips[i].orientation
            t.clips[i].orientation = Orientation(rotation: o.rotation + 90 * quarterTurns, mirrored: o.mirrored)
        }
    }

    /// Gain of the clip's own sound (0 mutes it), within `Limits.volume`.
    package mutating func setVolume(_ id: String, _ volume: Double) throws(EditError) {
        try apply("volume") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            guard Limits.volume.contains(volume) else {
                throw .outOfRange("a volume is \(Limits.volume.lowerBound)...\(Limits.volume.upperBound), not \(volume)")
            }
            t.clips[i].volume = volume
        }
    }

    /// Silences the clip's own sound; the same as a volume of 0, so undoing restores the gain it had.
    package mutating func mute(_ id: String) throws(EditError) { try setVolume(id, 0) }

    /// Replaces the clip's filters.
    package mutating func setFilters(_ id: String, _ filters: [Effect]) throws(EditError) {
        try apply("filter") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            t.clips[i].filters = filters
        }
    }

    /// Adds a filter after the clip's others.
    package mutating func addFilter(_ id: String, _ filter: Effect) throws(EditError) {
        let current = timeline.clips.first { $0.id == id }?.filters ?? []
        try setFilters(id, current + [filter])
    }

    /// Sets the transition from main-track clip `id` into the next one: `frames` long, centred on
    /// the cut (⌊frames/2⌋ before it), at most half of either clip. Zero frames (or `cut`) removes it.
    package mutating func setTransition(
        after id: String, kind: String, frames: Int64, easing: Easing = .linear,
        parameters: [String: Double] = [:], mask: String? = nil
    ) throws(EditError) {
        try apply("transition") { (t: inout Timeline) throws(EditError) in
            let i = try Self.mainIndex(of: id, in: t)
            guard let next = t.clips[(i + 1)...].first(where: { $0.layer == 0 }) else {
                throw .outOfRange("clip '\(id)' is the last on the main track; no cut follows it")
            }
            t.transitions.removeAll { $0.from == id }
            guard frames > 0 && kind != "cut" else { return }
            let rate = t.frameRate
            let cut = rate.frame(at: t.clips[i].timelineRange.end, rounding: .toNearestOrAwayFromZero)
            let range = TimeRange(start: rate.time(ofFrame: cut - frames / 2), end: rate.time(ofFrame: cut - frames / 2 + frames))
            let transition = Transition(kind: kind, from: id, to: next.id, range: range, easing: easing, parameters: parameters, mask: mask)
            let position =
                t.transitions.firstIndex { tr in
                    (t.clips.firstIndex { $0.id == tr.from } ?? 0) > i
                } ?? t.transitions.count
            t.transitions.insert(transition, at: position)
        }
    }

    /// Makes the cut after main-track clip `id` straight; refused when no main-track clip follows it.
    package mutating func removeTransition(after id: String) throws(EditError) {
        try setTransition(after: id, kind: "cut", frames: 0)
    }
}
