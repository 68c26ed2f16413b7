import DocumentJSON
import MediaTime
import TimelineModel

/// A layer that starts inside the video but is written to last past its end is cut there (T062).
/// `LayerStartRule` notes when the video's length is unknown, for both.
package enum LayerEndRule: TemplateRule {
    package static let code = DiagnosticCode.layerPastEnd
    package static let part = TemplatePart.layers

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let layer = input.facts.layers[item]
        guard let start = layer.start, let written = layer.duration, let duration = written, let total = input.facts.total,
            start < total, let end = start.addingReportingOverflow(duration), end > total
        else { return [] }
        return [
            .problem(
                .warning,
                "layer '\(layer.id ?? "")' ends at \(TimeText.string(from: end)), after the video (\(TimeText.string(from: total))); it is cut there",
                at: layer.path.appending("duration"), notes: ["leave \"duration\" out to last until the end of the video"])
        ]
    }
}
