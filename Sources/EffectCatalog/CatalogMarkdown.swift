/// The catalog as the tables of docs/template-format.md ("The catalog"), for
/// `reel catalog --format markdown`; a test fails when the documentation's copy differs.
extension Catalog {
    /// One table per family, headed `### Transitions`, `### Filters`, ...
    package static func markdown() -> String {
        var lines: [String] = []
        for family in EffectFamily.allCases {
            if !lines.isEmpty { lines.append("") }
            lines.append("### " + family.title.prefix(1).uppercased() + family.title.dropFirst())
            lines.append("")
            lines.append("| Id | What it does | Parameters |")
            lines.append("|---|---|---|")
            for entry in entries(of: family) {
                let parameters = entry.parameters.map(markdown).joined(separator: "<br>")
                lines.append("| `\(entry.id)` | \(entry.summary) | \(parameters) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "`softness`: number 0...0.5, default 0.02: width of the feathered edge, ..."
    private static func markdown(_ p: CatalogParameter) -> String {
        "`\(p.name)`: \(p.detail): \(p.summary)"
    }
}
