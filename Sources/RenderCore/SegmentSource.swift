import FileAccess
import MediaIO
import MediaTime
import TimelineModel

/// What the segments of one video are rendered from: the timeline and the files it names, as
/// digests every worker and the join compute alike, so the join takes only parts of its own
/// timeline (`SegmentTag` carries them in each part).
///
/// - `timeline`: SHA-256 of the timeline's canonical text (`TimelineCodec.encode`) with media
///   paths relative to its folder, so the same timeline read from another folder or machine, or
///   written with other spacing, has the same digest, and any change of what it says does not.
/// - `files`: SHA-256 over each file it names (media, sounds, overlays, fonts, LUTs, masks), in
///   order: its name as the timeline gives it and its `Digest.fingerprint` (size, first and last
///   MiB). A medium replaced or re-encoded under the same name changes it; a copy of the same file
///   on another machine does not (a modification time would). Not the whole content: each of N
///   workers and the join would read every medium in full.
public struct SegmentSource: Sendable, Hashable {
    /// SHA-256 hex of the timeline's canonical text (see above).
    package let timeline: String
    /// SHA-256 hex over the names and fingerprints of the files it names (see above).
    package let files: String

    /// Both digests as hex; `of(_:folder:)` computes them from a timeline.
    public init(timeline: String, files: String) {
        self.timeline = timeline
        self.files = files
    }

    /// The source of `timeline`, read from a file in `folder` (nil: paths are taken as they are).
    package static func of(_ timeline: Timeline, folder: String?) throws(RenderError) -> SegmentSource {
        let text = TimelineCodec.encode(timeline, mediaRelativeTo: folder)
        let files = Digest()
        for path in timeline.referencedFiles {
            let named = folder.map { MediaPathText.relative(path, from: $0) } ?? path
            let print: (hex: String, size: Int64)
            do { print = try Digest.fingerprint(path) } catch { throw RenderError(media: error) }
            files.update("\(named.utf8.count) \(named) \(print.hex)\n")
        }
        return SegmentSource(timeline: Digest.hex(of: Array(text.utf8)), files: files.finish())
    }

    /// The identity of segment `index` of `count` rendered with `picture`: one digest of all that
    /// shapes its frames, which the join recomputes for each part.
    package func identity(of segment: FrameSegment, picture: SegmentPicture) -> String {
        Digest.hex(
            of: Array(
                "reel segment identity 1\ntimeline \(timeline)\nfiles \(files)\npicture \(picture.text)\nsegment \(segment.index)/\(segment.count) \(segment.frames.lowerBound)-\(segment.frames.upperBound)\n"
                    .utf8))
    }
}

/// The render settings that shape a segment's picture: its size, the encoder's quality and speed
/// (`--quality`, `--size`) and the scaling. Segments of one video must share them; a segment
/// has no sound, so the sound's settings are the join's own.
package struct SegmentPicture: Sendable, Hashable {
    /// Output width in pixels, even.
    package let width: Int
    /// Output height in pixels, even.
    package let height: Int
    /// x264 constant rate factor the segment was encoded with.
    package let crf: Int
    /// x264 preset name (`veryfast`), which changes the encoded frames.
    package let preset: String
    /// Whether cheaper scaling drew the frames (drafts).
    package let fastScaling: Bool

    /// The settings as the export resolved them; `width` and `height` even.
    package init(width: Int, height: Int, crf: Int, preset: String, fastScaling: Bool) {
        self.width = width
        self.height = height
        self.crf = crf
        self.preset = preset
        self.fastScaling = fastScaling
    }

    /// One word: `540x960/crf20/veryfast/full` (`fast` for the drafts' cheaper scaling).
    package var text: String { "\(width)x\(height)/crf\(crf)/\(preset)/\(fastScaling ? "fast" : "full")" }

    /// The settings in `text`, or nil when it is not such a word.
    package init?(text: Substring) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = WholeNumber.parse(size[0]), let h = WholeNumber.parse(size[1]), parts[1].hasPrefix("crf"),
            let crf = WholeNumber.parse(parts[1].dropFirst(3)), !parts[2].isEmpty, parts[2].allSatisfy({ $0.isASCII && $0.isLetter }),
            parts[3] == "fast" || parts[3] == "full"
        else { return nil }
        self.init(width: w, height: h, crf: crf, preset: String(parts[2]), fastScaling: parts[3] == "fast")
    }

    /// For messages: `540x960, CRF 20, preset veryfast`.
    package var description: String {
        "\(width)x\(height), CRF \(crf), preset \(preset)\(fastScaling ? ", fast scaling" : "")"
    }
}
