import MediaTime

/// The template's place for a voice-over, which a person fills with `reel make --voice`.
///
/// A voice longer than the rest of the video is cut at its end, fading out over at least
/// `cutFade`; a voice is what ducking listens to, so the music dips under it.
public struct VoiceSpec: Sendable, Hashable {
    /// Where on the video the voice begins.
    public var start: RationalTime
    /// Linear gain (1 is unchanged).
    package var volume: Double
    /// Fade from silence at the voice's start; zero for none.
    package var fadeIn: RationalTime
    /// The fade at the voice's own end (at least `cutFade` where the video cuts it).
    package var fadeOut: RationalTime

    /// The defaults put the voice at the start, unchanged and without fades; `cutFade` still applies where the video cuts it.
    public init(start: RationalTime = .zero, volume: Double = 1, fadeIn: RationalTime = .zero, fadeOut: RationalTime = .zero) {
        self.start = start
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// What a template without a `voice` gives `--voice`: from the start, unchanged.
    public static let standard = VoiceSpec()

    /// The shortest fade-out of a voice the video's end cuts short: half a second, so the cut
    /// is not a click mid-word.
    package static let cutFade = RationalTime(value: 1, timescale: 2)
}

/// A sound effect of the template: a file of its folder played at a time or beat of the video.
public struct SoundSpec: Sendable, Hashable {
    /// Path relative to the template folder; checked to stay inside it and to be audio.
    package var file: String
    /// Where on the video it starts (written in seconds, frames or beats).
    package var at: RationalTime
    /// Linear gain (1 is unchanged).
    package var volume: Double
    /// Fade from silence at the sound's start; zero for none.
    package var fadeIn: RationalTime
    /// Fade to silence at the sound's end (its file's, its `duration`'s or the video's, whichever comes first).
    package var fadeOut: RationalTime
    /// Plays the file again and again, back to back, for its `duration` (or to the video's end).
    package var loop: Bool
    /// How long it plays; nil for the file's own length (looped: to the end of the video).
    package var duration: RationalTime?

    /// `file` must name audio inside the template folder; the defaults play it once, unchanged, without fades.
    public init(
        file: String, at: RationalTime, volume: Double = 1, fadeIn: RationalTime = .zero, fadeOut: RationalTime = .zero,
        loop: Bool = false, duration: RationalTime? = nil
    ) {
        self.file = file
        self.at = at
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.loop = loop
        self.duration = duration
    }
}
