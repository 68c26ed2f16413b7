import DocumentJSON
import MediaTime
import TimelineModel

/// The cover time, the poster frame, lies inside the video (T015, the code of any value outside its range).
package enum CoverInsideVideoRule: TemplateRule {
    package static let code = DiagnosticCode.outOfRange
    package static let part = TemplatePart.cover

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        guard let cover = input.facts.cover else { return [] }
        let path = JSONPath.root.appending("cover")
        guard let total = input.facts.total else {
            return [.skipped("the cover time is not checked against the video's length", at: path, because: input.unknownLength)]
        }
        guard cover.isNegative || cover >= total else { return [] }
        return [
            .problem(
                .error, "cover time \(TimeText.string(from: cover)) is outside the video (0s up to \(TimeText.string(from: total)))",
                at: path, notes: ["pick a moment inside the video for its poster frame"])
        ]
    }
}
