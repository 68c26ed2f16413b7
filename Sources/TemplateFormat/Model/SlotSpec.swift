import MediaTime
import TimelineModel

/// One place on the main track that a piece of the user's media fills.
public struct SlotSpec: Sendable, Hashable {
    /// Unique within the template (slots and layers); names the clip in the timeline.
    package var id: String
    /// Which kinds of media may fill the slot; the picker skips media of other kinds.
    package var accepts: SlotAccepts
    /// Exact length; the cut after the slot is snapped to the frame grid (see the resolver).
    package var duration: RationalTime
    /// The length as written (seconds, frames or beats), for tools that show it back.
    package var length: TemplateTime
    /// How the media is framed on the canvas; `smart` asks the resolver to follow its subjects.
    package var fit: Fit
    /// Gain of the clip's own sound: 0 (the default) mutes it and leaves the music alone, 1 keeps it.
    package var volume: Double
    /// How media fill the slot's time: speed, direction, what happens when too short or too long.
    package var playback: Playback
    /// The orientation of media this slot is made for; media of that shape are preferred.
    package var orientation: PreferredOrientation
    /// Ken Burns preset or author keyframes; nil leaves the picture still.
    package var motion: MotionSpec?
    /// Filters applied to this slot's picture, in order.
    package var filters: [EffectSpec]
    /// How this slot gives way to the next; nil is a cut.
    package var transition: TransitionSpec?
    /// Part of the group of slots that repeats, in order, when `--use-all` needs more places.
    package var repeatable: Bool = false

    /// `duration` must be positive; `length` defaults to it in seconds when the slot was not written in frames or beats.
    public init(
        id: String, accepts: SlotAccepts = .any, duration: RationalTime, length: TemplateTime? = nil, fit: Fit = .cover,
        volume: Double = 0, playback: Playback = Playback(), orientation: PreferredOrientation = .any,
        motion: MotionSpec? = nil, filters: [EffectSpec] = [], transition: TransitionSpec? = nil
    ) {
        self.id = id
        self.accepts = accepts
        self.duration = duration
        self.length = length ?? .seconds(duration)
        self.fit = fit
        self.volume = volume
        self.playback = playback
        self.orientation = orientation
        self.motion = motion
        self.filters = filters
        self.transition = transition
    }
}

/// How a video fills a slot's time.
public struct Playback: Sendable, Hashable {
    /// Source seconds per slot second, exact (1 unchanged, 1/2 slow motion, 2 double speed).
    package var speed: RationalTime
    /// Plays the chosen part backwards.
    package var reverse: Bool
    /// What to do when the media is shorter than the slot.
    package var whenShorter: WhenShorter
    /// Slowest speed `speedFit` may use, as a fraction of `speed`.
    package var minSpeed: RationalTime
    /// Which part to take when the media is longer than the slot.
    package var whenLonger: WhenLonger

    /// The defaults play at normal speed, forwards, slowing to half speed before freezing, from the media's start.
    public init(
        speed: RationalTime = RationalTime(seconds: 1), reverse: Bool = false, whenShorter: WhenShorter = .speedFit,
        minSpeed: RationalTime = RationalTime(value: 1, timescale: 2), whenLonger: WhenLonger = .start
    ) {
        self.speed = speed
        self.reverse = reverse
        self.whenShorter = whenShorter
        self.minSpeed = minSpeed
        self.whenLonger = whenLonger
    }
}

/// Which kinds of media a slot takes.
public enum SlotAccepts: String, Sendable, Hashable, CaseIterable {
    case any
    case video
    case image

    /// True when media of `kind` may fill a slot that accepts this.
    package func accepts(_ kind: MediaKind) -> Bool {
        switch self {
        case .any: true
        case .video: kind == .video
        case .image: kind == .image
        }
    }
}

/// What to do when a video is shorter than its slot.
public enum WhenShorter: String, Sendable, Hashable, CaseIterable {
    /// Slow it down to fill the slot, down to `minSpeed`; then hold its last frame.
    case speedFit
    /// Play it again from its start.
    case loop
    /// Hold its last frame.
    case freeze
}

/// Which part of a video longer than its slot plays.
public enum WhenLonger: String, Sendable, Hashable, CaseIterable {
    case start
    case middle
    case end
    /// The liveliest part, as the resolver judges it (falls back to `start`).
    case best
}

/// The shape of media a slot is made for.
public enum PreferredOrientation: String, Sendable, Hashable, CaseIterable {
    case any
    case portrait
    case landscape
    case square
}
