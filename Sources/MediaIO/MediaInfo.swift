import MediaTime

/// Facts about one media file, as read by `MediaProbe`.
public struct MediaInfo: Sendable, Hashable {
    package let path: String
    /// FFmpeg's name of the container format (`mov,mp4,m4a,3gp,3g2,mj2`, `jpeg_pipe`, ...).
    package let container: String
    /// True for a single picture (JPEG, PNG, WebP): it has no time of its own.
    package let isStillImage: Bool
    /// Playable length of the file; nil for a still image or when the file does not say.
    package let duration: RationalTime?
    package let video: VideoStreamInfo?
    package let audio: [AudioStreamInfo]
    /// When the media was recorded, from container metadata or EXIF, as written there.
    package let creationTime: String?

    package var hasAudio: Bool { !audio.isEmpty }
}

/// The video (or picture) stream of a file.
package struct VideoStreamInfo: Sendable, Hashable {
    package let codec: String
    /// Size of the decoded pixels.
    package let codedWidth: Int
    package let codedHeight: Int
    /// Clockwise rotation and mirror to apply on display (display matrix, or EXIF for pictures).
    package let rotation: Int
    package let mirrored: Bool
    /// Nominal frame rate; nil for a still image.
    package let frameRate: FrameRate?
    /// FFmpeg's pixel format name (`yuv420p`, `yuvj420p`, `rgba`, ...).
    package let pixelFormat: String
    /// `limited`, `full` or `unknown`.
    package let colorRange: String
    package let duration: RationalTime?
    /// Number of frames when the container records it.
    package let frameCount: Int64?
    /// Sample aspect ratio (pixel shape), 1/1 for square pixels.
    let sampleAspect: (num: Int, den: Int)
    /// SDR, or the HDR signal (HLG, PQ) that is tone-mapped to SDR when the video is drawn.
    package var dynamicRange: DynamicRange = .sdr

    /// Size as displayed: rotated by a quarter turn when the rotation asks, and stretched by a non-square pixel shape.
    package var displayWidth: Int {
        let w = sampleAspect.num > 0 && sampleAspect.den > 0 ? codedWidth * sampleAspect.num / sampleAspect.den : codedWidth
        return rotation % 180 == 0 ? w : codedHeight
    }

    package var displayHeight: Int {
        let w = sampleAspect.num > 0 && sampleAspect.den > 0 ? codedWidth * sampleAspect.num / sampleAspect.den : codedWidth
        return rotation % 180 == 0 ? codedHeight : w
    }

    package static func == (a: VideoStreamInfo, b: VideoStreamInfo) -> Bool {
        a.codec == b.codec && a.codedWidth == b.codedWidth && a.codedHeight == b.codedHeight && a.rotation == b.rotation
            && a.mirrored == b.mirrored && a.frameRate == b.frameRate && a.pixelFormat == b.pixelFormat
            && a.colorRange == b.colorRange && a.duration == b.duration && a.frameCount == b.frameCount
            && a.sampleAspect == b.sampleAspect && a.dynamicRange == b.dynamicRange
    }

    package func hash(into h: inout Hasher) {
        h.combine(codec)
        h.combine(codedWidth)
        h.combine(codedHeight)
        h.combine(rotation)
        h.combine(duration)
    }
}

/// An audio stream of a file.
package struct AudioStreamInfo: Sendable, Hashable {
    package let codec: String
    package let sampleRate: Int
    package let channels: Int
    package let duration: RationalTime?
}
