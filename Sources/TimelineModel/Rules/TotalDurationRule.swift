import DocumentJSON
import DocumentLimits
import MediaTime

/// T035: the video lasts at most `Limits.maxTotalDuration`.
package enum TotalDurationRule: TimelineRule {
    package static let code = DiagnosticCode.totalDuration
    package static let groups: [TimelineRuleGroup] = [.videoLength]

    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        guard input.timeline.duration > Limits.maxTotalDuration else { return [] }
        return [
            problem(
                JSONPath.root.appending("duration"), "is longer than \(TimeText.string(from: Limits.maxTotalDuration))", fix: "shorten the video")
        ]
    }
}
