/// A rectangle in pixels, in the coordinates of a rendered text image.
public struct TextRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Rendered text, ready to composite.
public struct RenderedText: Sendable {
    /// Straight (not premultiplied) alpha, sRGB, cropped to the ink, the box and the shadow.
    /// Empty (0×0) when nothing is visible, for example for blank text without a box.
    public let image: RGBAImage
    /// The text block (line boxes, alignment applied, without box padding, stroke or shadow) in the
    /// image's coordinates. Place the image through this rectangle, not through the ink, so that
    /// text with and without descenders or effects lines up the same way.
    public let block: TextRect
    /// The size the text was rendered at: the style's size, or smaller after shrinking to fit.
    public let fittedSize: Double
    public let lineCount: Int
    /// True when the text exceeds the maximum width or height even at the minimum size (or, with
    /// no minimum, at its size). It is still rendered, so the overflow can be seen.
    public let overflowed: Bool
    /// True when the text needed more than its most lines even at the minimum size, and was cut at
    /// the end of the last line with an ellipsis.
    public let truncated: Bool
}

/// The layout of text without its pixels: what validation needs to warn about text that cannot fit.
public struct TextMeasurement: Sendable, Hashable {
    /// Width of the widest line and height of all line boxes, in pixels.
    public let width: Double
    public let height: Double
    public let fittedSize: Double
    public let lineCount: Int
    public let overflowed: Bool
    public let truncated: Bool
}
