/// A rectangle in pixels, in the coordinates of a rendered text image.
package struct TextRect: Sendable, Hashable {
    /// Left edge, from the image's left, in pixels.
    package var x: Double
    /// Top edge, from the image's top, in pixels.
    package var y: Double
    /// Width in pixels, fractional: layout is not rounded to the pixel grid.
    package var width: Double
    /// Height in pixels, fractional.
    package var height: Double

    /// Plain values; nothing is checked.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Rendered text, ready to composite.
package struct RenderedText: Sendable {
    /// Straight (not premultiplied) alpha, sRGB, cropped to the ink, the box and the shadow.
    /// Empty (0×0) when nothing is visible, for example for blank text without a box.
    package let image: RGBAImage
    /// The text block (line boxes, alignment applied, without box padding, stroke or shadow) in the
    /// image's coordinates. Place the image through this rectangle, not through the ink, so that
    /// text with and without descenders or effects lines up the same way.
    package let block: TextRect
    /// The size the text was rendered at: the style's size, or smaller after shrinking to fit.
    let fittedSize: Double
    let lineCount: Int
    /// True when the text exceeds the maximum width or height even at the minimum size (or, with
    /// no minimum, at its size). It is still rendered, so the overflow can be seen.
    let overflowed: Bool
    /// True when the text needed more than its most lines even at the minimum size, and was cut at
    /// the end of the last line with an ellipsis.
    let truncated: Bool
}

/// The layout of text without its pixels: what validation needs to warn about text that cannot fit.
package struct TextMeasurement: Sendable, Hashable {
    /// Width of the widest line and height of all line boxes, in pixels.
    package let width: Double
    /// See `width`.
    package let height: Double
    let fittedSize: Double
    let lineCount: Int
    let overflowed: Bool
    let truncated: Bool
}
