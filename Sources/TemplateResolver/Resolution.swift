import Captions
import DocumentJSON
import DocumentLimits
import MediaTime
import TemplateFormat
import TimelineModel

/// Choices a caller can make about a resolution.
public struct ResolveOptions: Sendable, Hashable {
    /// Encoding settings written into the timeline.
    package var output: OutputSettings
    /// The order media fill slots in.
    package var order: MediaOrder
    /// Grow the template (repeat its middle slots) until every medium is used.
    package var useAll: Bool
    /// Seeds the choices made for variety (the default motion of photos), so that the same inputs
    /// and seed give the same timeline byte for byte, and another seed another look.
    package var seed: UInt64
    /// Texts for the template's placeholders (`--text title="Lisbon 2026"`), by key.
    package var texts: [String: String]
    /// Length of the template's music file, when known: the music loops (when the template says
    /// so) or stops at its end. Nil assumes the music lasts the whole video.
    package var musicDuration: RationalTime?
    /// Captions burnt into the video (`--captions talk.srt`), read by `CaptionParser`; their
    /// findings are reported with the resolver's.
    package var captions: CaptionTrack?
    /// How captions look; nil takes the template's captions layer, or the default style.
    package var captionStyle: CaptionStyle?
    /// A voice-over (`--voice narration.m4a`), placed where the template's voice slot says.
    package var voice: VoiceInput?
    /// Lengths of the template's sound effect files, by the path the template writes: a sound
    /// plays its file's length unless the template gives a `duration`.
    package var soundDurations: [String: RationalTime]
    /// How `cover` places are framed: `smart` frames them on their subjects wherever cover would
    /// cut away more than `framing.reframeCutAway` of the picture (`reel make --reframe smart`).
    package var reframe: Reframe
    /// The numbers smart framing works by.
    package var framing: FramingSettings

    /// The defaults make the plain `reel make`: given order, no repeats, seed 0, no captions or voice, centred framing.
    public init(
        output: OutputSettings = OutputSettings(), order: MediaOrder = .given, useAll: Bool = false, seed: UInt64 = 0,
        texts: [String: String] = [:], musicDuration: RationalTime? = nil, captions: CaptionTrack? = nil,
        captionStyle: CaptionStyle? = nil, voice: VoiceInput? = nil, soundDurations: [String: RationalTime] = [:],
        reframe: Reframe = .cover, framing: FramingSettings = .standard
    ) {
        self.output = output
        self.order = order
        self.useAll = useAll
        self.seed = seed
        self.texts = texts
        self.musicDuration = musicDuration
        self.captions = captions
        self.captionStyle = captionStyle
        self.voice = voice
        self.soundDurations = soundDurations
        self.reframe = reframe
        self.framing = framing
    }
}

extension ResolveOptions {
    /// The caption style used: the options' own, else the template's captions layer's, else the
    /// default one.
    package func resolvedCaptionStyle(template: Template, templateFolder: String) -> CaptionStyle {
        var style =
            captionStyle ?? template.captionsLayer?.spec.captionStyle(on: template.canvas, templateFolder: templateFolder) ?? CaptionStyle()
        style.look = style.resolvedLook(on: template.canvas)
        return style
    }
}

/// A voice-over a person gives: its file and length (a fact of the file, probed by the caller).
public struct VoiceInput: Sendable, Hashable {
    /// The voice file as the person gave it; written into the timeline as the voice clip's media.
    package var path: String
    /// Nil when unknown: the voice is then placed to the end of the video.
    package var duration: RationalTime?

    /// `duration` is the file's probed length, nil when probing could not tell.
    package init(path: String, duration: RationalTime?) {
        self.path = path
        self.duration = duration
    }
}

/// The order in which the person's media fill the slots.
public enum MediaOrder: String, Sendable, Hashable, CaseIterable {
    /// As given on the command line (folders expanded in name order).
    case given
    /// By file name, in natural order (`IMG_2` before `IMG_10`).
    case name
    /// By capture date, oldest first; media without a date keep their place after those with one.
    case date
}

/// What the resolver made: the timeline, what it had to compromise on, and a line per slot for people.
public struct Resolution: Sendable, Hashable {
    /// The valid, exact timeline the renderer plays and `reel edit` works on.
    package var timeline: Timeline
    /// Warnings and notes (codes `R...`, and `C...` for captions): kind fallbacks, held frames, media left out, shortened transitions.
    package var diagnostics: [Diagnostic]
    /// Which media filled each slot (main track first, then media layers), in order.
    var assignments: [SlotAssignment]
    /// Media given but not used, in the order given.
    var leftOut: [MediaAsset]
    /// The person's song under the video (`--music`), when one was given: which part plays, and why.
    package var song: SongUse? = nil

    /// Lines saying where the voice-over went (and what of it the video's end cut), after the slots'.
    var soundLines: [String] = []

    /// The song's line when one was given, then one line per slot, such as `slot 3 (two) <- IMG_2041.MOV 00:04.20-00:06.70, slowed to 0.8x`,
    /// then the voice-over's: `voice <- narration.m4a 00:00.00-00:12.00 at 00:00.00, cut at the
    /// video's end (3.50 s not heard), faded out over 0.50 s`.
    package var summary: [String] { (song.map { [$0.summary] } ?? []) + assignments.map(\.summary) + soundLines }
}

/// How one slot was filled.
package struct SlotAssignment: Sendable, Hashable {
    /// 1-based, as people count slots (media layers continue the count after the main track).
    package var number: Int
    var slotID: String
    /// The medium picked for the slot (a kind fallback when it is not of the kind the slot accepts).
    package var media: MediaAsset
    /// The clip made, or nil when the slot was shorter than a frame after snapping.
    package var clip: VideoClip?
    /// True when the video was shorter than the slot even at the slowest speed allowed, so its last frame holds.
    package var holdsLastFrame: Bool
    /// True when the slot wanted another kind of media and none was given.
    var isKindFallback: Bool
    /// True when the video plays again from its start to fill the slot (`whenShorter: loop`).
    package var loops: Bool = false
    /// The motion preset chosen for a photo when the template named none (for the summary);
    /// `drift` for a photo framed smart, whose move heads for its subject.
    var defaultMotion: String?
    /// What a clip framed smart was framed on (`2 faces`, `the salient region`, `the centre`),
    /// for the summary; nil for other fits.
    var framedOn: String?
}

/// Why resolving could not start: thrown, since no timeline can come out of it.
public enum ResolveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No media was given for a template that needs some.
    case noMedia(template: String)
    /// The template has no slots (a loaded template always has some).
    case noSlots(template: String)
    /// Exact time arithmetic overflowed while placing a slot (durations with unusual fractions).
    case timeOverflow(template: String, slot: String)
    /// A text layer has a placeholder with no default text, and no text was given for it.
    case missingText(template: String, key: String)
    /// A text was given for a key no text layer has.
    case unknownTextKey(template: String, key: String, known: [String])
    /// `--use-all` was asked for, and no slot or media layer of the template takes this kind.
    case noPlaceForKind(template: String, kind: MediaKind, count: Int)
    /// A text a person gave (`--text key=...`, or a caption cue of `file` at `line`) is longer
    /// than a timeline's text may be (T017, `Limits.maxLongText` characters and
    /// `Limits.maxTextScalars` Unicode scalars): refused before anything is written.
    case textTooLong(source: String, line: Int?, characters: Int, scalars: Int)

    public var description: String {
        switch self {
        case .noMedia(let t): "\(t): no media given; a template needs at least one photo or video"
        case .noSlots(let t): "\(t): the template has no slots"
        case .timeOverflow(let t, let slot): "\(t): slot '\(slot)': times too fine to compute exactly"
        case .missingText(let t, let key): "\(t): the text '\(key)' is required; give it with --text \(key)=\"...\""
        case .unknownTextKey(let t, let key, let known):
            "\(t): no text layer has the key '\(key)'"
                + (known.isEmpty
                    ? "; the template has no texts to fill"
                    : " (keys: \(known.joined(separator: ", ")))")
        case .textTooLong(let source, let line, let characters, let scalars):
            "\(source)\(line.map { ":\($0)" } ?? ""): error[\(DiagnosticCode.textTooLong.rawValue)]: "
                + "\(line == nil ? "the text" : "the cue's text") has \(characters) characters (\(scalars) Unicode scalars); "
                + "the limit is \(Limits.maxLongText) (\(Limits.maxTextScalars)); shorten it"
        case .noPlaceForKind(let t, let kind, let count):
            "\(t): --use-all cannot place \(count) \(kind == .image ? "photo" : "video")\(count == 1 ? "" : "s"): "
                + "no slot or media layer of the template takes \(kind == .image ? "photos" : "videos")"
        }
    }
}
