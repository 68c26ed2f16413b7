import DocumentJSON
import MediaTime

/// L010: the main track (layer 0) plays back to back from 0 to `duration`: no gap, no overlap,
/// no other start or end. With clips that did not read, the order is checked between any two
/// that did with none unread between them; the end only when every clip read.
package enum MainTrackSequenceRule: TimelineRule {
    /// L010: a main track that does not play back to back from 0 to `duration`.
    package static let code = DiagnosticCode.mainTrackSequence
    /// The order needs the clips, the end needs them placed in the video; `besideUnreadClips` names the rule while some are unread.
    package static let groups: [TimelineRuleGroup] = [.clips, .besideUnreadClips, .clipsInVideo]

    /// Gaps and overlaps between main-track clips (`clips`), and a last clip not ending at `duration` (`clipsInVideo`).
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        switch group {
        case .clips: return order(input)
        case .clipsInVideo: return end(input).map { [$0] } ?? []
        default: return []
        }
    }

    private static func order(_ input: TimelineRuleInput) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        var expectedStart = RationalTime.zero
        // Whether a clip that did not read lies between the last main-track clip and this one.
        var unreadBefore = false
        for (i, c) in input.timeline.clips.enumerated() {
            if input.place(i) != (i == 0 ? 0 : input.place(i - 1) + 1) { unreadBefore = true }
            guard c.layer == 0 else { continue }
            if unreadBefore {
                unreadBefore = false
            } else if c.timelineRange.start != expectedStart {
                let what = c.timelineRange.start > expectedStart ? "leaves a gap after" : "overlaps"
                found.append(
                    problem(
                        input.clipPath(i).appending("timelineRange").appending("start"),
                        "the main track must play back to back from 0: this clip \(what) the one before (expected \(TimeText.string(from: expectedStart)), found \(TimeText.string(from: c.timelineRange.start)))",
                        fix: "start it at \(TimeText.string(from: expectedStart))"))
            }
            expectedStart = c.timelineRange.end
        }
        return found
    }

    /// The main track's end against the duration, known only when every clip read.
    private static func end(_ input: TimelineRuleInput) -> TimelineProblem? {
        let t = input.timeline
        let end = t.clips.last { $0.layer == 0 }?.timelineRange.end ?? .zero
        guard !input.partial, end != t.duration else { return nil }
        return problem(
            JSONPath.root.appending("duration"),
            "the main track ends at \(TimeText.string(from: end)), not at the duration \(TimeText.string(from: t.duration))",
            fix: "make the duration \(TimeText.string(from: end)), or lengthen the last main-track clip")
    }
}
