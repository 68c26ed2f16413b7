import MediaTime

/// Choices a caller can make about a resolution.
public struct ResolveOptions: Sendable, Hashable {
    /// Encoding settings written into the timeline.
    public var output: OutputSettings

    public init(output: OutputSettings = OutputSettings()) {
        self.output = output
    }
}

/// What the resolver made: the timeline, what it had to compromise on, and a line per slot for people.
public struct Resolution: Sendable, Hashable {
    public var timeline: Timeline
    /// Warnings and notes (codes `R...`): kind fallbacks, held frames, media left out.
    public var diagnostics: [Diagnostic]
    /// Which media filled each slot, in slot order.
    public var assignments: [SlotAssignment]
    /// Media given but not used, in the order given.
    public var leftOut: [MediaAsset]

    /// One line per slot, such as `slot 3 (two) <- IMG_2041.MOV 00:04.20-00:06.70, slowed to 0.8x`.
    public var summary: [String] { assignments.map(\.summary) }
}

/// How one slot was filled.
public struct SlotAssignment: Sendable, Hashable {
    /// 1-based, as people count slots.
    public var number: Int
    public var slotID: String
    public var media: MediaAsset
    /// The clip made, or nil when the slot was shorter than a frame after snapping.
    public var clip: VideoClip?
    /// True when the video was shorter than the slot even at half speed, so its last frame holds.
    public var holdsLastFrame: Bool
    /// True when the slot wanted another kind of media and none was given.
    public var isKindFallback: Bool
}

/// Why resolving could not start: thrown, since no timeline can come out of it.
public enum ResolveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No media was given for a template that needs some.
    case noMedia(template: String)
    /// The template has no slots (a loaded template always has some).
    case noSlots(template: String)
    /// Exact time arithmetic overflowed while placing a slot (durations with unusual fractions).
    case timeOverflow(template: String, slot: String)

    public var description: String {
        switch self {
        case .noMedia(let t): "\(t): no media given; a template needs at least one photo or video"
        case .noSlots(let t): "\(t): the template has no slots"
        case .timeOverflow(let t, let slot): "\(t): slot '\(slot)': times too fine to compute exactly"
        }
    }
}
