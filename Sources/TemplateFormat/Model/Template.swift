import MediaTime
import TimelineModel

/// A template as read from `template.json`: identity, canvas, music, the slots media fill, the
/// layers above them and the grade over everything.
///
/// A loaded template has been validated: every value is within its limits and every effect is in
/// the catalog with its parameters filled in, so the resolver and the renderer need no checks of
/// their own. All times are exact.
public struct Template: Sendable, Hashable {
    /// The template format version this build reads.
    public static let supportedFormat = 1

    /// The format version the file declares; a loaded template has `supportedFormat`.
    package var format: Int
    /// The template's name as people see it in lists and galleries (not its folder's name).
    package var name: String
    public var description: String?
    var author: String?
    /// Licence of the template and its assets (an SPDX id such as `CC-BY-4.0`, or a sentence).
    var license: String?
    /// Free keywords for finding the template; making a video never reads them.
    package var tags: [String]
    /// Where a poster frame of the video is taken; nil for the first frame.
    package var coverTime: RationalTime?
    /// Size and background of the output picture.
    package var canvas: Canvas
    /// Output frame rate; slot cuts are snapped to its grid.
    package var frameRate: FrameRate
    /// The soundtrack under the whole video, when the template has one.
    public var music: MusicSpec?
    /// The places media fill on the main track, in timeline order.
    package var slots: [SlotSpec]
    /// Picture-in-picture slots, overlays and texts above the main track, drawn in order.
    package var layers: [LayerSpec]
    /// Filters over the whole video (the template's look), applied in order.
    package var grade: [EffectSpec]
    /// Where a voice-over given with `--voice` goes; nil for the standard place (from the start).
    package var voice: VoiceSpec?
    /// Sound effects at times or beats of the video.
    package var sounds: [SoundSpec]
    /// How the music is lowered while the clips' own sound or the voice is heard; nil never
    /// lowers it (`"ducking": false`). A template that says nothing gets `Ducking.standard`.
    package var ducking: Ducking?

    /// Made by the decoder after validation, or by tests; callers must keep slot and layer ids unique and values within `Limits`.
    public init(
        format: Int = Template.supportedFormat, name: String, description: String? = nil, author: String? = nil,
        license: String? = nil, tags: [String] = [], coverTime: RationalTime? = nil, canvas: Canvas,
        frameRate: FrameRate, music: MusicSpec? = nil, slots: [SlotSpec], layers: [LayerSpec] = [],
        grade: [EffectSpec] = [], voice: VoiceSpec? = nil, sounds: [SoundSpec] = [], ducking: Ducking? = .standard
    ) {
        self.format = format
        self.name = name
        self.description = description
        self.author = author
        self.license = license
        self.tags = tags
        self.coverTime = coverTime
        self.canvas = canvas
        self.frameRate = frameRate
        self.music = music
        self.slots = slots
        self.layers = layers
        self.grade = grade
        self.voice = voice
        self.sounds = sounds
        self.ducking = ducking
    }

    /// Exact sum of the slot durations, before snapping to frames; nil if it does not fit.
    package var totalDuration: RationalTime? { Template.totalDuration(of: slots) }

    /// Exact sum of the durations of `slots`; nil if it does not fit.
    package static func totalDuration(of slots: [SlotSpec]) -> RationalTime? {
        var total = RationalTime.zero
        for slot in slots {
            guard let sum = total.addingReportingOverflow(slot.duration) else { return nil }
            total = sum
        }
        return total
    }

    /// The placeholder keys of the text layers, in order, each once: what `--text key=...` fills.
    package var textKeys: [String] {
        var seen = Set<String>()
        return layers.compactMap { layer in
            guard case .text(let text) = layer.content, let key = text.key, seen.insert(key).inserted else { return nil }
            return key
        }
    }

    /// The keys of texts that have no text of the template's own: a request must fill them.
    package var requiredTextKeys: [String] {
        layers.compactMap { layer in
            if case .text(let t) = layer.content, let key = t.key, t.text.isEmpty { return key }
            return nil
        }
    }
}

/// The template's soundtrack.
public struct MusicSpec: Sendable, Hashable {
    /// Path relative to the template folder; checked to stay inside it.
    package var file: String
    /// Where in the music file the video's sound begins.
    public var start: RationalTime
    /// Linear gain (1 is unchanged).
    package var volume: Double
    /// Fade from silence at the start of the video (the first piece only when looping); zero for none.
    package var fadeIn: RationalTime
    /// Fade to silence where the music stops: the video's end, or its own when it ends first without looping.
    package var fadeOut: RationalTime
    /// Starts the music over when it ends before the video does.
    package var loop: Bool
    /// Where its beats fall, when the template counts durations in beats.
    package var beats: BeatGrid?

    /// `file` must name audio inside the template folder; the defaults play it once from its start, unchanged, without fades.
    public init(
        file: String, start: RationalTime = .zero, volume: Double = 1, fadeIn: RationalTime = .zero,
        fadeOut: RationalTime = .zero, loop: Bool = false, beats: BeatGrid? = nil
    ) {
        self.file = file
        self.start = start
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.loop = loop
        self.beats = beats
    }
}
