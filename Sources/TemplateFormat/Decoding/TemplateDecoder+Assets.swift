import DocumentJSON
import DocumentLimits
import EffectCatalog
import FileAccess
import Foundation

/// Asset files: their paths stay inside the folder, LUTs are parsed here, audio, pictures and fonts
/// are checked by the caller's `AssetInspector`. Files of the folder that nothing uses are noted,
/// except those a fix note proposes; a note that proposes a file proposes one fit for its role.
extension TemplateDecoder {
    /// True when `relative` names a regular file inside the template folder, readable as what
    /// `role` needs; reports why not. Records the file as used.
    mutating func checkAsset(_ relative: String, at path: JSONPath, role: AssetRole) -> Bool {
        guard let problem = AssetPath.problem(with: relative, in: folder) else {
            return checkContent(relative, at: path, kind: role.kind)
        }
        let inside = "write a path relative to the template folder, such as \"\(role.example)\", and keep the file inside the folder"
        switch problem {
        case .empty:
            context.error(.emptyText, "the file path is empty", at: path, notes: [inside])
        case .holdsNUL:
            context.error(
                .pathHoldsNUL, "'\(PathBytes.display(relative.replacing("\0", with: "\\0")))': \(PathBytes.nulReason)", at: path, notes: [inside])
        case .absolute:
            context.error(.assetPathOutside, "'\(relative)' is an absolute path", at: path, notes: [inside])
        case .climbsOut:
            context.error(
                .assetPathOutside, "'\(relative)' uses '..'; asset paths must stay inside the template folder", at: path,
                notes: [inside])
        case .linksOutside(let target):
            context.error(
                .assetPathOutside, "'\(relative)' is a symbolic link that leads outside the template folder (to \(target))",
                at: path, notes: ["copy the file into the template folder instead of linking to it"])
        case .missing:
            var notes = ["check the spelling, or add the file to the template folder"]
            // Only files of the right kind: a missing track is never "meant" to be a picture.
            if let guess = Suggestion.closest(to: relative, among: AssetPath.files(in: folder).filter(role.names)) {
                notes.insert("did you mean '\(guess)'?", at: 0)
                propose(guess)
            }
            context.error(.assetMissing, "'\(relative)' does not exist in the template folder", at: path, notes: notes)
        case .notRegularFile:
            context.error(
                .assetNotRegularFile, "'\(relative)' is not a regular file", at: path,
                notes: ["name \(role.description), not a folder"])
        }
        return false
    }

    /// The fix note for a missing file key: the folder's files fit for `role` (a mask is proposed
    /// among grayscale PNGs only), or, when it has none, an example path of the right kind.
    mutating func proposeFile(for key: String, role: AssetRole) -> [String] {
        let fit = role.candidates(in: folder, inspector: inspector)
        guard let first = fit.first else {
            return ["add \"\(key)\": \"\(role.example)\" and put \(role.description) there in the template folder"]
        }
        let shown = fit.prefix(3)
        for file in shown { propose(file) }
        let others = shown.dropFirst().map { "'\($0)'" }
        var note = "add \"\(key)\": \"\(first)\""
        note +=
            others.isEmpty
            ? ", \(role.description) of the template folder"
            : " (or \(others.joined(separator: ", "))), each \(role.description) of the template folder"
        return [note]
    }

    /// Records a file a note proposes, so that the same report does not call it unused.
    private mutating func propose(_ relative: String) {
        if let real = AssetPath.realPath(AssetPath.join(folder, relative)) { proposedAssets.insert(real) }
    }

    static func article(_ kind: AssetKind) -> String {
        switch kind {
        case .audio: "an audio"
        case .image: "a PNG"
        case .lut: "a .cube"
        case .font: "a font"
        case .captions: "a caption"
        }
    }

    /// True when the file (already known to be inside the folder) is readable as `kind`.
    mutating func checkContent(_ relative: String, at path: JSONPath, kind: AssetKind) -> Bool {
        let full = AssetPath.join(folder, relative)
        if let real = AssetPath.realPath(full) { usedAssets.insert(real) }
        switch kind {
        case .lut:
            return checkLUT(full, relative: relative, at: path)
        case .captions:
            return checkCaptions(full, relative: relative, at: path)
        case .audio, .image, .font:
            guard let inspector, let problem = inspector.problem(with: full, as: kind) else { return true }
            context.error(
                .assetUnreadable, "'\(relative)' is not readable as \(Self.article(kind)) file: \(problem)", at: path,
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
        case .captions: "use an SRT or WebVTT file, or a JSON array of { \"word\", \"start\", \"end\" }"
        }
    }

    private mutating func checkLUT(_ full: String, relative: String, at path: JSONPath) -> Bool {
        let text: String
        do { text = try ReadableFile.text(full, limit: Limits.maxLUTFileSize) } catch {
            if error.kind == .tooLarge {
                context.error(
                    .lutSyntax, "'\(relative)' is larger than \(Limits.maxLUTFileSize >> 20) MiB, the most a .cube file may be",
                    at: path, notes: ["use a LUT of at most 129 points per axis (LUT_3D_SIZE 129); 33 or 65 is usual"])
            } else {
                context.error(
                    .lutSyntax, "'\(relative)' cannot be read as UTF-8 text: \(error.reason)", at: path, notes: ["a .cube LUT is a text file"])
            }
            return false
        }
        do {
            _ = try CubeLUT.parse(text)
            return true
        } catch {
            context.error(
                .lutSyntax, "'\(relative)': \(error.description)", at: path,
                notes: ["a .cube file has LUT_3D_SIZE N (2...256), optional TITLE, DOMAIN_MIN and DOMAIN_MAX, then N³ rows of three numbers"])
            return false
        }
    }
}
