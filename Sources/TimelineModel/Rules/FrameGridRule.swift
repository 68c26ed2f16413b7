import DocumentJSON
import MediaTime

/// L012: `duration`, every clip's start and duration and every transition's start and end are on
/// the frame grid; a clip and the video last at least one frame.
package enum FrameGridRule: TimelineRule {
    /// L012: a time off the frame grid, or shorter than a frame.
    package static let code = DiagnosticCode.offFrameGrid
    /// The video's duration, the clips' ranges and the transitions' ranges, each a group of its own.
    package static let groups: [TimelineRuleGroup] = [.videoLength, .clips, .transitions]

    /// Off-grid or empty times of `group`, at the start, duration or range that is off; transitions joining no clips are skipped.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        let t = input.timeline
        let rate = input.rate
        switch group {
        case .videoLength:
            guard !t.duration.isPositive || !rate.isOnGrid(t.duration) else { return [] }
            return [
                problem(
                    JSONPath.root.appending("duration"), "must be positive and on the \(rate) fps frame grid",
                    fix: "make it the end of the last main-track clip")
            ]
        case .clips:
            var found: [TimelineProblem] = []
            for (i, c) in t.clips.enumerated() {
                let range = input.clipPath(i).appending("timelineRange")
                if !rate.isOnGrid(c.timelineRange.start) {
                    found.append(
                        problem(
                            range.appending("start"), "\(TimeText.string(from: c.timelineRange.start)) is not on the \(rate) fps frame grid",
                            fix: "use whole frames (\"48f\") or times the grid has"))
                }
                if c.timelineRange.isEmpty || !rate.isOnGrid(c.timelineRange.duration) {
                    found.append(
                        problem(
                            range.appending("duration"), "must be at least one frame, on the \(rate) fps frame grid",
                            fix: "use whole frames (\"48f\") or times the grid has"))
                }
            }
            return found
        case .transitions:
            // A transition joining no two clips is L015's alone.
            return t.transitions.enumerated().compactMap { i, tr in
                guard input.joined(by: tr) != nil, !rate.isOnGrid(tr.range.start) || !rate.isOnGrid(tr.range.end) else { return nil }
                return problem(
                    JSONPath.root.appending("transitions").appending(i).appending("range"), "must start and end on the \(rate) fps frame grid",
                    fix: "use whole frames")
            }
        default:
            return []
        }
    }
}
