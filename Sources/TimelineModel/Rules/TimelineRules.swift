/// Every timeline rule, once: the list `TimelineValidation.rules` runs, and so the timeline
/// reader, the resolver's pipeline and the editor. A new rule is a file in this folder and a line
/// here; a test holds each code of docs/timeline-format.md to one rule or to the place it is read.
///
/// Within a group the rules run in this order, which is the order of their problems at one place
/// of the document (a transition's range: L015, then L012; a clip's start: L012, then L010).
package enum TimelineRules {
    /// The rules in run order; adding a rule means adding its type here, and nowhere else.
    package static let all: [any TimelineRule.Type] = [
        TransitionJoinRule.self,
        SourceRangeRule.self,
        FrameGridRule.self,
        TotalDurationRule.self,
        CropFitRule.self,
        CropTimingRule.self,
        KeyframeTimesRule.self,
        ExactTimesRule.self,
        InsideVideoRule.self,
        MainTrackSequenceRule.self,
        UniqueIDsRule.self,
        TransitionLengthRule.self,
        DuckedVoiceRule.self,
        MusicRoleRule.self,
        MusicMapRule.self,
    ]

    /// The rules checking `group`, in the order they run.
    static func checking(_ group: TimelineRuleGroup) -> [any TimelineRule.Type] {
        all.filter { $0.groups.contains(group) }
    }
}
