import DocumentJSON
import MediaTime

/// T052, as a template's keyframes outside their slot: keyframes lie within their item's time, a
/// clip's or overlay's `motion` and a clip filter's `animation` from 0 to the item's timeline
/// duration, the grade's from 0 to the video's. That their times increase is a value's order,
/// checked where they are read, as a negative time is a value's range (T015).
package enum KeyframeTimesRule: TimelineRule {
    /// T052, the code a template's keyframes outside their slot have, so one fix note serves both.
    package static let code = DiagnosticCode.keyframeOrder
    /// The clips' motion and filter animations, the overlays' motion and the grade's animations.
    package static let groups: [TimelineRuleGroup] = [.clips, .overlays, .grade]

    /// Each keyframe of `group` whose time lies outside its item's timeline duration (the video's, for the grade).
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        let t = input.timeline
        switch group {
        case .clips:
            return t.clips.indices.flatMap { i in
                let clip = t.clips[i]
                let path = input.clipPath(i)
                let length = clip.timelineRange.duration
                return motion(clip.motion, length: length, of: "clip", at: path.appending("motion"))
                    + clip.filters.enumerated().flatMap { k, e in
                        animation(e, length: length, of: "clip", at: path.appending("filters").appending(k))
                    }
            }
        case .overlays:
            return t.overlays.enumerated().flatMap { i, x in
                motion(
                    x.motion, length: x.timelineRange.duration, of: "overlay",
                    at: JSONPath.root.appending("overlays").appending(i).appending("motion"))
            }
        case .grade:
            return t.grade.enumerated().flatMap { i, e in
                animation(e, length: t.duration, of: "video", at: JSONPath.root.appending("grade").appending(i))
            }
        default:
            return []
        }
    }

    private static func motion(_ keys: [TransformKeyframe], length: RationalTime, of item: String, at path: JSONPath) -> [TimelineProblem] {
        keys.enumerated().compactMap { i, k in outside(k.time, length: length, of: item, at: path.appending(i).appending("time")) }
    }

    private static func animation(_ effect: Effect, length: RationalTime, of item: String, at path: JSONPath) -> [TimelineProblem] {
        effect.animation.sorted { $0.key < $1.key }.flatMap { name, keys in
            keys.enumerated().compactMap { i, k in
                outside(k.time, length: length, of: item, at: path.appending("animation").appending(name).appending(i).appending("time"))
            }
        }
    }

    private static func outside(_ time: RationalTime, length: RationalTime, of item: String, at path: JSONPath) -> TimelineProblem? {
        guard time > length else { return nil }
        return problem(
            path, "keyframe at \(TimeText.string(from: time)) is outside the \(item) (0 to \(TimeText.string(from: length)))",
            fix: "use a time from 0 to \(TimeText.string(from: length))")
    }
}
