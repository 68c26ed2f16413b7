import MediaIO
import MediaTime
import TemplateCore

/// The pictures of clips played backwards, through one `ReverseVideoReader` per clip on screen.
///
/// Each reversed clip gets a decoder of its own (a shared one would be thrown off by the group
/// reads) and keeps its pictures framed at its layer size; both are let go when the clip leaves
/// the screen, so memory is bounded by the reversed clips visible at once.
final class ReversedClips {
    let sources: MediaSources
    private var readers: [Int: ReverseVideoReader] = [:]

    init(sources: MediaSources) {
        self.sources = sources
    }

    /// The picture of clip `index` at source `time`, framed at `width` x `height` by `frame`.
    /// Valid until the next request for the same clip.
    /// - Parameter step: source time between consecutive output frames (frame duration times speed).
    func picture(
        _ index: Int, clip: VideoClip, at time: RationalTime, step: RationalTime, width: Int, height: Int,
        frame: (VideoFrame, Picture) throws(MediaError) -> Void
    ) throws(MediaError) -> Picture {
        if let r = readers[index], r.width != width || r.height != height {
            sources.close(r.decoder)
            readers[index] = nil
        }
        let reader: ReverseVideoReader
        if let r = readers[index] {
            reader = r
        } else {
            reader = ReverseVideoReader(decoder: try sources.openDecoder(clip.media), width: width, height: height)
            readers[index] = reader
        }
        let t = clip.loop ? MediaSources.wrapped(time, duration: reader.decoder.duration) : time
        return try reader.picture(at: t, step: step, frame: frame)
    }

    /// Closes the readers of clips not in `clips`.
    func release(except clips: Set<Int>) {
        for (index, reader) in readers where !clips.contains(index) {
            sources.close(reader.decoder)
            readers[index] = nil
        }
    }
}
