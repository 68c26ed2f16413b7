import MediaTime

/// An sRGB colour with straight (not premultiplied) 8-bit alpha, as template authors write it.
public struct RGBA8: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = RGBA8(r: 255, g: 255, b: 255)
    public static let black = RGBA8(r: 0, g: 0, b: 0)
}

/// An outline drawn around the glyphs, outside their edges, beneath the fill.
public struct TextStroke: Sendable, Hashable {
    public var color: RGBA8
    /// How far the outline reaches beyond the glyph edge, in output pixels.
    public var width: Double

    public init(color: RGBA8, width: Double) {
        self.color = color
        self.width = width
    }
}

/// A soft copy of the text's ink (fill and stroke) drawn behind it.
public struct TextShadow: Sendable, Hashable {
    public var color: RGBA8
    /// Offset of the shadow in output pixels; positive is right and down.
    public var dx: Double
    public var dy: Double
    /// Blur radius in pixels: the shadow fades out over about this distance (0 is a sharp copy).
    public var blur: Double

    public init(color: RGBA8, dx: Double, dy: Double, blur: Double) {
        self.color = color
        self.dx = dx
        self.dy = dy
        self.blur = blur
    }
}

/// A filled, optionally rounded rectangle behind the text block.
public struct TextBox: Sendable, Hashable {
    public var color: RGBA8
    /// Space between the text block (its line boxes) and the edge of the box, in pixels.
    public var padding: Double
    public var cornerRadius: Double

    public init(color: RGBA8, padding: Double, cornerRadius: Double = 0) {
        self.color = color
        self.padding = padding
        self.cornerRadius = cornerRadius
    }
}

/// Horizontal placement of each line within the text block (the widest line sets its width).
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case left, center, right
}

/// How a text layer looks. All lengths are in output pixels.
public struct TextStyle: Sendable, Hashable {
    /// A fontconfig pattern such as "DejaVu Sans:bold"; nil means "sans-serif".
    public var fontFamily: String?
    /// A .ttf, .otf or .ttc file (first face); when set it wins over `fontFamily`, which then only
    /// guides the choice of fallback fonts for characters the file lacks.
    public var fontFile: String?
    /// The em size in pixels.
    public var size: Double
    /// Shrink-to-fit floor: when the text does not fit the maximum width and height, the size is
    /// reduced, no further than this. nil means never shrink.
    public var minimumSize: Double?
    public var color: RGBA8
    public var stroke: TextStroke?
    public var shadow: TextShadow?
    public var box: TextBox?
    public var alignment: TextAlignment
    /// Distance between baselines as a multiple of the size, like CSS `line-height`. It does not
    /// depend on the font's own metrics, so a fallback font cannot change the spacing of lines.
    public var lineSpacing: Double
    /// Characters filled in another colour (the spoken word of a karaoke caption).
    public var highlight: TextHighlightRun?

    public init(
        fontFamily: String? = nil, fontFile: String? = nil, size: Double, minimumSize: Double? = nil,
        color: RGBA8 = .white, stroke: TextStroke? = nil, shadow: TextShadow? = nil, box: TextBox? = nil,
        alignment: TextAlignment = .center, lineSpacing: Double = 1.2, highlight: TextHighlightRun? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontFile = fontFile
        self.size = size
        self.minimumSize = minimumSize
        self.color = color
        self.stroke = stroke
        self.shadow = shadow
        self.box = box
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.highlight = highlight
    }
}

/// A run of a text's Unicode scalars (counted over the whole text, line breaks included) whose
/// glyphs are filled with `color` instead of the text colour. Colour glyphs keep their colours.
public struct TextHighlightRun: Sendable, Hashable {
    public var scalars: Range<Int>
    public var color: RGBA8

    public init(scalars: Range<Int>, color: RGBA8) {
        self.scalars = scalars
        self.color = color
    }
}

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
