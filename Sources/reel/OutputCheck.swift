import ReelKit

/// The check every command makes before any work: no output may replace an input or another
/// output (see `OutputGuard`). A collision is a usage mistake: exit 2, nothing written.
enum OutputCheck {
    /// Throws when an output in `outputs` (label, path; nil paths are skipped) collides
    /// (`Pipeline.checkOutputs`; the command line maps the collision to exit 2).
    static func check(_ outputs: [(String, String?)], inputs: [OutputGuard.Input]) throws {
        try Pipeline.checkOutputs(outputs.compactMap { label, path in path.map { (label: label, path: $0) } }, inputs: inputs)
    }

    /// Media operands as inputs: files, or folders whose files are read.
    static func media(_ paths: [String]) -> [OutputGuard.Input] { paths.map(OutputGuard.Input.media) }

    /// The files options name that a run reads (`--text-file`, `--captions`, ...), as inputs.
    static func givenFiles(_ paths: [String?]) -> [OutputGuard.Input] {
        paths.compactMap { $0 }.map { .file($0) }
    }

    /// A timeline file and every file it reads.
    static func timeline(_ path: String, _ timeline: Timeline) -> [OutputGuard.Input] {
        OutputGuard.Input.timeline(path, timeline)
    }
}
