import DocumentJSON
import MediaTime

/// L031: a `smart` clip's crop keyframes lie within the clip, from 0 to its timeline duration,
/// and their times increase. (Another clip's crop path is L033's.)
package enum CropTimingRule: TimelineRule {
    /// L031: a crop keyframe outside its clip or out of order.
    package static let code = DiagnosticCode.cropTiming
    /// Reads only the clips: their fit, crop keyframes and timeline duration.
    package static let groups: [TimelineRuleGroup] = [.clips]

    /// Each `smart` clip's crop keyframe outside the clip or not after the one before, at its `time`.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        for (i, clip) in input.timeline.clips.enumerated() where clip.fit == .smart {
            let p = input.clipPath(i).appending("crop")
            let length = clip.timelineRange.duration
            for (k, key) in clip.crop.enumerated() {
                let tp = p.appending(k).appending("time")
                if key.time.isNegative || key.time > length {
                    found.append(
                        problem(
                            tp, "\(TimeText.string(from: key.time)) is outside the clip (0 to \(TimeText.string(from: length)))",
                            fix: "use a time from the clip's start, at most its duration"))
                } else if k > 0, key.time <= clip.crop[k - 1].time {
                    found.append(
                        problem(tp, "crop keyframe times must increase", fix: "make it later than \(TimeText.string(from: clip.crop[k - 1].time))"))
                }
            }
        }
        return found
    }
}
