import MediaTime

/// What the resolver knows of one media file: facts gathered by probing, never the file itself.
///
/// Keeping the resolver on facts lets it be tested with fabricated assets, without FFmpeg, and
/// lets a batch service probe once and resolve many times.
public struct MediaAsset: Sendable, Hashable {
    /// The path as the user gave it (or as found in a folder they gave).
    public var path: String
    public var kind: MediaKind
    /// Exact playable length of a video; nil for a still image.
    public var duration: RationalTime?
    /// Width and height as displayed, after `orientation` is applied.
    public var displayWidth: Int
    public var displayHeight: Int
    public var orientation: Orientation
    /// Nominal frame rate of a video; nil for a still image.
    public var frameRate: FrameRate?
    public var hasAudio: Bool
    /// When the picture was taken, as written in the container or EXIF metadata (ISO 8601 when possible).
    public var captureDate: String?

    public init(path: String, kind: MediaKind, duration: RationalTime?, displayWidth: Int, displayHeight: Int,
                orientation: Orientation = .upright, frameRate: FrameRate? = nil, hasAudio: Bool = false,
                captureDate: String? = nil) {
        self.path = path
        self.kind = kind
        self.duration = duration
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.orientation = orientation
        self.frameRate = frameRate
        self.hasAudio = hasAudio
        self.captureDate = captureDate
    }

    public var isPortrait: Bool { displayHeight > displayWidth }
}
