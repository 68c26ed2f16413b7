import MediaTime
import Subjects
import TemplateFormat
import TimelineModel

/// What the resolver knows of one media file: facts gathered by probing, never the file itself.
///
/// Keeping the resolver on facts lets it be tested with fabricated assets, without FFmpeg, and
/// lets a batch service probe once and resolve many times.
public struct MediaAsset: Sendable, Hashable {
    /// The path as the user gave it (or as found in a folder they gave).
    package var path: String
    /// Video or still image; decides which slots it may fill and whether it has a length.
    package var kind: MediaKind
    /// Exact playable length of a video; nil for a still image.
    package var duration: RationalTime?
    /// Width and height as displayed, after `orientation` is applied.
    package var displayWidth: Int
    /// Height as displayed, in pixels; with `displayWidth`, the shape slots prefer and framing measures.
    package var displayHeight: Int
    /// How the stored picture is turned and mirrored for display; copied into the clip so the renderer applies it.
    package var orientation: Orientation
    /// Nominal frame rate of a video; nil for a still image.
    package var frameRate: FrameRate?
    /// True when the file has a sound stream; an editor gives a clip of media without one a volume of 0.
    package var hasAudio: Bool
    /// When the picture was taken, as `YYYY-MM-DDTHH:MM:SS`: in UTC with a `Z` when the file says its
    /// offset (every video container, EXIF with `OffsetTimeOriginal`), else local time as written.
    package var captureDate: String?
    /// How watchable each whole second of a video is, 0 (black, blurred or frozen) to 1, from the
    /// cheap analysis pass; nil when not analysed. Only `whenLonger: best` reads it.
    package var segmentScores: [Double]?
    /// Faces and salient regions over the file's length, from the subject analysis; nil when not
    /// analysed. Only `fit: "smart"` (and `--reframe smart`) reads it.
    package var subjects: MediaSubjects?

    /// Photos take a nil `duration` and `frameRate`; the analysis results stay nil when the pass did not run.
    public init(
        path: String, kind: MediaKind, duration: RationalTime?, displayWidth: Int, displayHeight: Int,
        orientation: Orientation = .upright, frameRate: FrameRate? = nil, hasAudio: Bool = false,
        captureDate: String? = nil, segmentScores: [Double]? = nil, subjects: MediaSubjects? = nil
    ) {
        self.path = path
        self.kind = kind
        self.duration = duration
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.orientation = orientation
        self.frameRate = frameRate
        self.hasAudio = hasAudio
        self.captureDate = captureDate
        self.segmentScores = segmentScores
        self.subjects = subjects
    }

    var isPortrait: Bool { displayHeight > displayWidth }

    /// The shape of the picture as displayed; within 5 % of square counts as square.
    package var shape: PreferredOrientation {
        let w = Double(displayWidth)
        let h = Double(displayHeight)
        guard w > 0, h > 0 else { return .any }
        if abs(w - h) <= 0.05 * max(w, h) { return .square }
        return h > w ? .portrait : .landscape
    }

    /// The file name without its folder, as people read it in summaries.
    package var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
