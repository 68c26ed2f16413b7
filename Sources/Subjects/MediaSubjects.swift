import MediaTime

/// A region of a picture that a viewer would not want cut away: a face or a salient object.
///
/// Boxes are in fractions of the picture as displayed (after its orientation is applied), so the
/// resolver can frame them without knowing pixel sizes or how the file stores its rows.
public struct SubjectBox: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A face found by the face detector.
        case face
        /// The region that stands out most, by the saliency detector (used when no face is found).
        case salient
    }

    public var kind: Kind
    /// Left edge, from 0 (left of the picture) to 1.
    public var x: Double
    /// Top edge, from 0 (top of the picture) to 1.
    public var y: Double
    public var width: Double
    public var height: Double
    /// How sure the detector is, 0 to 1; larger boxes of equal score matter more.
    public var score: Double

    public init(kind: Kind, x: Double, y: Double, width: Double, height: Double, score: Double = 1) {
        self.kind = kind
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.score = score
    }

    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }
    public var area: Double { width * height }
}

/// What the detectors found at one moment of a media file.
public struct SubjectSample: Sendable, Hashable {
    /// Source time of the analysed frame (0 for a photo).
    public var time: RationalTime
    /// Faces first, largest first; then salient regions.
    public var boxes: [SubjectBox]

    public init(time: RationalTime, boxes: [SubjectBox]) {
        self.time = time
        self.boxes = boxes
    }
}

/// The subjects of one media file over its length, from the analysis pass; what `fit: "smart"`
/// frames.
///
/// A photo has one sample at time 0 and no shot changes. A video has samples a few times a
/// second, in increasing source time, and the source times at which a new shot begins (a cut in
/// the footage), where the virtual camera may jump instead of panning.
public struct MediaSubjects: Sendable, Hashable {
    public var samples: [SubjectSample]
    /// Source times at which a new shot begins, increasing; time 0 is not listed.
    public var shotChanges: [RationalTime]

    public init(samples: [SubjectSample], shotChanges: [RationalTime] = []) {
        self.samples = samples
        self.shotChanges = shotChanges
    }

    public static let none = MediaSubjects(samples: [])
}
