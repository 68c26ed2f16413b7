import MediaTime

/// A template as read from `template.json`: the canvas, the music and the slots media fill.
///
/// A loaded template has been validated: every value is within its limits, so the resolver needs
/// no checks of its own. All times are exact.
public struct Template: Sendable, Hashable {
    /// The template format version this build reads.
    public static let supportedFormat = 1

    public var format: Int
    public var name: String
    public var description: String?
    /// Size and background of the output picture.
    public var canvas: Canvas
    /// Output frame rate; slot cuts are snapped to its grid.
    public var frameRate: FrameRate
    /// The soundtrack under the whole video, when the template has one.
    public var music: MusicSpec?
    /// The places media fill, in timeline order.
    public var slots: [SlotSpec]

    public init(format: Int = Template.supportedFormat, name: String, description: String? = nil, canvas: Canvas,
                frameRate: FrameRate, music: MusicSpec? = nil, slots: [SlotSpec]) {
        self.format = format
        self.name = name
        self.description = description
        self.canvas = canvas
        self.frameRate = frameRate
        self.music = music
        self.slots = slots
    }

    /// Exact sum of the slot durations, before snapping to frames; nil if it does not fit.
    public var totalDuration: RationalTime? { Template.totalDuration(of: slots) }

    /// Exact sum of the durations of `slots`; nil if it does not fit.
    public static func totalDuration(of slots: [SlotSpec]) -> RationalTime? {
        var total = RationalTime.zero
        for slot in slots {
            guard let sum = total.addingReportingOverflow(slot.duration) else { return nil }
            total = sum
        }
        return total
    }
}

/// The template's soundtrack.
public struct MusicSpec: Sendable, Hashable {
    /// Path relative to the template folder; checked to stay inside it.
    public var file: String
    /// Where in the music file the video's sound begins.
    public var start: RationalTime
    /// Linear gain (1 is unchanged).
    public var volume: Double
    public var fadeIn: RationalTime
    public var fadeOut: RationalTime

    public init(file: String, start: RationalTime = .zero, volume: Double = 1, fadeIn: RationalTime = .zero,
                fadeOut: RationalTime = .zero) {
        self.file = file
        self.start = start
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }
}

/// One place on the timeline that a piece of the user's media fills.
public struct SlotSpec: Sendable, Hashable {
    /// Unique within the template; names the clip in the timeline.
    public var id: String
    public var accepts: SlotAccepts
    /// Exact length; the cut after the slot is snapped to the frame grid (see the resolver).
    public var duration: RationalTime
    public var fit: Fit
    /// Gain of the clip's own sound; 0 (the default) leaves the music alone.
    public var volume: Double

    public init(id: String, accepts: SlotAccepts = .any, duration: RationalTime, fit: Fit = .cover, volume: Double = 0) {
        self.id = id
        self.accepts = accepts
        self.duration = duration
        self.fit = fit
        self.volume = volume
    }
}

/// Which kinds of media a slot takes.
public enum SlotAccepts: String, Sendable, Hashable, CaseIterable {
    case any
    case video
    case image

    public func accepts(_ kind: MediaKind) -> Bool {
        switch self {
        case .any: true
        case .video: kind == .video
        case .image: kind == .image
        }
    }
}
