import MediaTime

/// Facts about one media file, as read by `MediaProbe`.
public struct MediaInfo: Sendable, Hashable {
    public let path: String
    /// FFmpeg's name of the container format (`mov,mp4,m4a,3gp,3g2,mj2`, `jpeg_pipe`, ...).
    public let container: String
    /// True for a single picture (JPEG, PNG, WebP): it has no time of its own.
    public let isStillImage: Bool
    /// Playable length of the file; nil for a still image or when the file does not say.
    public let duration: RationalTime?
    public let video: VideoStreamInfo?
    public let audio: [AudioStreamInfo]
    /// When the media was recorded, from container metadata or EXIF, as written there.
    public let creationTime: String?

    public var hasAudio: Bool { !audio.isEmpty }
}

/// The video (or picture) stream of a file.
public struct VideoStreamInfo: Sendable, Hashable {
    public let codec: String
    /// Size of the decoded pixels.
    public let codedWidth: Int
    public let codedHeight: Int
    /// Clockwise rotation and mirror to apply on display (display matrix, or EXIF for pictures).
    public let rotation: Int
    public let mirrored: Bool
    /// Nominal frame rate; nil for a still image.
    public let frameRate: FrameRate?
    /// FFmpeg's pixel format name (`yuv420p`, `yuvj420p`, `rgba`, ...).
    public let pixelFormat: String
    /// `limited`, `full` or `unknown`.
    public let colorRange: String
    public let duration: RationalTime?
    /// Number of frames when the container records it.
    public let frameCount: Int64?
    /// Sample aspect ratio (pixel shape), 1/1 for square pixels.
    public let sampleAspect: (num: Int, den: Int)
    /// SDR, or the HDR signal (HLG, PQ) that is tone-mapped to SDR when the video is drawn.
    public var dynamicRange: DynamicRange = .sdr

    /// Size as displayed: rotated by a quarter turn when the rotation asks, and stretched by a non-square pixel shape.
    public var displayWidth: Int {
        let w = sampleAspect.num > 0 && sampleAspect.den > 0 ? codedWidth * sampleAspect.num / sampleAspect.den : codedWidth
        return rotation % 180 == 0 ? w : codedHeight
    }

    public var displayHeight: Int {
        let w = sampleAspect.num > 0 && sampleAspect.den > 0 ? codedWidth * sampleAspect.num / sampleAspect.den : codedWidth
        return rotation % 180 == 0 ? codedHeight : w
    }

    public static func == (a: VideoStreamInfo, b: VideoStreamInfo) -> Bool {
        a.codec == b.codec && a.codedWidth == b.codedWidth && a.codedHeight == b.codedHeight && a.rotation == b.rotation
            && a.mirrored == b.mirrored && a.frameRate == b.frameRate && a.pixelFormat == b.pixelFormat
            && a.colorRange == b.colorRange && a.duration == b.duration && a.frameCount == b.frameCount
            && a.sampleAspect == b.sampleAspect && a.dynamicRange == b.dynamicRange
    }

    public func hash(into h: inout Hasher) {
        h.combine(codec)
        h.combine(codedWidth)
        h.combine(codedHeight)
        h.combine(rotation)
        h.combine(duration)
    }
}

/// An audio stream of a file.
public struct AudioStreamInfo: Sendable, Hashable {
    public let codec: String
    public let sampleRate: Int
    public let channels: Int
    public let duration: RationalTime?
}
