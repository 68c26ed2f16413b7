import DocumentJSON
import Foundation

/// Each file of the template's folder is used by the template (T045, a note): unused files make
/// every shared copy larger. Documents (`.md`, `.txt`, licences, read-mes), hidden files and
/// `template.json` itself are not assets.
package enum UnusedAssetRule: TemplateRule {
    package static let code = DiagnosticCode.assetUnused
    package static let part = TemplatePart.folder

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        guard let root = AssetPath.realPath(input.folder) else { return [] }
        var found: [TemplateFinding] = []
        for relative in AssetPath.files(in: input.folder) where !isDocument(relative) {
            guard let real = AssetPath.realPath(AssetPath.join(root, relative)), !input.accountedFiles.contains(real) else { continue }
            found.append(
                .problem(
                    .note, "'\(relative)' is in the template folder but nothing uses it", at: nil,
                    notes: ["remove it, so that shared copies of the template stay small"]))
        }
        return found
    }

    /// True for a file that documents the template rather than being used by it.
    static func isDocument(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        let lower = name.lowercased()
        return relative == TemplateLoader.fileName || lower.hasSuffix(".md") || lower.hasSuffix(".txt")
            || lower.hasPrefix("license") || lower.hasPrefix("licence") || lower.hasPrefix("readme")
    }
}
