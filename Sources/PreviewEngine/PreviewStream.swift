import FileAccess
import Foundation
import RenderCore
import TimelineModel

/// A timeline played from a frame, rendered on a thread of its own into a pipe whose bytes a
/// reader takes as they come (`PreviewEncoding`: fragmented MP4 a browser plays progressively).
///
/// The pipe holds the render to the reader's pace. `close` (the client went away, or it read to
/// the end) stops the render at its next frame or its next write, and the thread ends.
package final class PreviewStream: @unchecked Sendable {
    private let readEnd: Int32
    private let lock = NSLock()
    private var closed = false
    private let stopped = StopFlag()

    /// Starts rendering frames `first ..< timeline.frameCount` at `height` lines; `name` labels errors.
    package init(timeline: Timeline, from first: Int64, height: Int, name: String) throws(FileAccessError) {
        let ends = try PipeEnds(name: name)
        readEnd = ends.read
        let writeEnd = ends.write
        let stopped = self.stopped
        let thread = Thread {
            // A failure (the reader gone: a broken pipe, or a cancel) ends the stream where it is.
            _ = try? PreviewEncoding.stream(timeline, from: first, height: height, to: writeEnd, name: name) { stopped.isSet }
            Glibc.close(writeEnd)
            stopped.finished()
        }
        thread.name = "reel-preview-stream"
        thread.start()
    }

    deinit { close() }

    /// The next bytes of the stream, waiting for them: their count, 0 at the end, -1 on failure.
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = Glibc.read(readEnd, base, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { return -1 }
        }
    }

    /// Stops the render (at its next frame or write) and closes the reading end; once.
    package func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        stopped.set()
        Glibc.close(readEnd)
    }

    /// Whether the render thread has ended (for tests that check nothing is left running).
    package var hasFinished: Bool { stopped.hasFinished }
}

/// Set once by the reader's side, read by the render thread at every frame.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var ended = false
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    var hasFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ended
    }
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
    func finished() {
        lock.lock()
        ended = true
        lock.unlock()
    }
}
