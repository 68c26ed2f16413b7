import MediaIO
import MediaTime
import TimelineModel

/// Which source picture an output frame shows, as the time asked of the decoder and the
/// `FrameChoice` it is asked with.
///
/// A clip on a timeline puts each source picture on the output frame nearest the picture's own
/// time (exactly halfway between two, on the later one), as ffmpeg's `fps` filter does: a frame
/// at source time *t* shows the last picture starting strictly before *t* plus half an output
/// frame (in source time, half the clip's step). At equal rates that is the source picture nearest
/// *t*; at any rates a picture comes out within half an output frame of the sound made with it,
/// where the picture on screen at *t* lags it by up to a source frame. The shift is the same for
/// every frame of a clip, so forward requests stay on a regular grid (the decoder may skip the
/// pictures between them) and reversed ones on a grid going down. A reversed clip shows the
/// pictures of the same clip played forward, in reverse order: its frame *k* from the end of the
/// source range, the forward clip's frame *k* from the start.
///
/// A video file's own frames (a contact sheet's cells, labelled with their times) are the pictures
/// on screen at the times asked.
struct ClipSampling {
    let choice: FrameChoice
    /// Added to a frame's source time to give the time asked.
    let offset: RationalTime

    /// A clip on a timeline stepping `step` of source time per output frame.
    static func clip(step: RationalTime) -> ClipSampling {
        ClipSampling(choice: .startedBefore, offset: step / 2)
    }

    /// A reversed clip: its frame at source time `end - k * step - ε` (see
    /// `VideoClip.sourceTime(at:)`) mirrors the forward frame at `start + (n - 1 - k) * step`,
    /// which asks for `end - (k + 1) * step + step / 2`.
    static func reversedClip(step: RationalTime) -> ClipSampling {
        ClipSampling(choice: .startedBefore, offset: VideoClip.reversedEpsilon - step / 2)
    }

    /// A file's frames by the times they are shown at.
    static let fileFrames = ClipSampling(choice: .displayed, offset: .zero)

    /// The time to ask for the picture of a frame at source time `t`, wrapped onto the media's
    /// length when the clip loops: the last picture of a pass still shows at the very end of it.
    func requestTime(_ t: RationalTime, loop: Bool, duration: RationalTime?) -> RationalTime {
        let asked = t + offset
        guard loop, let duration, duration.isPositive, asked > duration || (choice == .displayed && asked == duration) else { return asked }
        // [0, duration) when the picture on screen at a time is asked for; (0, duration] when the
        // last started strictly before it.
        let cycles = (asked / duration).ticks(timescale: 1, rounding: choice == .displayed ? .down : .up) - (choice == .displayed ? 0 : 1)
        return asked - duration * cycles
    }
}
