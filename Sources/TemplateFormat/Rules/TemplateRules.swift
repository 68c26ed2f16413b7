import DocumentJSON

/// Every template rule that looks across parts, once. A new rule is a file in this folder and a
/// line here; a test holds each code of docs/template-format.md to one rule or to the reader of
/// the part that checks it.
///
/// Findings come part by part (`TemplatePart`), item by item, and at one item in the order of this
/// list: a layer's start (T061), then its end (T062), then its text (T063).
package enum TemplateRules {
    package static let all: [any TemplateRule.Type] = [
        TransitionAtEndRule.self,
        TransitionFitsSlotsRule.self,
        CoverInsideVideoRule.self,
        LayerStartRule.self,
        LayerEndRule.self,
        TextFitRule.self,
        MusicLengthRule.self,
        SoundStartRule.self,
        UnusedAssetRule.self,
    ]

    /// Every finding of every rule on `input`, with the code of the rule that found it.
    package static func findings(_ input: TemplateRuleInput) -> [(code: DiagnosticCode, finding: TemplateFinding)] {
        var found: [(code: DiagnosticCode, finding: TemplateFinding)] = []
        for part in TemplatePart.allCases {
            let rules = all.filter { $0.part == part }
            guard !rules.isEmpty else { continue }
            for item in 0..<input.count(of: part) {
                for rule in rules { found += rule.check(input, item: item).map { (rule.code, $0) } }
            }
        }
        return found
    }
}
