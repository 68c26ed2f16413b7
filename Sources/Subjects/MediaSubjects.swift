import MediaTime

/// A region of a picture that a viewer would not want cut away: a face or a salient object.
///
/// Boxes are in fractions of the picture as displayed (after its orientation is applied), so the
/// resolver can frame them without knowing pixel sizes or how the file stores its rows.
public struct SubjectBox: Sendable, Hashable {
    /// Which detector found the box; the resolver frames faces before salient regions.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A face found by the face detector.
        case face
        /// The region that stands out most, by the saliency detector (used when no face is found).
        case salient
    }

    /// Which detector found the box; faces win over salient regions when framing.
    package var kind: Kind
    /// Left edge, from 0 (left of the picture) to 1.
    package var x: Double
    /// Top edge, from 0 (top of the picture) to 1.
    package var y: Double
    /// Width, as a fraction of the displayed picture's width (0...1).
    package var width: Double
    /// Height, as a fraction of the displayed picture's height (0...1).
    package var height: Double
    /// How sure the detector is, 0 to 1; larger boxes of equal score matter more.
    package var score: Double

    /// All four edges in fractions of the displayed picture; `score` defaults to certain (1) for boxes made by hand.
    public init(kind: Kind, x: Double, y: Double, width: Double, height: Double, score: Double = 1) {
        self.kind = kind
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.score = score
    }

    /// Horizontal centre, as a fraction of the picture's width: where framing aims.
    package var centerX: Double { x + width / 2 }
    /// Vertical centre, as a fraction of the picture's height: where framing aims.
    package var centerY: Double { y + height / 2 }
    /// Share of the picture the box covers (0...1); larger boxes weigh more when framing.
    package var area: Double { width * height }
}

/// What the detectors found at one moment of a media file.
public struct SubjectSample: Sendable, Hashable {
    /// Source time of the analysed frame (0 for a photo).
    package var time: RationalTime
    /// Faces first, largest first; then salient regions.
    package var boxes: [SubjectBox]

    /// `boxes` in the detector's order: faces largest first, then salient regions.
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
    /// What was found, in increasing source time; one sample at 0 for a photo, empty when nothing was analysed.
    package var samples: [SubjectSample]
    /// Source times at which a new shot begins, increasing; time 0 is not listed.
    package var shotChanges: [RationalTime]

    /// `samples` must be in increasing source time and `shotChanges` increasing without 0.
    public init(samples: [SubjectSample], shotChanges: [RationalTime] = []) {
        self.samples = samples
        self.shotChanges = shotChanges
    }

    /// No samples at all: media analysed with nothing found, or not analysed.
    package static let none = MediaSubjects(samples: [])
}
