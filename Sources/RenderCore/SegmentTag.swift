import MediaTime

/// What a segment file says it is, in its `comment` tag:
/// `reel segment 1/4 frames 450-900 of 1800 picture 540x960/crf20/veryfast/full timeline <sha256> identity <sha256>`.
///
/// The join reads it to put the segments in order and to refuse a set that is not the segments of
/// its timeline (a missing or repeated one, one split another way, one of another timeline or of
/// other files, one rendered with other settings): `timeline` is `SegmentSource.timeline`, and
/// `identity` is `SegmentSource.identity(of:picture:)`, which the join recomputes from its own
/// timeline, its files and the part's picture settings.
package struct SegmentTag: Sendable, Hashable {
    /// Which part of how many, and its frames.
    package let segment: FrameSegment
    /// The frame count of the whole timeline.
    let totalFrames: Int64
    /// The picture settings the segment was rendered with; the join refuses parts whose settings differ.
    package let picture: SegmentPicture
    /// The digest of the timeline's text the segment was rendered from.
    package let timeline: String
    /// The digest of everything that shapes the segment's frames.
    package let identity: String

    /// Computes `identity` from `source`, so a tag always matches the timeline and files it was made from.
    package init(segment: FrameSegment, totalFrames: Int64, picture: SegmentPicture, source: SegmentSource) {
        self.segment = segment
        self.totalFrames = totalFrames
        self.picture = picture
        self.timeline = source.timeline
        self.identity = source.identity(of: segment, picture: picture)
    }

    /// The words every tag of a segment starts with, of this version of the tag or another.
    package static let prefix = "reel segment "

    /// The tag as written into the segment file's comment, one line starting with `prefix`; `init?(text:)` reads it back.
    package var text: String {
        Self.prefix
            + "\(segment.index)/\(segment.count) frames \(segment.frames.lowerBound)-\(segment.frames.upperBound) of \(totalFrames) picture \(picture.text) timeline \(timeline) identity \(identity)"
    }

    /// The tag in `text`, or nil when it is not one. Every number is read exactly (digits only,
    /// within range), whatever a file's tag holds.
    package init?(text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 13, words[0] == "reel", words[1] == "segment", words[3] == "frames", words[5] == "of", words[7] == "picture",
            words[9] == "timeline", words[11] == "identity"
        else { return nil }
        let kn = words[2].split(separator: "/", omittingEmptySubsequences: false)
        let range = words[4].split(separator: "-", omittingEmptySubsequences: false)
        guard kn.count == 2, range.count == 2, let k = WholeNumber.parse(kn[0]), let n = WholeNumber.parse(kn[1]),
            let a = WholeNumber.parse(range[0]), let b = WholeNumber.parse(range[1]), let total = WholeNumber.parse(words[6]), k < n, a < b,
            let picture = SegmentPicture(text: words[8]), Self.isDigest(words[10]), Self.isDigest(words[12])
        else { return nil }
        segment = FrameSegment(index: k, count: n, frames: Int64(a)..<Int64(b))
        totalFrames = Int64(total)
        self.picture = picture
        timeline = String(words[10])
        identity = String(words[12])
    }

    static func isDigest(_ word: Substring) -> Bool {
        word.utf8.count == 64
            && word.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
    }
}
