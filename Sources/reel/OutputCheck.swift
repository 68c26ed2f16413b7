import FileAccess
import TemplateCore

/// The check every command makes before any work: no output may replace an input or another
/// output (see `OutputGuard`). A collision is a usage mistake: exit 2, nothing written.
enum OutputCheck {
    /// Throws when an output in `outputs` (label, path; nil paths are skipped) collides.
    static func check(_ outputs: [(String, String?)], inputs: [OutputGuard.Input]) throws {
        let named = outputs.compactMap { label, path in path.map { (label: label, path: $0) } }
        do { try OutputGuard(inputs: inputs).check(named) } catch {
            throw CommandFailure(message: error.description, status: .usage)
        }
    }

    /// Media operands as inputs: files, or folders whose files are read.
    static func media(_ paths: [String]) -> [OutputGuard.Input] {
        paths.map { FileKind.of($0) == .folder ? .folder($0) : .file($0) }
    }

    /// A timeline file and every file it reads.
    static func timeline(_ path: String, _ timeline: Timeline) -> [OutputGuard.Input] {
        [.file(path)] + timeline.referencedFiles.map { .file($0) }
    }
}
