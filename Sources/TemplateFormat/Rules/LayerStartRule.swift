import DocumentJSON
import MediaTime
import TimelineModel

/// A layer starts before the video ends (T061): one that starts later is never seen.
package enum LayerStartRule: TemplateRule {
    package static let code = DiagnosticCode.layerTiming
    package static let part = TemplatePart.layers

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let layer = input.facts.layers[item]
        guard let start = layer.start, layer.duration != nil else { return [] }
        guard let total = input.facts.total else {
            guard layer.isTimed else { return [] }
            return [
                .skipped(
                    "the start and duration of \(layer.name) are not checked against the video's length", at: layer.path.appending("start"),
                    because: input.unknownLength)
            ]
        }
        guard start >= total else { return [] }
        return [
            .problem(
                .error,
                "layer '\(layer.id ?? "")' starts at \(TimeText.string(from: start)), at or after the end of the video (\(TimeText.string(from: total)))",
                at: layer.path.appending("start"), notes: ["start it before \(TimeText.string(from: total))"])
        ]
    }
}
