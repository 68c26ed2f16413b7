import DocumentJSON
import DocumentLimits
import MediaTime

/// T035: the video lasts at most `Limits.maxTotalDuration`.
package enum TotalDurationRule: TimelineRule {
    /// T035, as a template whose slots add up to too long a video.
    package static let code = DiagnosticCode.totalDuration
    /// Reads only the video's duration.
    package static let groups: [TimelineRuleGroup] = [.videoLength]

    /// One problem at `duration` when the video is longer than `Limits.maxTotalDuration`.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        guard input.timeline.duration > Limits.maxTotalDuration else { return [] }
        return [
            problem(
                JSONPath.root.appending("duration"), "is longer than \(TimeText.string(from: Limits.maxTotalDuration))", fix: "shorten the video")
        ]
    }
}
