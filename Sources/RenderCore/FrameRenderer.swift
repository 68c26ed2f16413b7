import MediaIO
import MediaTime
import TemplateCore

/// Draws output frames of a timeline: the one place pictures are made, for export and previews alike.
public final class FrameRenderer {
    public let timeline: Timeline
    public let planner: FramePlanner
    /// Size frames are drawn at (the canvas, or smaller for previews and drafts).
    public let width: Int
    public let height: Int
    private let sources: MediaSources
    private let scaler: FrameScaler
    private let background: YCbCr
    /// Still clips drawn once at output size: they do not change from frame to frame.
    private var stillCache: [Int: Picture] = [:]

    /// - Parameters:
    ///   - baseFolder: folder that relative media paths in the timeline are resolved against.
    ///   - width, height: output size; defaults to the canvas. Rounded down to even.
    ///   - fast: cheaper scaling, for drafts and thumbnails.
    public init(timeline: Timeline, baseFolder: String? = nil, width: Int? = nil, height: Int? = nil, fast: Bool = false) {
        self.timeline = timeline
        planner = FramePlanner(timeline: timeline)
        self.width = max(2, (width ?? timeline.canvas.width) & ~1)
        self.height = max(2, (height ?? timeline.canvas.height) & ~1)
        sources = MediaSources(baseFolder: baseFolder)
        scaler = FrameScaler(fast: fast)
        let bg = timeline.canvas.background
        background = YCbCr(red: bg.red, green: bg.green, blue: bg.blue)
    }

    public func makePicture() -> Picture { Picture(width: width, height: height) }

    /// Draws output frame `index` into `picture` (which must be `width` x `height`).
    public func render(frame index: Int64, into picture: Picture) throws(RenderError) {
        picture.fill(y: background.y, u: background.cb, v: background.cr)
        let rect = PixelRect(x: 0, y: 0, width: width, height: height)
        for layer in planner.plan(frame: index).layers {
            let clip = timeline.clips[layer.clipIndex]
            let placement = Placement(rotation: clip.orientation.rotation, mirrored: clip.orientation.mirrored, cover: clip.fit == .cover)
            do {
                switch clip.kind {
                case .image:
                    if let cached = stillCache[layer.clipIndex] {
                        picture.copy(from: cached)
                        continue
                    }
                    let still = try sources.still(clip.media)
                    try scaler.draw(still, placement: placement, into: picture, rect: rect)
                    let copy = makePicture()
                    copy.copy(from: picture)
                    stillCache = [layer.clipIndex: copy]
                case .video:
                    let frame = try sources.videoFrame(clip.media, at: layer.sourceTime)
                    try scaler.draw(frame, placement: placement, into: picture, rect: rect)
                }
            } catch {
                throw RenderError(media: error, clip: clip.id, frame: index)
            }
        }
    }
}

/// A failure while rendering, naming the clip and output frame, around the media error that caused it.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public let media: MediaError
    public let clip: String?
    public let frame: Int64?

    public init(media: MediaError, clip: String? = nil, frame: Int64? = nil) {
        self.media = media
        self.clip = clip
        self.frame = frame
    }

    public var description: String {
        var s = media.description
        if let clip { s += " (clip \(clip)" + (frame.map { ", output frame \($0))" } ?? ")") }
        return s
    }
}
