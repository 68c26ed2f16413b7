/// How a text looks: its font, size, colour, outline, shadow, box, alignment and line spacing.
///
/// One type for the three places a text's look lives: a template's text layer (sizes in canvas
/// pixels, a font file relative to the template), a timeline's text item (canvas pixels, the font
/// file's path) and the rasterizer (output pixels, `scaled(by:)`). Its ranges are `Limits`'
/// (`textSize`, `textStroke`, `textShadowOffset`, `textShadowBlur`, `textBox`, `textLineSpacing`),
/// which the template validator, the timeline reader and the text layout all enforce.
public struct TextLook: Sendable, Hashable {
    /// A fontconfig pattern such as "DejaVu Sans:bold"; nil means "sans-serif".
    package var fontFamily: String?
    /// A .ttf, .otf or .ttc file (first face); when set it wins over `fontFamily`, which then only
    /// guides the choice of fallback fonts for characters the file lacks.
    package var fontFile: String?
    /// The em size in pixels.
    package var size: Double
    /// Shrink-to-fit floor: when the text does not fit the maximum width and height, the size is
    /// reduced, no further than this. nil means never shrink.
    package var minimumSize: Double?
    /// Fill colour of the glyphs; colour (emoji) glyphs keep their own colours.
    package var color: RGBAColor
    /// Outline around the glyphs; nil draws none.
    package var stroke: TextStroke?
    /// Shadow behind the ink; nil draws none.
    package var shadow: TextShadow?
    /// Rectangle behind the whole text block; nil draws none.
    package var box: TextBox?
    /// Placement of each line inside the block; the block itself is placed by its layer or item.
    package var alignment: TextAlignment
    /// Distance between baselines as a multiple of the size, like CSS `line-height`. It does not
    /// depend on the font's own metrics, so a fallback font cannot change the spacing of lines.
    package var lineSpacing: Double
    /// Characters filled in another colour (the spoken word of a karaoke caption); a timeline
    /// records it on its text item, not in the look.
    package var highlight: TextHighlightRun?

    /// Lengths are in the caller's pixel space (canvas or output); readers check them against `Limits` before building one.
    public init(
        fontFamily: String? = nil, fontFile: String? = nil, size: Double, minimumSize: Double? = nil,
        color: RGBAColor = .white, stroke: TextStroke? = nil, shadow: TextShadow? = nil, box: TextBox? = nil,
        alignment: TextAlignment = .center, lineSpacing: Double = 1.2, highlight: TextHighlightRun? = nil
    ) {
        self.highlight = highlight
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
    }

    /// The look with every length (size, floor, stroke, shadow, box) multiplied by `scale`: a
    /// canvas-pixel look drawn at another output size.
    package func scaled(by scale: Double) -> TextLook {
        guard scale != 1 else { return self }
        var look = self
        look.size = size * scale
        look.minimumSize = minimumSize.map { $0 * scale }
        look.stroke = stroke.map { TextStroke(color: $0.color, width: $0.width * scale) }
        look.shadow = shadow.map { TextShadow(color: $0.color, dx: $0.dx * scale, dy: $0.dy * scale, blur: $0.blur * scale) }
        look.box = box.map { TextBox(color: $0.color, padding: $0.padding * scale, cornerRadius: $0.cornerRadius * scale) }
        return look
    }
}

/// An outline drawn around the glyphs, outside their edges, beneath the fill.
public struct TextStroke: Sendable, Hashable {
    /// Colour of the outline, independent of the fill colour.
    package var color: RGBAColor
    /// How far the outline reaches beyond the glyph edge, in pixels.
    package var width: Double

    /// `width` in pixels of the look's space; `Limits.textStroke` bounds it.
    public init(color: RGBAColor, width: Double) {
        self.color = color
        self.width = width
    }
}

/// A soft copy of the text's ink (fill and stroke) drawn behind it.
public struct TextShadow: Sendable, Hashable {
    /// Shadow colour, alpha included; usually black or a darker tone of the text.
    package var color: RGBAColor
    /// Offset of the shadow in pixels; positive is right and down.
    package var dx: Double
    /// Vertical offset in pixels; positive is down.
    package var dy: Double
    /// Blur radius in pixels: the shadow fades out over about this distance (0 is a sharp copy).
    package var blur: Double

    /// Offsets and blur in pixels of the look's space; `blur` 0 gives a sharp copy.
    public init(color: RGBAColor, dx: Double, dy: Double, blur: Double) {
        self.color = color
        self.dx = dx
        self.dy = dy
        self.blur = blur
    }
}

/// A filled, optionally rounded rectangle behind the text block.
public struct TextBox: Sendable, Hashable {
    /// Fill colour of the box; a translucent alpha lets the picture show through.
    package var color: RGBAColor
    /// Space between the text block (its line boxes) and the edge of the box, in pixels.
    package var padding: Double
    /// Radius of the rounded corners in pixels; 0 gives square corners.
    package var cornerRadius: Double

    /// Padding and radius in pixels of the look's space; square corners unless `cornerRadius` is given.
    public init(color: RGBAColor, padding: Double, cornerRadius: Double = 0) {
        self.color = color
        self.padding = padding
        self.cornerRadius = cornerRadius
    }
}

/// Horizontal placement of each line within the text block (the widest line sets its width).
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case left, center, right
}

/// A run of a text's Unicode scalars (counted over the whole text, line breaks included) whose
/// glyphs are filled with `color` instead of the text colour. Colour glyphs keep their colours.
public struct TextHighlightRun: Sendable, Hashable {
    /// Half-open range of Unicode scalar offsets into the whole text, line breaks counted.
    package var scalars: Range<Int>
    /// Fill colour for the run's glyphs, replacing the text colour there.
    package var color: RGBAColor

    /// `scalars` counts Unicode scalars of the whole text, line breaks included.
    public init(scalars: Range<Int>, color: RGBAColor) {
        self.scalars = scalars
        self.color = color
    }
}
