import FileAccess
import PreviewEngine

/// A timeline played from a frame as fragmented MP4 (H.264 and AAC) made while it is read, for a
/// browser's `<video>`: `read` gives the bytes as the render makes them, `close` stops it.
public final class TimelineStream: Sendable {
    private let stream: PreviewStream
    /// Frames the stream carries: from the first asked to the timeline's end.
    public let frameCount: Int64

    init(_ stream: PreviewStream, frameCount: Int64) {
        self.stream = stream
        self.frameCount = frameCount
    }

    deinit { stream.close() }

    /// The next bytes, waiting for them: their count, 0 at the end, negative on failure.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int { stream.read(into: buffer) }

    /// Stops the render and lets go of the stream; call it when the reader goes away.
    public func close() { stream.close() }

    /// Whether the render has ended (read to the end, or stopped by `close`).
    public var hasFinished: Bool { stream.hasFinished }
}

/// What a stream request gives: the stream, or the timeline's length when it has no such frame.
public enum TimelineStreamResult: Sendable {
    case stream(TimelineStream)
    case outOfRange(frameCount: Int64)
}

extension TimelinePreviews {
    /// The timeline file at `path` played from frame `first`, `height` lines high (the width from
    /// the canvas, both even), read from its originals; rendered on a thread of its own as it is read.
    public func stream(timeline path: String, from first: Int64, height: Int) throws(ReelError) -> TimelineStreamResult {
        let timeline = try Pipeline.readTimeline(path)
        guard first >= 0, first < timeline.frameCount else { return .outOfRange(frameCount: timeline.frameCount) }
        do {
            let stream = try PreviewStream(timeline: timeline, from: first, height: height, name: path)
            return .stream(TimelineStream(stream, frameCount: timeline.frameCount - first))
        } catch { throw .file(error) }
    }
}
