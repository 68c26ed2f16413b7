import ReelKit

/// Writes timeline files (`Pipeline.writeTimeline`: atomically, media paths relative to the file).
enum TimelineFile {
    static func write(_ timeline: Timeline, to path: String) throws {
        try Pipeline.writeTimeline(timeline, to: path)
    }
}
