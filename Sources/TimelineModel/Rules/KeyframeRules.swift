import DocumentJSON
import MediaTime

/// The rule of keyframes over an item's time, part of `TimelineValidation` (T052, as a
/// template's keyframes outside their slot): a clip's or overlay's `motion` and a filter's
/// `animation` lie within the item, from 0 to its timeline duration (the grade's within the
/// video). That their times increase is a value's order, checked where they are read.
package enum KeyframeRules {
    package static func problems(_ clip: VideoClip, at path: JSONPath) -> [TimelineProblem] {
        let length = clip.timelineRange.duration
        var found = motion(clip.motion, length: length, of: "clip", at: path.appending("motion"))
        for (i, e) in clip.filters.enumerated() {
            found += animation(e, length: length, of: "clip", at: path.appending("filters").appending(i))
        }
        return found
    }

    package static func motion(_ keys: [TransformKeyframe], length: RationalTime, of item: String, at path: JSONPath) -> [TimelineProblem] {
        keys.enumerated().compactMap { i, k in outside(k.time, length: length, of: item, at: path.appending(i).appending("time")) }
    }

    package static func animation(_ effect: Effect, length: RationalTime, of item: String, at path: JSONPath) -> [TimelineProblem] {
        effect.animation.sorted { $0.key < $1.key }.flatMap { name, keys in
            keys.enumerated().compactMap { i, k in
                outside(k.time, length: length, of: item, at: path.appending("animation").appending(name).appending(i).appending("time"))
            }
        }
    }

    private static func outside(_ time: RationalTime, length: RationalTime, of item: String, at path: JSONPath) -> TimelineProblem? {
        // A negative time is a value's range, reported where it is read (T015).
        guard time > length else { return nil }
        return TimelineProblem(
            .keyframeOrder, path, "keyframe at \(TimeText.string(from: time)) is outside the \(item) (0 to \(TimeText.string(from: length)))",
            fix: "use a time from 0 to \(TimeText.string(from: length))")
    }
}
