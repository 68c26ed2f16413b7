import EffectCatalog
import MediaIO
import MediaTime
import PixelKernels
import TimelineModel

/// A failure while rendering, naming the clip and output frame, around what caused it: a media
/// file that failed, or an effect the renderer cannot draw.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    package enum Cause: Error, Sendable {
        case media(FileAccessError)
        case effect(EffectError)
    }

    /// The error underneath: a media file or an effect.
    package let cause: Cause
    /// Id of the clip being drawn when it failed; nil when no clip was.
    package let clip: String?
    /// Output frame being drawn when it failed; printed only with `clip`.
    package let frame: Int64?

    /// `frame` is printed only when `clip` is given.
    package init(_ cause: Cause, clip: String? = nil, frame: Int64? = nil) {
        self.cause = cause
        self.clip = clip
        self.frame = frame
    }

    /// A media file's failure, placed at a clip and frame when known.
    package init(media: FileAccessError, clip: String? = nil, frame: Int64? = nil) {
        self.init(.media(media), clip: clip, frame: frame)
    }

    /// An effect the renderer could not draw, placed at a clip and frame when known.
    package init(effect: EffectError, clip: String? = nil, frame: Int64? = nil) {
        self.init(.effect(effect), clip: clip, frame: frame)
    }

    /// The media error, when a media file is what failed.
    package var media: FileAccessError? {
        if case .media(let error) = cause { return error }
        return nil
    }

    public var description: String {
        var s: String
        switch cause {
        case .media(let error): s = error.description
        case .effect(let error): s = error.description
        }
        if let clip { s += " (clip \(clip)" + (frame.map { ", output frame \($0))" } ?? ")") }
        return s
    }
}
