import DocumentJSON
import DocumentLimits
import MediaTime

/// T053: a transition lasts at most half of each clip beside it, and at most
/// `Limits.maxTransition` (`TransitionDuration`, the rule templates, the resolver and the editor
/// apply too). A transition joining no two clips is L015's.
package enum TransitionLengthRule: TimelineRule {
    /// T053, as a template's too long transition, so one fix note serves both.
    package static let code = DiagnosticCode.transitionTooLong
    /// Reads the transitions and the lengths of the clips they join.
    package static let groups: [TimelineRuleGroup] = [.transitions]

    /// Per transition joining two clips: one problem at its duration when `TransitionDuration` finds it too long.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        input.timeline.transitions.enumerated().compactMap { i, tr in
            guard let (a, b) = input.joined(by: tr) else { return nil }
            let (da, db) = (a.timelineRange.duration, b.timelineRange.duration)
            guard TransitionDuration.isTooLong(tr.range.duration, between: da, and: db) else { return nil }
            let half = TransitionDuration.halfOfShorter(da, db)
            return problem(
                JSONPath.root.appending("transitions").appending(i).appending("range").appending("duration"),
                "must last at most half of each clip beside it (\(TimeText.string(from: half))) and \(TimeText.string(from: Limits.maxTransition))",
                fix: "shorten it to \(TimeText.string(from: TransitionDuration.longest(between: da, and: db))) or less")
        }
    }
}
