@_exported import Appearance
import MediaTime

/// The full, explicit description of one video: every decision the resolver made, exact in time.
///
/// A timeline is what `reel render` consumes and what an editor may change by hand: it names each
/// media file, which part of it plays, where it plays on the output, and how it is framed. Times
/// are exact rationals; every clip boundary lies on the output frame grid (the resolver snaps them
/// once), so the renderer works in whole frames and samples.
public struct Timeline: Sendable, Hashable {
    /// Version of the timeline format written; older documents are upgraded when read
    /// (`TimelineUpgrade`), later ones refused. 2: `ducking` only (format 1's `duck` upgraded), and
    /// `template`; 3: a clip's, overlay's or text's `blend`, and a clip's `key`.
    static let currentFormat = 3

    /// Size and background of every frame; its sides are even and within `Limits.canvasSide` when read.
    package var canvas: Canvas
    /// Output frame rate: every clip boundary and transition end lies on its grid.
    package var frameRate: FrameRate
    /// Length of the video, on the frame grid.
    package var duration: RationalTime
    /// The main track: clips in timeline order, cut one to the next.
    package var clips: [VideoClip]
    /// Changes between consecutive main-track clips, centred on their cuts.
    package var transitions: [Transition]
    /// Text over the video, stacked with the clips and overlays by `layer` (see `Stacking`).
    package var texts: [TextItem]
    /// Pictures with alpha over the video, stacked with the clips and texts by `layer`.
    package var overlays: [OverlayItem]
    /// Filters over the video (the look of the template): they colour the clips, never the overlays
    /// and texts (see `FrameRenderer` for clips stacked above an overlay or text).
    package var grade: [Effect]
    /// Music and other sound, mixed over the clips' own audio.
    package var audio: [AudioClip]
    /// The beats, bars and sections of the music, when known (see `MusicMap`).
    public var music: MusicMap?
    /// How the encoder writes the video: quality, speed preset, audio bit rate.
    package var output: OutputSettings
    /// Where the timeline came from (template name), for people reading it.
    package var source: String?
    /// The template folder the timeline was made from, a path like media paths; nil for a timeline
    /// made by hand. Its files (music, overlays, fonts, masks, LUTs) are opened beneath it, as a
    /// template's are (`ConfinedFolders`), and no output of a run may be written inside it.
    package var template: String?

    /// Keeps every value as given: a timeline is checked by `TimelineValidation` and the reader, not here.
    public init(
        canvas: Canvas, frameRate: FrameRate, duration: RationalTime, clips: [VideoClip],
        transitions: [Transition] = [], texts: [TextItem] = [], overlays: [OverlayItem] = [], grade: [Effect] = [],
        audio: [AudioClip] = [], music: MusicMap? = nil, output: OutputSettings = OutputSettings(), source: String? = nil,
        template: String? = nil
    ) {
        self.canvas = canvas
        self.frameRate = frameRate
        self.duration = duration
        self.clips = clips
        self.transitions = transitions
        self.texts = texts
        self.overlays = overlays
        self.grade = grade
        self.audio = audio
        self.music = music
        self.output = output
        self.source = source
        self.template = template
    }

    /// Number of output frames: `duration` is on the grid, so this is exact.
    package var frameCount: Int64 { frameRate.frame(at: duration, rounding: .up) }
}

/// The picture everything is drawn on.
public struct Canvas: Sendable, Hashable {
    /// Width in pixels; even (4:2:0 chroma) and within `Limits.canvasSide`.
    package var width: Int
    /// Height in pixels; even (4:2:0 chroma) and within `Limits.canvasSide`.
    package var height: Int
    /// Colour shown where no picture covers the canvas (around a `contain` clip, before the first layer).
    package var background: RGBColor

    /// Black background unless given; the caller keeps the sides even and within `Limits.canvasSide`.
    public init(width: Int, height: Int, background: RGBColor = .black) {
        self.width = width
        self.height = height
        self.background = background
    }
}

/// What kind of picture a media file gives.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    case video
    case image
}

/// How a picture is framed in its rectangle.
public enum Fit: String, Sendable, Hashable, CaseIterable {
    /// Fill the rectangle, cropping what overflows (aspect fill).
    case cover
    /// Show all of the picture, with the background around it (aspect fit).
    case contain
    /// Show all of the picture, over a blurred, cover-fitted copy of itself instead of a flat
    /// background: the look phones use for landscape clips in portrait videos.
    case blurredFill
    /// Fill the rectangle as `cover` does, with the visible window placed on the picture's
    /// subjects (faces, else the salient region) instead of its centre. In a template it asks the
    /// resolver to choose; in a timeline the choice is written out as the clip's `crop` path, so
    /// rendering needs no analysis (no path: the centre, as `cover`).
    case smart
}

/// Display orientation of a picture: a clockwise rotation applied after decoding, then an
/// optional horizontal mirror. Probing reads it from the display matrix or EXIF; the timeline
/// records it so that rendering needs no probe and an editor can correct it.
public struct Orientation: Sendable, Hashable {
    /// Clockwise degrees: 0, 90, 180 or 270.
    package var rotation: Int
    /// Flips left and right after the rotation, as a front camera's picture may need.
    package var mirrored: Bool

    /// Normalizes `rotation` into 0..<360 (so -90 is 270); the caller gives a multiple of 90.
    public init(rotation: Int = 0, mirrored: Bool = false) {
        self.rotation = ((rotation % 360) + 360) % 360
        self.mirrored = mirrored
    }

    /// No rotation, no mirror: what a picture without a display matrix or EXIF orientation gets.
    public static let upright = Orientation()

    /// True when width and height swap on display.
    var swapsAxes: Bool { rotation == 90 || rotation == 270 }
}

/// One item of the main track: part of a media file shown over part of the timeline.
public struct VideoClip: Sendable, Hashable {
    /// The slot this clip fills (from the template), for people and tools reading the timeline.
    package var id: String
    /// Path of the media file as written: relative paths are resolved against the timeline's folder.
    package var media: String
    /// Video or still image: an image has no sound, and its source range is only the clip's own length.
    package var kind: MediaKind
    /// Where the clip plays on the output; on the frame grid.
    package var timelineRange: TimeRange
    /// Which part of the media plays (for images: `[0, timeline duration)`, nothing to decode).
    /// `sourceRange.duration == timelineRange.duration * speed`.
    package var sourceRange: TimeRange
    /// Source seconds per timeline second, as an exact ratio (1 unless the resolver fitted the clip);
    /// a ratio of two times, so it is kept as one and multiplies times without rounding.
    package var speed: RationalTime
    /// How the decoded picture is turned upright before framing; recorded so rendering needs no probe.
    package var orientation: Orientation
    /// How the picture fills `frame`; `smart` also reads `crop`.
    package var fit: Fit
    /// Linear gain of the clip's own audio; 0 mutes it. A `Double` prints back exactly (shortest round-trip form).
    package var volume: Double
    /// Plays the source range backwards.
    package var reverse: Bool
    /// Source times past the media's end wrap to its start (instead of holding the last frame).
    package var loop: Bool
    /// Poses over the clip's time (Ken Burns motion); empty for a still frame.
    package var motion: [TransformKeyframe]
    /// Filters applied to this clip alone.
    package var filters: [Effect]
    /// Stacking: 0 is the main track (cut and transitioned in order); higher layers are drawn above
    /// it, interleaved with overlays and texts by the same numbers (see `Stacking`).
    package var layer: Int
    /// Where on the canvas the clip is framed; the whole canvas for the main track.
    package var frame: LayerRect
    /// Opacity of the whole clip over what is below it, 0...1 (1 is opaque).
    package var opacity: Double
    /// How many beats of the music the clip spans, when the template wrote its length in beats:
    /// what re-timing it to another song counts on (see `MusicRetiming`). Nil otherwise.
    package var beats: RationalTime?
    /// Where the visible window of a `smart` clip sits over the clip's time (see `CropKeyframe`);
    /// empty for every other fit, and for a smart clip framed at the centre.
    package var crop: [CropKeyframe]
    /// How the clip's colour meets the picture under it: a blend mode of the catalog; `normal`
    /// (the main track's always) draws it as it is.
    package var blend: String
    /// What of the clip's picture is made transparent (a green screen) before it is placed; nil for none.
    package var key: ClipKey?

    /// Defaults play the media once, forward, upright, silent (`volume` 0), on the main track; `sourceRange` must be `timelineRange` × `speed` long.
    public init(
        id: String, media: String, kind: MediaKind, timelineRange: TimeRange, sourceRange: TimeRange,
        speed: RationalTime = RationalTime(seconds: 1), orientation: Orientation = .upright, fit: Fit = .cover,
        volume: Double = 0, reverse: Bool = false, loop: Bool = false, motion: [TransformKeyframe] = [],
        filters: [Effect] = [], layer: Int = 0, frame: LayerRect = .full, opacity: Double = 1, beats: RationalTime? = nil,
        crop: [CropKeyframe] = [], blend: String = "normal", key: ClipKey? = nil
    ) {
        self.id = id
        self.media = media
        self.kind = kind
        self.timelineRange = timelineRange
        self.sourceRange = sourceRange
        self.speed = speed
        self.orientation = orientation
        self.fit = fit
        self.volume = volume
        self.reverse = reverse
        self.loop = loop
        self.motion = motion
        self.filters = filters
        self.layer = layer
        self.frame = frame
        self.opacity = opacity
        self.beats = beats
        self.crop = crop
        self.blend = blend
        self.key = key
    }

    /// Source time shown at timeline time `t`. Times outside `timelineRange` (a transition's
    /// handles) continue the mapping, so the frames around the range play on either side of a cut.
    /// Reversed clips run from the end of the source range back to its start.
    package func sourceTime(at t: RationalTime) -> RationalTime {
        let offset = (t - timelineRange.start) * speed
        return reverse ? sourceRange.end - offset - Self.reversedEpsilon : sourceRange.start + offset
    }

    /// Reversed playback shows, at offset 0, the frame just before the range's end (which is
    /// exclusive): its source times are this much before the offset from the end.
    package static let reversedEpsilon = RationalTime(value: 1, timescale: 1_000_000)
}

/// A sound placed on the timeline: music, a voice-over or a sound effect.
public struct AudioClip: Sendable, Hashable {
    /// Unique among the sounds; a looping music's repeats are `<id>-2`, `<id>-3`..., which `MusicMap.audio` relies on.
    package var id: String
    /// Path of the sound file as written: relative paths are resolved against the timeline's folder, like a clip's `media`.
    package var media: String
    /// What the sound is: the clips' own sound and a voice are what ducking listens to.
    package var role: AudioRole
    /// Where the sound plays on the output.
    package var timelineRange: TimeRange
    /// Source time heard at `timelineRange.start`.
    package var sourceStart: RationalTime
    /// Linear gain (1 is unchanged).
    package var volume: Double
    /// Length of the linear fade from silence at the start, and to silence at the end.
    package var fadeIn: RationalTime
    /// Length of the linear fade to silence at the end; both fades lie within `timelineRange`.
    package var fadeOut: RationalTime
    /// Source times past the sound's end wrap to its start, so it repeats back to back over
    /// its whole range (a short effect looped under a slot).
    package var loop: Bool
    /// Lowered while the clips' own sound or the voice is heard; nil leaves it alone. A voice
    /// has none: it is what the ducker listens to.
    package var ducking: Ducking?

    /// Defaults: music, from the file's start, at unit gain, no fades, no loop, not ducked.
    public init(
        id: String, media: String, role: AudioRole = .music, timelineRange: TimeRange, sourceStart: RationalTime = .zero,
        volume: Double = 1, fadeIn: RationalTime = .zero, fadeOut: RationalTime = .zero, loop: Bool = false,
        ducking: Ducking? = nil
    ) {
        self.id = id
        self.media = media
        self.role = role
        self.timelineRange = timelineRange
        self.sourceStart = sourceStart
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.loop = loop
        self.ducking = ducking
    }
}

/// How the video is encoded.
public struct OutputSettings: Sendable, Hashable {
    /// Constant rate factor of x264: lower is better and larger. 23 is x264's default; 20 looks clean on phones.
    package var crf: Int
    /// x264 speed preset (`ultrafast` ... `veryslow`).
    package var preset: String
    /// AAC bit rate in bits per second.
    package var audioBitrate: Int

    /// The x264 speed presets, fastest first: a timeline naming another is refused when read,
    /// not when the encoder opens.
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// The defaults are those `reel render` uses when a timeline names no output settings.
    public init(crf: Int = 20, preset: String = "veryfast", audioBitrate: Int = 160_000) {
        self.crf = crf
        self.preset = preset
        self.audioBitrate = audioBitrate
    }
}
