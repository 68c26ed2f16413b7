import MediaTime

/// Plays a video backwards without seeking back for every picture.
///
/// Asked for times that go down, a plain `VideoDecoder` seeks to the keyframe before each one and
/// decodes forward to it: a whole group of pictures per picture shown (60 for a 2 s group at 30 fps).
/// This reader decodes each group once, forward, keeps the pictures that will be shown, already
/// framed by the caller at the layer's size, and hands them out in reverse; when they run out, the
/// group before is read.
///
/// Memory: decoded frames are full size (3 MB each at 1080p, and a group can hold hundreds), so
/// they are framed as they come out and let go; only framed pictures are kept, and only those some
/// request on the caller's step grid will land on. At most `capacity` of them are held, a `budget`
/// of bytes' worth (96 MB by default: 31 pictures of 1080x1920). A group with more pictures to show
/// (a file with an absurdly long group) keeps its last `capacity` ones and is read again from its
/// keyframe for the earlier ones: cost grows with the group's length, memory does not.
///
/// Exactness: each kept picture carries the interval over which the forward decoder shows it (from
/// its time to the next picture's, by the reader's `choice`), so the picture for a time is exactly
/// the frame `VideoDecoder.frame(at:choice:)` gives for it. A request outside every kept interval (off the grid, or
/// ahead of the last one) reads the group around it again.
package final class ReverseVideoReader {
    /// The decoder it reads backwards, group by group; its position is this reader's to move.
    package let decoder: VideoDecoder
    /// Size of the framed pictures.
    package let width: Int
    /// Height of the framed pictures.
    package let height: Int
    /// Most framed pictures held at once.
    package let capacity: Int
    /// Which picture answers a time, as for `VideoDecoder.frame(at:choice:)`.
    package let choice: FrameChoice
    /// Groups of pictures read so far (a request that found nothing kept reads one).
    package private(set) var groupReads = 0
    /// Pictures framed so far: each picture shown is framed once.
    package private(set) var framedPictures = 0
    /// Most framed pictures held at once so far (never above `capacity`).
    package private(set) var peakHeld = 0

    /// 96 MB of framed pictures: 31 of 1080x1920 (a one-second group at 30 fps), 117 of 540x960.
    package static let defaultBudget = 96 << 20

    /// A framed picture and the source times it is shown for: unbounded below for the first
    /// picture of the stream (it also shows before it), above for the last (it holds).
    private struct Kept {
        let span: ShowSpan
        let picture: Picture
    }

    /// In increasing time.
    private var kept: [Kept] = []
    /// Pictures no longer shown, reused for the next ones framed.
    private var spare: [Picture] = []

    /// `budget` is bytes of pictures to hold (at least two are kept); `width` and `height` are the framed size.
    package init(
        decoder: VideoDecoder, width: Int, height: Int, choice: FrameChoice = .displayed, budget: Int = ReverseVideoReader.defaultBudget
    ) {
        self.decoder = decoder
        self.choice = choice
        self.width = width
        self.height = height
        let probe = Picture(width: width, height: height)
        let bytes = probe.lumaStride * height + 2 * probe.chromaStride * probe.chromaHeight
        capacity = max(2, budget / bytes)
        spare = [probe]
    }

    /// The picture shown at source `time`, framed by `frame` (which draws a decoded frame into a
    /// picture of `width` x `height`). Valid until the next call.
    ///
    /// - Parameter step: source time between successive requests (a frame's duration times the
    ///   speed); the next request is expected at `time - step`. Only pictures on that grid are
    ///   framed. Nil frames every picture.
    package func picture(
        at time: RationalTime, step: RationalTime?,
        frame: (VideoFrame, Picture) throws(FileAccessError) -> Void
    ) throws(FileAccessError) -> Picture {
        var index = kept.lastIndex { $0.span.contains(time) }
        if index == nil {
            try read(through: time, step: step.flatMap { $0.isPositive ? $0 : nil }, frame: frame)
            index = kept.lastIndex { $0.span.contains(time) }
        }
        guard let index else {
            throw FileAccessError(.corrupt, file: decoder.path, operation: "decoding video", reason: "no picture for \(time)")
        }
        // Requests go backwards: the pictures after this one will not be asked for again.
        while kept.count > index + 1 { spare.append(kept.removeLast().picture) }
        return kept[index].picture
    }

    /// Reads the group of pictures up to `target` from its keyframe, keeping the pictures that
    /// requests at `target`, `target - step`, ... will show.
    private func read(
        through target: RationalTime, step: RationalTime?,
        frame: (VideoFrame, Picture) throws(FileAccessError) -> Void
    ) throws(FileAccessError) {
        groupReads += 1
        spare.append(contentsOf: kept.map(\.picture))
        kept.removeAll()
        // A picture's interval ends where the next one starts: each is kept once its successor is seen.
        var pending: (frame: VideoFrame, first: Bool)?
        let ended = try decoder.decodeGroup(through: target, choice: choice) { (next: VideoFrame) throws(FileAccessError) in
            if let p = pending {
                try keep(p.frame, span: span(p.frame, first: p.first, next: next.time), target: target, step: step, frame: frame)
            }
            // A first picture not started by the target is the stream's first: it shows before it too.
            pending = (next, pending == nil && !choice.hasStarted(next.time, by: target))
        }
        // Not at the end, the last picture seen starts after the target: it was only the successor.
        if ended, let p = pending {
            try keep(p.frame, span: span(p.frame, first: p.first, next: nil), target: target, step: step, frame: frame)
        }
    }

    private func span(_ picture: VideoFrame, first: Bool, next: RationalTime?) -> ShowSpan {
        var span = choice.span(start: picture.time, next: next)
        if first { span.lower = nil }
        return span
    }

    private func keep(
        _ decoded: VideoFrame, span: ShowSpan, target: RationalTime, step: RationalTime?,
        frame: (VideoFrame, Picture) throws(FileAccessError) -> Void
    ) throws(FileAccessError) {
        // Only pictures some request at the target or below it on the grid will show.
        guard span.isReached(backwardFrom: target, step: step) else { return }
        let picture: Picture
        if kept.count >= capacity {
            // Too many to keep: the earliest goes, and will be read again when its turn comes.
            picture = kept.removeFirst().picture
        } else {
            picture = spare.popLast() ?? Picture(width: width, height: height)
        }
        try frame(decoded, picture)
        framedPictures += 1
        kept.append(Kept(span: span, picture: picture))
        peakHeld = max(peakHeld, kept.count)
    }
}
