import DocumentJSON
import DocumentLimits
import FileAccess
import Foundation
import TimelineModel

/// What loading a template found: the template when it is usable, and every finding.
package struct TemplateLoadResult: Sendable {
    /// Nil when any finding is an error.
    package var template: Template?
    /// Every finding, errors and warnings, in the order found; each names its file and place.
    package var diagnostics: [Diagnostic]
    /// Path of the `template.json` read, as diagnostics name it.
    package var templateFile: String

    /// `template` must be nil when any diagnostic is an error.
    package init(template: Template?, diagnostics: [Diagnostic], templateFile: String) {
        self.template = template
        self.diagnostics = diagnostics
        self.templateFile = templateFile
    }
}

/// Reads a template folder: `template.json` and the assets it names.
///
/// Loading never stops at the first problem: it reports all it finds, so an author fixes a template
/// in one round. Only a missing folder or file is thrown.
package enum TemplateLoader {
    /// Largest `template.json` read: templates are downloaded and untrusted.
    package static let maxFileSize = Limits.maxFileSize
    /// Deepest nesting of objects and arrays accepted.
    package static let maxDepth = Limits.maxDepth
    /// The file name that makes a folder a template; galleries and `reel validate` look for it too.
    package static let fileName = "template.json"

    /// Loads the template in `folder`; `inspector`, when given, checks that assets are readable
    /// as what they are used for (without it, only their paths are checked). `beats`, when given,
    /// replaces the music's beat grid: every time written in beats counts on it (a person's song,
    /// see `SongPlacement`), and the music's own beats are not analysed.
    package static func load(folder: String, inspector: (any AssetInspector)? = nil, beats: BeatGrid? = nil) throws(TemplateLoadError)
        -> TemplateLoadResult
    {
        guard let kind = FileKind.of(folder) else { throw .folderNotFound(path: folder) }
        guard kind == .folder else { throw .notAFolder(path: folder) }
        let file = AssetPath.join(folder, fileName)
        guard let fileKind = FileKind.of(file) else { throw .templateFileMissing(path: file) }
        guard fileKind == .regular else { throw .templateFileNotRegular(path: file, kind: fileKind.phrase) }
        // From here on, every file of this template is opened beneath its folder (see
        // ConfinedFolders): a link swapped in after validation cannot lead out of it.
        ConfinedFolders.confine(folder)
        let opened: ReadableFile
        do { opened = try ReadableFile(path: file) } catch {
            throw error.kind == .escapesFolder ? .templateFileOutside(path: file) : .unreadable(path: file, reason: error.reason)
        }
        if opened.size > maxFileSize {
            let diagnostic = Diagnostic(
                .error, .fileTooLarge, "template.json is \(opened.size) bytes; the limit is \(maxFileSize) (1 MiB)",
                at: SourceLocation(file: file), notes: ["keep media and other assets in their own files next to template.json"])
            return TemplateLoadResult(template: nil, diagnostics: [diagnostic], templateFile: file)
        }
        let bytes: [UInt8]
        do { bytes = try opened.readAll(limit: maxFileSize) } catch { throw .unreadable(path: file, reason: error.reason) }
        return decode(bytes: bytes, file: file, folder: folder, inspector: inspector, beats: beats)
    }

    /// Validates and decodes the bytes of a `template.json` that lives in `folder`
    /// (assets are checked there). `file` names it in diagnostics.
    package static func decode(
        bytes: [UInt8], file: String, folder: String, inspector: (any AssetInspector)? = nil, beats: BeatGrid? = nil
    ) -> TemplateLoadResult {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes: bytes, limits: .init(maxBytes: maxFileSize, maxDepth: maxDepth))
        } catch {
            return TemplateLoadResult(template: nil, diagnostics: [diagnostic(for: error, file: file)], templateFile: file)
        }
        var decoder = TemplateDecoder(document: document, file: file, folder: folder, inspector: inspector)
        decoder.givenBeats = beats
        let template = decoder.decode()
        let diagnostics = decoder.context.diagnostics.diagnostics
        let usable = diagnostics.contains { $0.severity == .error } ? nil : template
        return TemplateLoadResult(template: usable, diagnostics: diagnostics, templateFile: file)
    }

    static func diagnostic(for error: JSONSyntaxError, file: String) -> Diagnostic {
        let location = SourceLocation(file: file, path: nil, position: error.position)
        switch error.reason {
        case .tooLarge(let limit):
            return Diagnostic(
                .error, .fileTooLarge, "template.json is larger than \(limit) bytes", at: location,
                notes: ["keep media and other assets in their own files next to template.json"])
        case .tooDeep(let limit):
            return Diagnostic(
                .error, .nestingTooDeep, "objects and arrays are nested deeper than \(limit) levels",
                at: location, notes: ["a template needs only a few levels; look for brackets that are not closed"])
        case .syntax:
            return Diagnostic(
                .error, .jsonSyntax, "invalid JSON: \(error.message)", at: location,
                notes: ["check for a missing comma, quote or bracket just before this place"])
        }
    }
}
