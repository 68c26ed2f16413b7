import DocumentJSON

/// Whether the installed fonts can draw a text layer as its author wrote it: a `font` family that
/// is not installed (fontconfig silently draws another) and characters no font has (they would
/// show as empty boxes) are warnings. Told by the inspector, which sees fontconfig; without one
/// nothing is checked.
extension TemplateDecoder {
    mutating func checkDrawable(_ layer: TextLayerSpec, at path: JSONPath) {
        guard let inspector else { return }
        let font: FontSpec
        switch layer.font {
        case .family(let family):
            font = layer.font
            if let used = inspector.substituteFamily(for: family) {
                context.report(
                    .warning, .fontNotInstalled, "font '\(family)' is not installed; the text will be drawn in '\(used)' instead",
                    at: path.appending("font"),
                    notes: ["install the font, name an installed family (fc-list : family), or add a .ttf file to the template folder"])
            }
        case .file(let file):
            font = .file(AssetPath.join(folder, file))
        }
        guard !layer.text.isEmpty else { return }
        let missing = inspector.undrawableCharacters(in: layer.text, font: font)
        if !missing.isEmpty {
            let name = facts.layers.last.map { "\($0.name): " } ?? ""
            context.report(
                .warning, .glyphMissing, name + FontFindings.missingMessage(layer.text, missing), at: path.appending("text"),
                notes: [FontFindings.missingNote])
        }
    }
}
