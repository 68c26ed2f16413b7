import TemplateCore

/// What a segment file says it is, in its `comment` tag: `reel segment 1/4 frames 450-900 of 1800`.
///
/// The join reads it to put the segments in order and to refuse a set that is not the segments of
/// its timeline (a missing or repeated one, one split another way, one of another timeline).
public struct SegmentTag: Sendable, Hashable {
    public let segment: FrameSegment
    /// The frame count of the whole timeline.
    public let totalFrames: Int64

    public init(segment: FrameSegment, totalFrames: Int64) {
        self.segment = segment
        self.totalFrames = totalFrames
    }

    public var text: String {
        "reel segment \(segment.index)/\(segment.count) frames \(segment.frames.lowerBound)-\(segment.frames.upperBound) of \(totalFrames)"
    }

    /// The tag in `text`, or nil when it is not one.
    public init?(text: String) {
        let words = text.split(separator: " ")
        guard words.count == 7, words[0] == "reel", words[1] == "segment", words[3] == "frames", words[5] == "of" else { return nil }
        let kn = words[2].split(separator: "/")
        let range = words[4].split(separator: "-")
        guard kn.count == 2, range.count == 2, let k = Int(kn[0]), let n = Int(kn[1]), let a = Int64(range[0]), let b = Int64(range[1]),
            let total = Int64(words[6]), k >= 0, k < n, a < b
        else { return nil }
        self.init(segment: FrameSegment(index: k, count: n, frames: a..<b), totalFrames: total)
    }
}
