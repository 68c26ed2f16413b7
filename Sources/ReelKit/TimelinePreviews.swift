import FileAccess
import Foundation
import MediaFacts
import MediaIO
import PreviewEngine
import TimelineModel

/// Frames of timeline files on demand, for a player that scrubs: the few timelines last asked for
/// stay open (`capacity` sessions, least recently used let go first), their media probed and
/// decoders made once, so a frame costs its decode and drawing only.
///
/// The timeline's file is read again at every request and its session made anew when the text
/// changed (an edit through the API or `reel edit`), so a frame always shows the timeline as it
/// is. A frame is the one `reel poster --at <n>f --width W` writes, pixel for pixel.
public final class TimelinePreviews: Sendable {
    private let sessions: SessionCache<FrameSession>
    private let proxies: ProxyStore?

    /// - Parameters:
    ///   - capacity: timelines kept open at once (each holds its decoders and pictures).
    ///   - proxies: the folder of preview proxies (made there in the background the first time a
    ///     video is previewed, then read instead of it); nil to read the originals always.
    public init(capacity: Int = 4, proxies: String? = nil) {
        sessions = SessionCache(capacity: capacity)
        self.proxies = proxies.map(ProxyStore.init(folder:))
    }

    /// Whether no proxy is waiting or being made.
    public var proxiesIdle: Bool { proxies?.isIdle ?? true }

    /// Frame `index` of the timeline file at `path`, about `height` lines high (the width from the
    /// canvas's aspect, both even), as a PNG; `.outOfRange` when the timeline has no such frame.
    /// `key` names the timeline's session (its path when nil); with `originals`, no proxy is read
    /// (the frame is then `reel poster`'s exactly; a proxy's is close to it, not equal).
    public func frame(
        timeline path: String, key: String? = nil, index: Int64, height: Int, originals: Bool = false
    ) throws(ReelError) -> PreviewFrameResult {
        let text: String
        do { text = try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch { throw .file(error) }
        let body: (FrameSession?) throws(ReelError) -> (session: FrameSession, value: PreviewFrameResult) = { kept throws(ReelError) in
            let session: FrameSession
            if let kept { session = kept } else { session = try Self.open(text, path: path, proxies: self.proxies) }
            return (session, try Self.draw(session, index: index, height: height, originals: originals, name: path))
        }
        return try sessions.with(key ?? path, version: text, body)
    }

    /// Frame `index` of `session`'s timeline as a PNG, or its length when it has no such frame.
    private static func draw(
        _ session: FrameSession, index: Int64, height: Int, originals: Bool, name: String
    ) throws(ReelError) -> PreviewFrameResult {
        let count = session.timeline.frameCount
        guard index >= 0, index < count else { return .outOfRange(frameCount: count) }
        do {
            let image = try session.image(frame: index, height: height, originals: originals)
            let png = try PNGFile.encode(image, name: name)
            return .frame(PreviewFrame(index: index, frameCount: count, width: image.width, height: image.height, png: png))
        } catch {
            throw ReelError(wrapping: error)
        }
    }

    /// Timelines kept open, by key, the most recently used last.
    public var openTimelines: [String] { sessions.keys }

    /// The session of `text`, read and checked in full as `reel poster` reads the file.
    private static func open(_ text: String, path: String, proxies: ProxyStore?) throws(ReelError) -> FrameSession {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            let timeline = try TimelineCodec.decode(text, file: path, timelineFolder: folder.isEmpty ? "." : folder, files: TimelineMediaCheck.check)
            return FrameSession(timeline: timeline, proxies: proxies)
        } catch { throw .invalidTimeline(error) }
    }
}

/// What a frame request gives: the frame, or the timeline's length when it has no such frame.
public enum PreviewFrameResult: Sendable {
    case frame(PreviewFrame)
    case outOfRange(frameCount: Int64)
}

/// One frame of a timeline as a PNG, with where it lies.
public struct PreviewFrame: Sendable {
    /// The frame's index, from 0.
    public let index: Int64
    /// Frames in the timeline.
    public let frameCount: Int64
    /// The picture's width in pixels (even).
    public let width: Int
    /// The picture's height in pixels (even; within two of the height asked, unless that would make the width under 16).
    public let height: Int
    /// The PNG file's bytes.
    public let png: [UInt8]
}
