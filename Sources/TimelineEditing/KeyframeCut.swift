import MediaTime
import TimelineModel

/// Keyframes (motion, filter animation) cut to a part of their item's time, so an edit that
/// shortens or splits an item keeps what it shows and its keyframes within it (T052).
///
/// ```
/// keys     *-----*--------*          cut to [s, e): the keys inside, times from s,
/// part        [s      e)              and a key at each end where the curve is cut
/// result      *--*----*
/// ```
package enum KeyframeCut {
    /// The clip's motion and filter animations over `[start, end]` of its time, times from `start`.
    package static func clip(_ c: inout VideoClip, from start: RationalTime, to end: RationalTime) {
        c.motion = motion(c.motion, from: start, to: end)
        c.filters = c.filters.map { effect($0, from: start, to: end) }
    }

    /// The filter `e` with every animated parameter cut to `[start, end]`, times from `start`; its fixed values stay.
    package static func effect(_ e: Effect, from start: RationalTime, to end: RationalTime) -> Effect {
        var cut = e
        cut.animation = e.animation.mapValues { keys in
            part(keys, from: start, to: end, time: \.time) { t in
                EffectKeyframe(time: t, value: EffectKeyframe.value(keys, at: t), easing: keys.last { $0.time <= t }?.easing ?? .linear)
            }
        }
        return cut
    }

    /// Motion keyframes cut to `[start, end]`, times from `start`, with an interpolated key at a cut end; easings carried over.
    package static func motion(_ keys: [TransformKeyframe], from start: RationalTime, to end: RationalTime) -> [TransformKeyframe] {
        part(keys, from: start, to: end, time: \.time) { t in
            let pose = MotionCurve.pose(keys, at: t)
            return TransformKeyframe(
                time: t, scale: pose.scale, x: pose.x, y: pose.y, rotation: pose.rotation, easing: keys.last { $0.time <= t }?.easing ?? .linear)
        }
    }

    /// Cuts every keyframe list of `t` to its item's time (the grade's to the video): what an edit
    /// that shortened an item leaves past its end goes, the value there kept as a last key.
    package static func fit(_ t: inout Timeline) {
        for i in t.clips.indices { clip(&t.clips[i], from: .zero, to: t.clips[i].timelineRange.duration) }
        for i in t.overlays.indices { t.overlays[i].motion = motion(t.overlays[i].motion, from: .zero, to: t.overlays[i].timelineRange.duration) }
        t.grade = t.grade.map { effect($0, from: .zero, to: t.duration) }
    }

    private static func part<Key>(
        _ keys: [Key], from start: RationalTime, to end: RationalTime, time: WritableKeyPath<Key, RationalTime>, at: (RationalTime) -> Key
    ) -> [Key] {
        guard let first = keys.first, let last = keys.last, start > first[keyPath: time] || end < last[keyPath: time] || !start.isZero else {
            return keys
        }
        var kept = keys.filter { $0[keyPath: time] >= start && $0[keyPath: time] <= end }
        if start > first[keyPath: time], kept.first?[keyPath: time] != start { kept.insert(at(start), at: 0) }
        if end < last[keyPath: time], kept.last?[keyPath: time] != end { kept.append(at(end)) }
        return kept.map { k in
            var moved = k
            moved[keyPath: time] = k[keyPath: time] - start
            return moved
        }
    }
}
