@_exported import Appearance
import DocumentLimits
import MediaTime

/// How a text is drawn, in output pixels: the shared look (`TextLook`), scaled to the output.
public typealias TextStyle = TextLook

/// The bounds text rendering enforces: those of documents (`Limits`), so that a text the template
/// validator or the timeline reader accepts is never refused here.
///
/// Templates are untrusted: these keep one text layer from asking for unbounded memory or time.
public enum TextLimits {
    /// Longest text, in characters (grapheme clusters).
    public static let maxCharacters = Limits.maxLongText
    /// Longest text in Unicode scalars.
    public static let maxScalars = Limits.maxTextScalars
    /// Allowed font sizes in pixels: up to the documents' largest; smaller than their smallest for
    /// the labels of previews and for texts drawn on a thumbnail smaller than the canvas.
    public static let sizes: ClosedRange<Double> = 1...Limits.textSize.upperBound
    /// Largest rendered image side in pixels: the largest canvas.
    public static let maxImageSide = Limits.canvasSide.upperBound
    /// Largest stroke width, shadow offset or blur, box padding or corner radius, in pixels: the
    /// largest any of them may be in a document.
    public static let maxEffectLength = Limits.textBox.upperBound
    /// Allowed line spacing, as a multiple of the size.
    public static let lineSpacings: ClosedRange<Double> = Limits.textLineSpacing
}
