import DocumentJSON
import MediaTime

/// L015: a transition joins two consecutive main-track clips (`from` then `to`) and contains
/// their cut.
package enum TransitionJoinRule: TimelineRule {
    /// L015: a transition that joins no two consecutive main-track clips, or misses their cut.
    package static let code = DiagnosticCode.transitionJoin
    /// Reads the transitions and the main-track clips they name.
    package static let groups: [TimelineRuleGroup] = [.transitions]

    /// Per transition: the whole transition when it joins no two consecutive clips, else its range when it misses their cut.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        for (i, tr) in input.timeline.transitions.enumerated() {
            let p = JSONPath.root.appending("transitions").appending(i)
            guard let (a, _) = input.joined(by: tr) else {
                found.append(
                    problem(
                        p, "'\(tr.from)' → '\(tr.to)' are not two consecutive main-track clips",
                        fix: "name in from and to the ids of a main-track clip and of the clip after it"))
                continue
            }
            let cut = a.timelineRange.end
            if !(tr.range.start < cut && tr.range.end > cut) {
                found.append(
                    problem(
                        p.appending("range"), "must contain the cut at \(TimeText.string(from: cut))", fix: "start it before the cut and end it after"
                    ))
            }
        }
        return found
    }
}
