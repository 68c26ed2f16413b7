import DocumentJSON

/// The rules that look across parts (`TemplateRules.all`, one file each in `Rules/`) run once
/// every part is read, on what each part yielded (`PartFacts`), whatever else is broken.
extension TemplateDecoder {
    /// Runs every template rule and reports its findings in the document's place for each.
    mutating func checkAcrossParts() {
        let input = TemplateRuleInput(facts: facts, folder: folder, inspector: inspector, accountedFiles: usedAssets.union(proposedAssets))
        for (code, finding) in TemplateRules.findings(input) {
            switch finding {
            case .problem(let severity, let message, let path?, let notes):
                context.report(severity, code, message, at: path, notes: notes)
            case .problem(let severity, let message, nil, let notes):
                context.diagnostics.report(
                    Diagnostic(severity, code, message, at: SourceLocation(file: context.file, path: nil, position: nil), notes: notes))
            case .skipped(let what, let path, let reason):
                skipped(what, at: path, because: reason)
            }
        }
    }
}
