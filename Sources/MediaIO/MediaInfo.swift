import MediaTime

/// Facts about one media file, as read by `MediaProbe`.
public struct MediaInfo: Sendable, Hashable {
    /// The file probed, as the caller named it.
    package let path: String
    /// FFmpeg's name of the container format (`mov,mp4,m4a,3gp,3g2,mj2`, `jpeg_pipe`, ...).
    package let container: String
    /// True for a single picture (JPEG, PNG, WebP): it has no time of its own.
    package let isStillImage: Bool
    /// Playable length of the file; nil for a still image or when the file does not say.
    package let duration: RationalTime?
    /// The best video or picture stream; nil for an audio-only file.
    package let video: VideoStreamInfo?
    /// Every audio stream, in file order; empty when the file is silent.
    package let audio: [AudioStreamInfo]
    /// When the media was recorded, from container metadata or EXIF, as written there.
    package let creationTime: String?

    /// Whether the file has any audio stream (decodable or not).
    package var hasAudio: Bool { !audio.isEmpty }
}

/// The video (or picture) stream of a file.
package struct VideoStreamInfo: Sendable, Hashable {
    /// FFmpeg's codec name (`h264`, `hevc`, `mjpeg`, `png`).
    package let codec: String
    /// Size of the decoded pixels.
    package let codedWidth: Int
    /// Height of the decoded pixels, before rotation.
    package let codedHeight: Int
    /// Clockwise rotation and mirror to apply on display (display matrix, or EXIF for pictures).
    package let rotation: Int
    /// Whether the picture is shown mirrored left to right, after it is turned by `rotation`.
    package let mirrored: Bool
    /// Nominal frame rate; nil for a still image.
    package let frameRate: FrameRate?
    /// FFmpeg's pixel format name (`yuv420p`, `yuvj420p`, `rgba`, ...).
    package let pixelFormat: String
    /// `limited`, `full` or `unknown`.
    package let colorRange: String
    /// Length of the stream when the file says; may differ from the container's.
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

    /// Displayed height: rotated by a quarter turn when the rotation asks, stretched as `displayWidth`.
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
    /// FFmpeg's codec name (`aac`, `mp3`, `pcm_s16le`).
    package let codec: String
    /// Source sample rate in Hz; decoding resamples to `AudioDecoder.sampleRate`.
    package let sampleRate: Int
    /// Source channel count; decoding mixes to stereo.
    package let channels: Int
    /// Length of the stream when the file says.
    package let duration: RationalTime?
}
