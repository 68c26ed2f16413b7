import FileAccess
import Foundation

/// What is inside asset files: LUTs are parsed here; audio, pictures and fonts are checked by the
/// caller's `AssetInspector`. Files of the folder that nothing uses are noted.
extension TemplateDecoder {
    /// True when the file (already known to be inside the folder) is readable as `kind`.
    mutating func checkContent(_ relative: String, at path: JSONPath, kind: AssetKind) -> Bool {
        let full = AssetPath.join(folder, relative)
        if let real = AssetPath.realPath(full) { usedAssets.insert(real) }
        switch kind {
        case .lut:
            return checkLUT(full, relative: relative, at: path)
        case .audio, .image, .font:
            guard let inspector, let problem = inspector.problem(with: full, as: kind) else { return true }
            context.error(.assetUnreadable, "'\(relative)' is not readable as \(Self.article(kind)) file: \(problem)", at: path,
                          notes: [Self.contentHint(kind)])
            return false
        }
    }

    private static func contentHint(_ kind: AssetKind) -> String {
        switch kind {
        case .audio: "use an audio file Reel decodes (M4A/AAC, MP3, WAV, FLAC, Ogg) with a sound stream"
        case .image: "use a PNG picture (with alpha for stickers and overlays)"
        case .font: "use a TrueType (.ttf), OpenType (.otf) or collection (.ttc) font file"
        case .lut: "use a 3D LUT in the .cube format"
        }
    }

    private mutating func checkLUT(_ full: String, relative: String, at path: JSONPath) -> Bool {
        let text: String
        do { text = try ReadableFile.text(full, limit: TemplateLimits.maxLUTFileSize) } catch {
            if error.kind == .tooLarge {
                context.error(.lutSyntax, "'\(relative)' is larger than \(TemplateLimits.maxLUTFileSize >> 20) MiB, the most a .cube file may be",
                              at: path, notes: ["use a LUT of at most 129 points per axis (LUT_3D_SIZE 129); 33 or 65 is usual"])
            } else {
                context.error(.lutSyntax, "'\(relative)' cannot be read as UTF-8 text: \(error.reason)", at: path, notes: ["a .cube LUT is a text file"])
            }
            return false
        }
        do {
            _ = try CubeLUT.parse(text)
            return true
        } catch {
            context.error(.lutSyntax, "'\(relative)': \(error.description)", at: path,
                          notes: ["a .cube file has LUT_3D_SIZE N (2...256), optional TITLE, DOMAIN_MIN and DOMAIN_MAX, then N³ rows of three numbers"])
            return false
        }
    }

    /// A note for each file of the folder that the template does not use. Documents (`.md`,
    /// `.txt`, licences), hidden files and `template.json` itself are not assets.
    mutating func reportUnusedAssets() {
        guard let root = AssetPath.realPath(folder) else { return }
        for relative in AssetPath.files(in: folder) where !Self.isDocument(relative) {
            guard let real = AssetPath.realPath(AssetPath.join(root, relative)), !usedAssets.contains(real) else { continue }
            context.diagnostics.report(Diagnostic(.note, .assetUnused, "'\(relative)' is in the template folder but nothing uses it",
                                                  at: SourceLocation(file: context.file, path: nil, position: nil),
                                                  notes: ["remove it, so that shared copies of the template stay small"]))
        }
    }

    static func isDocument(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        let lower = name.lowercased()
        return relative == TemplateLoader.fileName || lower.hasSuffix(".md") || lower.hasSuffix(".txt")
            || lower.hasPrefix("license") || lower.hasPrefix("licence") || lower.hasPrefix("readme")
    }
}
