import DocumentJSON
import Foundation

/// What a task's log says: the last progress line `reel render --progress json` wrote, and the
/// error it ended with. Only the log's tail is read, so following a long render costs the same
/// at its last frame as at its first.
struct TaskLog {
    /// The progress of a render stage: frames done and to do, frames a second.
    struct Progress: Equatable {
        var done: Int64
        var total: Int64
        var rate: Double
    }

    let path: String

    /// Bytes read from the end of the log: several progress lines, each under 200 bytes.
    static let tail = 4096

    /// The last complete line of the log's tail that starts with `prefix`.
    private func lastLine(startingWith prefix: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return nil }
        let start = end > UInt64(Self.tail) ? end - UInt64(Self.tail) : 0
        try? handle.seek(toOffset: start)
        guard let data = try? handle.readToEnd() else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        // The last line may still be being written: only lines followed by a newline count.
        let complete = data.last == UInt8(ascii: "\n") ? lines[...] : lines.dropLast()
        return complete.last { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// The render stage's latest progress, or nil before its first frame.
    var renderProgress: Progress? {
        guard let line = lastLine(startingWith: "{\"stage\":\"render\""), let o = (try? JSONParser.parse(line))?.root.objectValue,
            let done = o["done"]?.numberValue.flatMap({ Int64($0.text) }), let total = o["total"]?.numberValue.flatMap({ Int64($0.text) })
        else { return nil }
        return Progress(done: done, total: total, rate: o["rate"]?.numberValue.flatMap { Double($0.text) } ?? 0)
    }

    /// The error the task ended with (`reel: error: ...`), without the prefix.
    var error: String? {
        lastLine(startingWith: "reel: error: ").map { String($0.dropFirst("reel: error: ".count)) }
    }
}
