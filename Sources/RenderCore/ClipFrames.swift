import MediaIO
import MediaTime
import TimelineModel

/// Draws a decoded picture into a layer-sized picture (by the clip's fit and orientation).
package typealias FrameInto = (VideoFrame, Picture) throws(FileAccessError) -> Void

/// Where one clip's pictures come from, framed at its layer's size: the one interface the
/// renderer asks for a clip's picture at a source time, whatever the medium and the direction.
///
/// Export, previews, posters and animated previews all draw through `FrameRenderer`, so they all
/// read clips through these; a segment of a video (a render of frames [start, end)) is the same
/// requests from a later frame. Three kinds exist: a still (decoded and framed once), a video played
/// forward (a decoder shared by every clip of the file, asked on the clip's step grid) and a video
/// played backwards (a `ReverseVideoReader` of the clip's own, which keeps groups framed).
protocol ClipFrameSource: AnyObject {
    /// The clip's picture at source `time`, framed at `width` x `height` by `frame`; valid until
    /// the next request. `focus` is the centre of a smart clip's window (nil for other fits): a
    /// still framed once is framed again when it moves.
    func picture(at time: RationalTime, width: Int, height: Int, focus: SIMD2<Double>?, frame: FrameInto) throws(FileAccessError) -> Picture
    /// Whether the picture returned is kept by the source for later requests (a still, a reversed
    /// group): whoever changes its pixels (a filter) must work on a copy.
    var keepsPictures: Bool { get }
    /// Lets go of decoders and pictures; the clip has left the screen.
    func close()
}

/// A photo, or a video shown as one frame: decoded once (shared by every clip of the file) and
/// framed once per layer size.
final class StillFrames: ClipFrameSource {
    private let sources: MediaSources
    private let media: String
    private var framed: Picture?
    private var framedFocus: SIMD2<Double>?

    init(sources: MediaSources, media: String) {
        self.sources = sources
        self.media = media
    }

    var keepsPictures: Bool { true }

    func picture(at time: RationalTime, width: Int, height: Int, focus: SIMD2<Double>?, frame: FrameInto) throws(FileAccessError) -> Picture {
        if let framed, framed.width == width, framed.height == height, framedFocus == focus { return framed }
        let decoded = try sources.still(media)
        let p = framed.flatMap { $0.width == width && $0.height == height ? $0 : nil } ?? Picture(width: width, height: height)
        try frame(decoded, p)
        framed = p
        framedFocus = focus
        return p
    }

    func close() { framed = nil }
}

/// A video played forward: the file's shared decoder, asked on the clip's grid of source times
/// (one output frame's duration times the speed apart) so it may skip pictures between them.
final class ForwardFrames: ClipFrameSource {
    private let sources: MediaSources
    private let media: String
    private let loop: Bool
    private let step: RationalTime?
    private let sampling: ClipSampling
    private var working: Picture?

    init(sources: MediaSources, media: String, loop: Bool, step: RationalTime?, sampling: ClipSampling) {
        self.sources = sources
        self.media = media
        self.loop = loop
        self.step = step
        self.sampling = sampling
    }

    var keepsPictures: Bool { false }

    func picture(at time: RationalTime, width: Int, height: Int, focus: SIMD2<Double>?, frame: FrameInto) throws(FileAccessError) -> Picture {
        let decoded = try sources.videoFrame(media, at: time, loop: loop, step: step, sampling: sampling)
        if working?.width != width || working?.height != height { working = Picture(width: width, height: height) }
        guard let p = working else { preconditionFailure("working picture") }
        try frame(decoded, p)
        return p
    }

    func close() { working = nil }
}

/// A video played backwards: a decoder of the clip's own (group reads would throw a shared one off
/// its position) behind a `ReverseVideoReader`, which decodes each group once and keeps the
/// pictures it will show, framed at the layer's size. Its frames show the pictures a forward clip
/// shows at the same source times.
final class ReversedFrames: ClipFrameSource {
    private let sources: MediaSources
    private let media: String
    private let loop: Bool
    private let step: RationalTime
    private let sampling: ClipSampling
    private var reader: ReverseVideoReader?

    init(sources: MediaSources, media: String, loop: Bool, step: RationalTime) {
        self.sources = sources
        self.media = media
        self.loop = loop
        self.step = step
        sampling = .reversedClip(step: step)
    }

    var keepsPictures: Bool { true }

    func picture(at time: RationalTime, width: Int, height: Int, focus: SIMD2<Double>?, frame: FrameInto) throws(FileAccessError) -> Picture {
        if let r = reader, r.width != width || r.height != height { close() }
        let r: ReverseVideoReader
        if let existing = reader {
            r = existing
        } else {
            r = ReverseVideoReader(decoder: try sources.openDecoder(media), width: width, height: height, choice: sampling.choice)
            reader = r
        }
        return try r.picture(at: sampling.requestTime(time, loop: loop, duration: r.decoder.duration), step: step, frame: frame)
    }

    func close() {
        if let r = reader { sources.close(r.decoder) }
        reader = nil
    }
}

/// The frame source of each clip on screen, made when the clip first shows and closed when it
/// leaves, so memory is bounded by the clips visible at once.
final class ClipFrames {
    let sources: MediaSources
    let frameRate: FrameRate
    private var open: [Int: ClipFrameSource] = [:]

    init(sources: MediaSources, frameRate: FrameRate) {
        self.sources = sources
        self.frameRate = frameRate
    }

    /// The source of clip `index`.
    func source(_ index: Int, clip: VideoClip) -> ClipFrameSource {
        if let s = open[index] { return s }
        let step = frameRate.frameDuration * clip.speed
        let s: ClipFrameSource =
            switch (clip.kind, clip.reverse) {
            case (.image, _): StillFrames(sources: sources, media: clip.media)
            case (.video, false): ForwardFrames(sources: sources, media: clip.media, loop: clip.loop, step: step, sampling: .clip(step: step))
            case (.video, true): ReversedFrames(sources: sources, media: clip.media, loop: clip.loop, step: step)
            }
        open[index] = s
        return s
    }

    /// Closes the sources of clips not in `clips`.
    func release(except clips: Set<Int>) {
        for (index, source) in open where !clips.contains(index) {
            source.close()
            open[index] = nil
        }
    }
}

/// The frames of one video file, read as a forward clip's are (`ForwardFrames` on a decoder of
/// its own): what a contact sheet of a video shows. A time names the picture on screen at it, as
/// its cell's label says (`ClipSampling.fileFrames`).
package final class VideoFileFrames {
    private let sources: MediaSources
    private let frames: ForwardFrames

    /// Opens the file's decoder at once, so a file that cannot be decoded fails before any work.
    package init(path: String, decoderThreads: Int = 0, economy: DecodeEconomy = .stills) throws(FileAccessError) {
        sources = MediaSources(baseFolder: nil, maxDecoders: 1, economy: economy, decoderThreads: decoderThreads)
        frames = ForwardFrames(sources: sources, media: path, loop: false, step: nil, sampling: .fileFrames)
        try sources.probeDecoder(path)
    }

    /// The frame shown at `time`, framed at `width` x `height` by `frame`; valid until the next call.
    package func picture(at time: RationalTime, width: Int, height: Int, frame: FrameInto) throws(FileAccessError) -> Picture {
        try frames.picture(at: time, width: width, height: height, focus: nil, frame: frame)
    }
}
