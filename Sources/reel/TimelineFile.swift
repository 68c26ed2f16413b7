import Foundation
import MediaIO
import TemplateCore

/// Writes timeline files atomically, with media paths relative to the file's folder.
enum TimelineFile {
    static func write(_ timeline: Timeline, to path: String) throws {
        let text = TimelineCodec.encode(timeline, mediaRelativeTo: Workflow.folder(of: path))
        let output = try AtomicFile(path: path)
        try output.write(Array(text.utf8))
        try output.commit()
    }
}
