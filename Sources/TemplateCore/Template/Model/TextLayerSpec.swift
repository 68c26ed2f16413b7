/// A text drawn over the video, which the user may fill (`--text title="Lisbon 2026"`).
public struct TextLayerSpec: Sendable, Hashable {
    /// Placeholder name the user fills; nil for fixed text.
    public var key: String?
    /// The text shown when the user gives none for `key`.
    public var text: String
    public var font: FontSpec
    /// Size in pixels of the canvas.
    public var size: Double
    /// Shrink-to-fit floor in pixels; equal to `size` when the text never shrinks.
    public var minSize: Double
    public var color: TemplateColor
    public var stroke: Stroke?
    public var shadow: Shadow?
    public var box: TextBox?
    public var alignment: TextAlignment
    public var placement: Placement
    /// Widest the block may be, as a fraction of the canvas width; longer text wraps.
    public var maxWidth: Double
    /// Most lines the text may wrap onto before it shrinks.
    public var maxLines: Int
    public var animationIn: AnimationSpec?
    public var animationOut: AnimationSpec?

    public init(
        key: String? = nil, text: String, font: FontSpec = .family("sans-serif"), size: Double = 64, minSize: Double? = nil,
        color: TemplateColor = .white, stroke: Stroke? = nil, shadow: Shadow? = nil, box: TextBox? = nil,
        alignment: TextAlignment = .center, placement: Placement = Placement(), maxWidth: Double = 0.9, maxLines: Int = 3,
        animationIn: AnimationSpec? = nil, animationOut: AnimationSpec? = nil
    ) {
        self.key = key
        self.text = text
        self.font = font
        self.size = size
        self.minSize = minSize ?? size
        self.color = color
        self.stroke = stroke
        self.shadow = shadow
        self.box = box
        self.alignment = alignment
        self.placement = placement
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.animationIn = animationIn
        self.animationOut = animationOut
    }

    public struct Stroke: Sendable, Hashable {
        public var color: TemplateColor
        /// Pixels of the canvas.
        public var width: Double

        public init(color: TemplateColor, width: Double) {
            self.color = color
            self.width = width
        }
    }

    public struct Shadow: Sendable, Hashable {
        public var color: TemplateColor
        /// Offset in pixels of the canvas.
        public var x: Double
        public var y: Double
        public var blur: Double

        public init(color: TemplateColor, x: Double, y: Double, blur: Double) {
            self.color = color
            self.x = x
            self.y = y
            self.blur = blur
        }
    }

    /// A filled rectangle behind the text.
    public struct TextBox: Sendable, Hashable {
        public var color: TemplateColor
        /// Pixels between the text and the box's edge.
        public var padding: Double
        /// Corner radius in pixels.
        public var radius: Double

        public init(color: TemplateColor, padding: Double, radius: Double) {
            self.color = color
            self.padding = padding
            self.radius = radius
        }
    }
}

/// A font: a family name looked up on the system, or a font file in the template folder.
public enum FontSpec: Sendable, Hashable {
    case family(String)
    case file(String)
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case left
    case center
    case right
}

/// A colour with opacity as a template writes it (`#rrggbb` or `#rrggbbaa`): the same value a
/// timeline records, so templates and timelines share one type.
public typealias TemplateColor = RGBAColor
