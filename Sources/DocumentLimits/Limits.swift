import MediaTime

/// Every size, count, range and length a template or timeline may ask for, declared once.
///
/// Templates are shared and downloaded, timelines are edited by hand: both are untrusted, and
/// every limit keeps one document from costing a machine much or failing late. The template
/// validator, the timeline reader, the resolver, the text layout and the encoder all read these
/// numbers, so that nothing `reel validate` accepts is refused later and no two layers disagree.
/// They live in the base module because both the readers (TemplateCore) and the media layer
/// (MediaIO: encoder, text layout) enforce them, and neither may import the other.
public enum Limits {
    // MARK: Documents

    /// Largest `template.json`, in bytes.
    package static let maxFileSize = 1 << 20
    /// Largest timeline file, in bytes: a timeline names every clip and keyframe, so it is larger.
    package static let maxTimelineFileSize = 16 << 20
    /// Deepest nesting of JSON objects and arrays.
    package static let maxDepth = 64

    // MARK: Picture

    /// Canvas width and height in pixels, both even (4:2:0 chroma): what the encoder takes.
    package static let canvasSide = 16...8192
    /// Fastest frame rate, 120 fps, written as an exact rate; the template and timeline readers both refuse a faster one.
    package static let maxFrameRate = RationalTime(seconds: 120)
    /// Slowest frame rate: one picture a second. Slower, a frame would outlast a slot (and a
    /// rate of `1e-9` makes a frame of 31 years, past every time a template or timeline holds).
    package static let minFrameRate = RationalTime(seconds: 1)

    // MARK: Counts

    /// Slots a template may declare: at least one, so a video has a picture, and few enough for one review.
    package static let slotCount = 1...200
    /// Layers of a template (stickers, texts, overlays), and overlays of a timeline: each costs a composite per frame.
    package static let maxLayers = 64
    /// Clips of a timeline: one per slot and one per media layer.
    package static let maxClips = slotCount.upperBound + maxLayers
    /// Texts of a timeline: one per text layer, and the captions (at most one per word).
    package static let maxTexts = maxLayers + maxCaptionWords
    /// Sounds of a timeline: a short looping music is written once per repeat.
    package static let maxAudioClips = 1000
    /// Beats, downbeats or sections a music map may list: 20,000 beats is over 80 minutes at 240 bpm.
    package static let maxBeats = 20_000
    /// Filters in one list (a template's, a clip's, a timeline's grade): each is one more pass over every pixel.
    package static let maxFilters = 16
    /// Keyframes of one motion path or of one animated effect parameter.
    package static let maxKeyframes = 64
    /// Keyframes of one clip's crop path (smart framing writes at most four a second, 600 s of a
    /// slot in 2400).
    package static let maxCropKeyframes = 4000
    /// Tags of one template: short words that describe it for people choosing one (`"travel"`, `"beat"`).
    package static let maxTags = 32
    /// Stacking numbers of clips, overlays and texts (0 is the main track).
    package static let layerNumbers = 0...100

    // MARK: Durations

    /// Longest one slot may last: ten minutes, so `maxCropKeyframes` covers a slot's smart framing.
    package static let maxSlotDuration = RationalTime(seconds: 600)
    /// Longest video: the sum of the slots, and a timeline's `duration`.
    package static let maxTotalDuration = RationalTime(seconds: 3600)
    /// Farthest time, either way, a timeline may write (a source time of a long recording
    /// included): past it, a time is no time of any video, and sums of such times leave Int64.
    package static let maxTimelineTime = RationalTime(seconds: 10_000_000)
    /// Finest step of a time a timeline may write (`1/1000000000s`, a nanosecond: frame, sample
    /// and FFmpeg's times are far coarser): finer ones make sums of times of other steps overflow
    /// their common denominator.
    package static let maxTimescale: Int64 = 1_000_000_000
    /// Most ticks of a clip's finest source step its source times may count (see the rule in
    /// `ExactTimesRule`): 2^56, leaving a factor of 128 below Int64's end for the decoders and
    /// the mix to count them in their own ticks.
    package static let maxSourceTicks: Int64 = 1 << 56
    /// Latest time in the music file where playing may start (template `start`, timeline `sourceStart`).
    package static let maxMusicStart = RationalTime(seconds: 3600)
    /// Latest time in a music file that a beat, a section or the part played may name: the
    /// latest start plus the longest video.
    package static let maxSongTime = maxMusicStart + maxTotalDuration
    /// Longest fade in or out of the music or of a sound effect.
    package static let maxFade = RationalTime(seconds: 600)
    /// Longest transition between two clips; `transitionDuration(frame:)` adds the lower bound.
    package static let maxTransition = RationalTime(seconds: 10)
    /// A transition's duration in a video of `frame` a frame: a frame or more (a shorter one is no
    /// transition), `maxTransition` or less; read by the template reader and by `reel edit`.
    package static func transitionDuration(frame: RationalTime) -> ClosedRange<RationalTime> {
        min(frame, maxTransition)...maxTransition
    }
    /// Longest in or out animation of a text or sticker.
    package static let maxAnimation = RationalTime(seconds: 10)

    // MARK: Placement and motion

    /// Where a layer, text or sticker sits, in canvas fractions: -1...2 lets a layer start or end
    /// off the canvas (a slide in from the side).
    package static let position = -1.0...2.0
    /// Anchors, opacities, crop centres, section energies and other plain fractions.
    package static let fraction = 0.0...1.0
    /// Width and height of a clip's rectangle on the canvas, in canvas fractions (above 0).
    package static let rectSide = 0.001...1.0
    /// Width of a sticker or overlay, in canvas widths: up to 4 for a picture that pans across.
    package static let layerWidth = 0.01...4.0
    /// Widest a text may be set, in canvas widths.
    package static let textMaxWidth = 0.05...1.0
    /// Scale of a motion keyframe (a slot's or sticker's pose), 1 is as framed.
    package static let poseScale = 0.1...10.0
    /// Offset of a motion keyframe, in canvas fractions.
    package static let poseOffset = -2.0...2.0
    /// Rotation of a pose or a sticker, in degrees: ten turns either way.
    package static let rotation = -3600.0...3600.0
    /// Rotation of a timeline pose: the resolver writes a sticker's own rotation into its
    /// keyframes, so a template at both limits makes twice as much.
    package static let timelineRotation = (rotation.lowerBound * 2)...(rotation.upperBound * 2)

    // MARK: Playback and sound

    /// Music tempo, in beats per minute, a template or music map may give.
    package static let tempo = 20.0...400.0
    /// A slot's written speed.
    package static let speed = 0.25...4.0
    /// How far a slot may slow a short video down to fill itself, as a fraction of its speed.
    package static let minSpeed = 0.1...1.0
    /// A timeline clip's speed: from the slowest written speed slowed the most
    /// (`speed.lowerBound × minSpeed.lowerBound`, 1/40) to the fastest written speed.
    package static let clipSpeed = RationalTime(value: 1, timescale: 40)...RationalTime(seconds: 4)
    /// Linear gain of a clip's sound or of music: 0 is silent, 4 is +12 dB.
    package static let volume = 0.0...4.0
    /// Gain of music under a clip's own sound in timelines written before signal-driven ducking
    /// (`"duck"`): 1 leaves it alone, 0 silences it. Read and mapped onto `duckAmount`.
    package static let duck = 0.0...1.0
    /// How far ducking lowers a sound, in dB: 0 leaves it alone, -60 all but silences it.
    package static let duckAmount = -60.0...0.0
    /// Level of the sidechain (the clips' own sound and the voice-over), in dBFS, above which
    /// the ducker hears it as present.
    package static let duckThreshold = -80.0...0.0
    /// Attack (the way down), hold (how long the sound stays down after the sidechain falls
    /// quiet) and release (the way back up) of ducking: a few seconds at most keeps the
    /// ducker's window of samples small.
    package static let duckTime = RationalTime.zero...RationalTime(seconds: 5)
    /// Sound effects of a template: one per beat of a long video is already too many to hear.
    package static let maxSounds = 200
    /// Longest voice-over or sound effect placed on a video, and the longest `duration` of a looped one.
    package static let maxSoundDuration = maxTotalDuration

    // MARK: Loudness

    /// The most the look-ahead limiter may take off the loudness of any 400 ms stretch of the
    /// sound (its momentary loudness, EBU R 128), in dB, on the way to the loudness target.
    /// Peaks held down by more are left alone (a clap or a drum hit loses a little punch, nobody
    /// hears the limiter); a whole stretch held down by more pumps and flattens audibly. So the
    /// gain stops where reaching the target would take more, and the summary says the loudness
    /// reached and why.
    package static let maxLimiting = 6.0

    // MARK: Encoding

    /// x264's constant rate factor (0 is lossless, 51 the worst).
    package static let crf = 0...51
    /// AAC bit rate in bits per second, of a timeline's output and of `--audio-bitrate`.
    package static let audioBitrate = 8_000...1_000_000
    /// Average video bit rate of `--bitrate` and `--bpp`, in bits per second.
    package static let videoBitrate = 50_000...200_000_000

    // MARK: Text

    /// Characters of a name or an id.
    package static let maxShortText = 200
    /// Characters of a tag or a text's placeholder key, which people type on a command line.
    package static let maxKeyLength = 64
    /// Characters (grapheme clusters) of a description or a text layer's text.
    package static let maxLongText = 2000
    /// Unicode scalars of a text, so that a few characters with thousands of combining marks
    /// cannot pass the character limit.
    package static let maxTextScalars = 8000
    /// Font sizes, and shrink-to-fit floors, in canvas pixels.
    package static let textSize = 4.0...1000.0
    /// A text's `maxLines`: the most lines its layout may wrap it onto.
    package static let maxTextLines = 1...50
    /// Line height as a multiple of the size.
    package static let textLineSpacing = 0.5...4.0
    /// Outline width in pixels.
    package static let textStroke = 0.0...100.0
    /// Drop shadow offsets, and its blur, in pixels.
    package static let textShadowOffset = -200.0...200.0
    /// Drop shadow blur radius of a text, in pixels.
    package static let textShadowBlur = 0.0...200.0
    /// Padding and corner radius of the box behind a text, in pixels.
    package static let textBox = 0.0...500.0

    // MARK: Captions

    /// Largest subtitle file (SRT, WebVTT) or words file read: a 3-hour talk is about 300 kB of
    /// SRT, and a words file with one object per word a few MB.
    package static let maxCaptionFileSize = 8 << 20
    /// Cues of a caption file: one every second of the longest video is far more than people read.
    package static let maxCaptionCues = 5000
    /// Words of all cues together (and entries of a words file): 100 minutes of speech at 150
    /// words a minute. Karaoke and pop captions make a timeline text per word, about 1 kB of
    /// timeline each, so this many fit `maxTimelineFileSize`.
    package static let maxCaptionWords = 15_000
    /// Words of one cue: the pop and karaoke styles make a text item per word.
    package static let maxCueWords = 100
    /// Lines a caption may take on screen; the default is `defaultCaptionLines`.
    package static let captionLines = 1...5
    /// Caption lines when a template or caption style names none: two, as subtitles are usually set.
    package static let defaultCaptionLines = 2

    // MARK: Files

    /// Largest `.cube` file read: a 129-point LUT is about 55 MB of text.
    package static let maxLUTFileSize = 64 << 20

    // MARK: Previews

    /// Sides of an animated preview (GIF, WebP), in pixels: GIF's own limit is 65535, but a
    /// preview larger than this is a video, not a preview.
    package static let animatedPreviewSide = 2...4096

    // MARK: Runs

    /// Rows a batch renders at once (`--jobs`): also what sizes the registry of temporary files a
    /// signal removes, so every row's are in it.
    package static let batchJobs = 1...256
    /// Longest `reel edit` waits for another edit of the same timeline to finish (the lock on its
    /// journal) before it is refused: an edit takes well under a second, a new song's analysis a few.
    package static let maxEditWait = RationalTime(seconds: 10)
}
