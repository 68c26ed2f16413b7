import MediaIO
import RenderCore

/// Why a preview could not be made, when the cause is not a media or render failure.
///
/// Media and render failures keep their own types (`FileAccessError`, `RenderError`), so a corrupt clip
/// reads the same in a preview as in an export.
public enum PreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The requested layout cannot be drawn (no cells, too many, too large).
    case layout(String)
    /// The input has nothing to preview at the requested times.
    case nothingToShow(file: String, reason: String)

    public var description: String {
        switch self {
        case .layout(let reason): "contact sheet: \(reason)"
        case .nothingToShow(let file, let reason): "\(file): making the preview: \(reason)"
        }
    }
}
