import DocumentJSON
import DocumentLimits
import FileAccess
import Foundation
import MediaTime

/// Reads and writes timeline files (see docs/timeline-format.md).
///
/// The text is deterministic and exact: `decode(encode(t)) == t`, and encoding a decoded canonical
/// text gives the same bytes. Media paths are written relative to the folder the timeline is
/// written to, and resolved against the folder it is read from, so a project folder can move.
package enum TimelineCodec {
    /// Largest timeline file read.
    package static let maxFileSize = Limits.maxTimelineFileSize

    /// The timeline as JSON text. With `mediaRelativeTo` (the folder the file will be written to),
    /// media paths are written relative to it (relative paths in the model are taken from the current
    /// directory); without it, they are written as they are.
    package static func encode(_ timeline: Timeline, mediaRelativeTo baseFolder: String? = nil) -> String {
        let mediaPath: (String) -> String = { path in
            guard let baseFolder else { return path }
            return MediaPathText.relative(path, from: baseFolder)
        }
        return JSONWriter.write(TimelineEncoder.value(of: timeline, mediaPath: mediaPath))
    }

    /// Reads timeline text and checks all of it (see `TimelineDecoder`): the error lists every
    /// problem. `file` names it in errors; with `timelineFolder`, relative media paths are resolved
    /// against that folder, else kept as written.
    /// With `files`, the files the timeline names are checked too (see `TimelineFileCheck`).
    package static func decode(
        _ text: String, file: String? = nil, timelineFolder: String? = nil,
        files: TimelineFileCheck? = nil
    ) throws(TimelineCodingError) -> Timeline {
        try read(text, file: file, timelineFolder: timelineFolder, files: files).timeline
    }

    /// `decode`, and the document the timeline was read from (upgraded), to place warnings in.
    static func read(
        _ text: String, file: String?, timelineFolder: String?, files: TimelineFileCheck?
    ) throws(TimelineCodingError) -> (timeline: Timeline, document: JSONDocument) {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(text, limits: .init(maxBytes: maxFileSize, maxDepth: Limits.maxDepth))
        } catch {
            switch error.reason {
            case .tooLarge(let limit):
                throw TimelineCodingError(
                    file: file, path: nil, position: nil, message: "the timeline is larger than \(limit) bytes", code: .fileTooLarge,
                    notes: ["a timeline of the longest video is far smaller; split it or remove what repeats"])
            case .tooDeep(let limit):
                throw TimelineCodingError(
                    file: file, path: nil, position: error.position, message: "objects and arrays are nested deeper than \(limit) levels",
                    code: .nestingTooDeep, notes: ["a timeline nests a few levels; remove the extra brackets"])
            case .syntax:
                throw TimelineCodingError(
                    file: file, path: nil, position: error.position, message: "invalid JSON: \(error.message)", code: .jsonSyntax,
                    notes: ["fix the JSON syntax at this place"])
            }
        }
        let mediaPath: (String) -> String = { path in
            guard let timelineFolder else { return path }
            return MediaPathText.resolve(path, against: timelineFolder)
        }
        // Older formats are brought up to the current one on the untyped tree, their problems kept
        // with the typed reading's and placed in the original text.
        let problems = TimelineProblems()
        let upgraded = try TimelineUpgrade.upgrade(document, reader: TimelineReader(document: document, file: file, problems: problems))
        let reader = TimelineReader(document: upgraded, file: file, problems: problems)
        return (try TimelineDecoder(reader: reader, mediaPath: mediaPath, fileCheck: files).decode(), upgraded)
    }

    /// Reads the timeline file at `path`, resolving media paths against its folder.
    package static func decode(contentsOfFile path: String, files: TimelineFileCheck? = nil) throws(TimelineCodingError) -> Timeline {
        try decode(contentsOfFile: path, files: files, warnings: { _ in [] }).timeline
    }

    /// Reads the timeline file at `path` as `decode(contentsOfFile:files:)` does, and gives the
    /// warnings `warnings` finds in the timeline read (a font family not installed), each placed
    /// in the file as its problems are: they do not stop it from rendering.
    package static func decode(
        contentsOfFile path: String, files: TimelineFileCheck?, warnings: TimelineFileCheck
    ) throws(TimelineCodingError) -> (timeline: Timeline, warnings: [Diagnostic]) {
        // Opened as every input is: a FIFO or device is refused at once instead of read forever.
        let text: String
        do { text = try ReadableFile.text(path, limit: maxFileSize) } catch {
            let code: DiagnosticCode = error.kind == .tooLarge ? .fileTooLarge : .timelineUnreadable
            throw TimelineCodingError(file: path, path: nil, position: nil, message: error.reason, code: code)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let (timeline, document) = try read(text, file: path, timelineFolder: folder.isEmpty ? "." : folder, files: files)
        let found = warnings(timeline).map { w in
            Diagnostic(
                .warning, w.code, w.message, at: SourceLocation(file: path, path: w.path, position: document.position(of: w.path)),
                notes: [w.fix])
        }
        return (timeline, found)
    }
}

/// What a reader of a timeline file checks of the files it names (that each exists and is what
/// its field needs), or warns of (fonts not installed): TemplateCore knows no files, so the caller
/// that opens them says, as problems placed at the paths that name them.
package typealias TimelineFileCheck = @Sendable (Timeline) -> [TimelineProblem]
