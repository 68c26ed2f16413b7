import DocumentJSON
import MediaTime

/// L016: a `voice` sound has no `ducking`: a voice is what ducking listens to.
package enum DuckedVoiceRule: TimelineRule {
    /// L016: a voice that is itself ducked.
    package static let code = DiagnosticCode.duckedVoice
    /// Reads only the sounds' roles and ducking.
    package static let groups: [TimelineRuleGroup] = [.sounds]

    /// One problem per voice sound that has `ducking`, at that key.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        input.timeline.audio.enumerated().compactMap { i, x in
            guard x.role == .voice, x.ducking != nil else { return nil }
            return problem(
                JSONPath.root.appending("audio").appending(i).appending("ducking"),
                "a voice is what ducking listens to; it cannot be ducked itself",
                fix: "remove \"ducking\" from it, or make its role music or effect")
        }
    }
}
