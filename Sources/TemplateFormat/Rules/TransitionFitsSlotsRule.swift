import DocumentJSON
import MediaTime
import TimelineModel

/// A transition is centred on its cut and may use at most half of each slot beside it, so the two
/// transitions of a slot never overlap (T053). The bound is `TransitionDuration`'s, the one the
/// resolver, the timeline's rule and `reel edit` keep.
package enum TransitionFitsSlotsRule: TemplateRule {
    package static let code = DiagnosticCode.transitionTooLong
    package static let part = TemplatePart.slots

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let slots = input.facts.slots
        let slot = slots[item]
        guard item + 1 < slots.count, let transition = slot.transition, transition.kind != "cut" else { return [] }
        let path = slot.path.appending("transition")
        let next = slots[item + 1]
        guard let here = slot.duration, let there = next.duration else {
            let missing = slot.duration == nil ? slot : next
            return [
                .skipped(
                    "the \(transition.kind)'s length is not checked against the slots beside it", at: path,
                    because: "\(missing.name) has no usable duration (\(missing.path.appending("duration").pointer))")
            ]
        }
        // The duration read is within `TransitionDuration.allowed`: only the half can be passed.
        guard TransitionDuration.isTooLong(transition.duration, between: here, and: there) else { return [] }
        let shorter = min(here, there)
        let limit = TransitionDuration.halfOfShorter(here, there)
        let which = here <= there ? "this slot" : next.id.map { "the next slot ('\($0)')" } ?? "the next slot"
        return [
            .problem(
                .error,
                "\(transition.kind) of \(TimeText.string(from: transition.duration)) is longer than half of \(which) (\(TimeText.string(from: shorter)))",
                at: path, notes: ["use a duration of at most \(TimeText.string(from: limit)), or lengthen the slots"])
        ]
    }
}
