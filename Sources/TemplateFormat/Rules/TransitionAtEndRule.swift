import DocumentJSON

/// The last slot's transition has no slot to lead into (T054): it is dropped.
package enum TransitionAtEndRule: TemplateRule {
    package static let code = DiagnosticCode.transitionAtEnd
    package static let part = TemplatePart.slots

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let slot = input.facts.slots[item]
        guard item + 1 == input.facts.slots.count, let transition = slot.transition, transition.kind != "cut" else { return [] }
        return [
            .problem(
                .warning, "the last slot has a \(transition.kind) transition, but no slot follows it", at: slot.path.appending("transition"),
                notes: ["remove the transition; to fade out the video, use a filter or the music's fadeOut"])
        ]
    }
}
