@_exported import Appearance
import DocumentLimits
import MediaTime

/// The bounds text rendering enforces: those of documents (`Limits`), so that a text the template
/// validator or the timeline reader accepts is never refused here.
///
/// Templates are untrusted: these keep one text layer from asking for unbounded memory or time.
package enum TextLimits {
    /// Longest text, in characters (grapheme clusters).
    static let maxCharacters = Limits.maxLongText
    /// Longest text in Unicode scalars.
    static let maxScalars = Limits.maxTextScalars
    /// Allowed font sizes in pixels: up to the documents' largest; smaller than their smallest for
    /// the labels of previews and for texts drawn on a thumbnail smaller than the canvas.
    package static let sizes: ClosedRange<Double> = 1...Limits.textSize.upperBound
    /// Largest rendered image side in pixels: the largest canvas.
    static let maxImageSide = Limits.canvasSide.upperBound
    /// Largest stroke width, shadow offset or blur, box padding or corner radius, in pixels: the
    /// largest any of them may be in a document.
    static let maxEffectLength = Limits.textBox.upperBound
    /// Allowed line spacing, as a multiple of the size.
    static let lineSpacings: ClosedRange<Double> = Limits.textLineSpacing
}
