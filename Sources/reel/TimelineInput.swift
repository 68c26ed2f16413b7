import ReelKit

/// Reads a timeline file for a command, checked in full (its rules and its files) before any work.
///
/// Every problem is printed as a diagnostic (`file:line:col: error[CODE]: /pointer: message`);
/// the command then fails with status 3 (invalid) and writes nothing.
enum TimelineInput {
    static let maxPrinted = 100

    /// Its warnings (T065) are printed unless `quiet`.
    static func read(_ path: String, quiet: Bool = false) throws -> Timeline {
        let read: (timeline: Timeline, warnings: [Diagnostic])
        do { read = try Pipeline.readTimelineWarning(path) } catch {
            guard case .invalidTimeline(let error) = error else { throw error }
            // A hostile file may hold thousands of problems: the first ones say enough.
            for d in error.diagnostics.prefix(maxPrinted) { Console.err(d.location.file == nil ? "\(path): \(d)" : d.description) }
            let count = error.diagnostics.count
            if count > maxPrinted { Console.err("... and \(count - maxPrinted) more") }
            throw CommandFailure(
                message: "\(path): \(count) \(count == 1 ? "problem" : "problems") in the timeline; nothing was written",
                status: .invalid)
        }
        if !quiet { for d in read.warnings { Console.err(d.description) } }
        return read.timeline
    }
}
