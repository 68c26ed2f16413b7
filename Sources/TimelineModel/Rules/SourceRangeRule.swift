import DocumentJSON
import MediaTime

/// L013: a clip's source range starts at 0 or later and lasts exactly its timeline duration
/// times its speed. (That a video clip's source starts before its video ends needs the file:
/// `TimelineFileCheck` checks it.)
package enum SourceRangeRule: TimelineRule {
    /// L013: a source range that does not match the clip's length and speed.
    package static let code = DiagnosticCode.sourceRange
    /// Reads only the clips' ranges and speed.
    package static let groups: [TimelineRuleGroup] = [.clips]

    /// Per clip: a negative source start, and a source duration other than timeline duration × speed.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        for (i, c) in input.timeline.clips.enumerated() {
            let p = input.clipPath(i).appending("sourceRange")
            if c.sourceRange.start.isNegative {
                found.append(problem(p.appending("start"), "must not be negative", fix: "use 0 or a later source time"))
            }
            let product = try? c.timelineRange.duration.multiplied(by: c.speed)
            if product != c.sourceRange.duration {
                found.append(
                    problem(
                        p.appending("duration"),
                        "must equal timelineRange.duration × speed (\(TimeText.string(from: c.timelineRange.duration)) × \(TimeText.ratioString(from: c.speed)))",
                        fix: "set it to \(product.map { TimeText.string(from: $0) } ?? "the product"), or change the speed"))
            }
        }
        return found
    }
}
