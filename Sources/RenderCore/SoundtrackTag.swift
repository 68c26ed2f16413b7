import FileAccess
import MediaIO
import MediaTime
import TimelineModel

/// What a soundtrack file says it is, in its `comment` tag:
/// `reel soundtrack sound aac128000/lufs-14.0 samples 1440000 delay 1024 timeline <sha256> identity <sha256>`.
///
/// The soundtrack of a segmented render is mixed and encoded as a task of its own
/// (`reel render --soundtrack`), beside the video segments, so the join only copies packets. The
/// join reads this tag to refuse a soundtrack of another timeline, of other files or mixed with
/// other sound settings than its own, as it refuses such a segment (`SegmentTag`).
package struct SoundtrackTag: Sendable, Hashable {
    /// The settings the sound was mixed and encoded with.
    package let sound: SoundtrackSettings
    /// Samples of sound encoded (48 kHz): the timeline's length in samples.
    package let sampleCount: Int64
    /// The encoder's priming, in samples, which the MP4 keeps only as an edit list.
    package let delay: Int
    /// The digest of the timeline's text the sound was mixed from (`SegmentSource.timeline`).
    package let timeline: String
    /// The digest of all that shapes the sound: the timeline, its files and `sound`.
    package let identity: String

    /// Computes `identity` from `source`, so a tag always matches the timeline and files it was made from.
    package init(sound: SoundtrackSettings, sampleCount: Int64, delay: Int, source: SegmentSource) {
        self.sound = sound
        self.sampleCount = sampleCount
        self.delay = delay
        timeline = source.timeline
        identity = Self.identity(source: source, sound: sound)
    }

    /// The digest a soundtrack of `source` mixed with `sound` carries; the join recomputes it.
    package static func identity(source: SegmentSource, sound: SoundtrackSettings) -> String {
        Digest.hex(of: Array("reel soundtrack identity 1\ntimeline \(source.timeline)\nfiles \(source.files)\nsound \(sound.text)\n".utf8))
    }

    /// The words every soundtrack's tag starts with.
    package static let prefix = "reel soundtrack "

    /// The tag as written into the file's comment; `init?(text:)` reads it back.
    package var text: String {
        Self.prefix + "sound \(sound.text) samples \(sampleCount) delay \(delay) timeline \(timeline) identity \(identity)"
    }

    /// The tag in `text`, or nil when it is not one; every number read exactly (digits only).
    package init?(text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 12, words[0] == "reel", words[1] == "soundtrack", words[2] == "sound", words[4] == "samples", words[6] == "delay",
            words[8] == "timeline", words[10] == "identity", let sound = SoundtrackSettings(text: words[3]),
            let samples = WholeNumber.parse(words[5]), let delay = WholeNumber.parse(words[7]), delay <= 1 << 16,
            SegmentTag.isDigest(words[9]), SegmentTag.isDigest(words[11])
        else { return nil }
        self.sound = sound
        sampleCount = Int64(samples)
        self.delay = delay
        timeline = String(words[9])
        identity = String(words[11])
    }
}

/// The settings that shape a soundtrack once mixed: the AAC bit rate and the loudness target
/// (`--audio-bitrate`, `--loudness`). A join lays only a soundtrack mixed with its own.
package struct SoundtrackSettings: Sendable, Hashable {
    /// AAC bit rate in bits per second.
    package let bitrate: Int
    /// The integrated loudness the mix is brought to, in LUFS; nil leaves it as mixed.
    package let loudnessTarget: Double?

    /// The settings `options` ask of a render of `timeline` (its own bit rate when none is given).
    package init(options: ExportOptions, timeline: Timeline) {
        bitrate = options.audioBitrate ?? timeline.output.audioBitrate
        loudnessTarget = options.loudnessTarget
    }

    /// `aac128000/lufs-14.0`, or `aac128000/lufs-off`.
    package var text: String { "aac\(bitrate)/lufs\(loudnessTarget.map { "\($0)" } ?? "-off")" }

    /// Reads `text` back; nil when it is not such a text.
    init?(text: Substring) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasPrefix("aac"), let rate = WholeNumber.parse(parts[0].dropFirst(3)), parts[1].hasPrefix("lufs")
        else { return nil }
        let target = parts[1].dropFirst(4)
        bitrate = rate
        if target == "-off" {
            loudnessTarget = nil
        } else {
            guard let value = Double(target), value.isFinite else { return nil }
            loudnessTarget = value
        }
    }

    /// In words, for a refusal: `128 kb/s, -14.0 LUFS`.
    package var description: String {
        "\(bitrate / 1000) kb/s, " + (loudnessTarget.map { "\($0) LUFS" } ?? "loudness off")
    }
}
