import Appearance
import TimelineModel

/// A text drawn over the video, which the user may fill (`--text title="Lisbon 2026"`).
public struct TextLayerSpec: Sendable, Hashable {
    /// Placeholder name the user fills; nil for fixed text.
    package var key: String?
    /// The text shown when the user gives none for `key`.
    package var text: String
    /// How the text looks, in pixels of the canvas; a font file is named relative to the template.
    package var look: TextLook
    /// Where the text block's anchor sits on the canvas.
    package var placement: Placement
    /// Widest the block may be, as a fraction of the canvas width; longer text wraps.
    package var maxWidth: Double
    /// Most lines the text may wrap onto before it shrinks.
    package var maxLines: Int
    /// How the text enters at its start (a catalog text animation); nil appears at once.
    package var animationIn: LayerAnimation?
    /// How the text leaves at its end; nil disappears at once.
    package var animationOut: LayerAnimation?

    /// The defaults: white 64-pixel sans-serif, centred, 90 % of the canvas wide, up to three lines; no shrinking unless `minSize` is given.
    package init(
        key: String? = nil, text: String, font: FontSpec = .family("sans-serif"), size: Double = 64, minSize: Double? = nil,
        color: RGBAColor = .white, stroke: TextStroke? = nil, shadow: TextShadow? = nil, box: TextBox? = nil,
        alignment: TextAlignment = .center, placement: Placement = Placement(), maxWidth: Double = 0.9, maxLines: Int = 3,
        animationIn: LayerAnimation? = nil, animationOut: LayerAnimation? = nil
    ) {
        self.key = key
        self.text = text
        self.look = TextLook(size: size, color: color, stroke: stroke, shadow: shadow, box: box, alignment: alignment)
        self.placement = placement
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.animationIn = animationIn
        self.animationOut = animationOut
        self.font = font
        self.minSize = minSize ?? size
    }

    /// The font as the template names it: a family looked up on the system, or a file of the template.
    package var font: FontSpec {
        get { look.fontFile.map(FontSpec.file) ?? .family(look.fontFamily ?? "sans-serif") }
        set {
            switch newValue {
            case .family(let family): (look.fontFamily, look.fontFile) = (family, nil)
            case .file(let file): (look.fontFamily, look.fontFile) = (nil, file)
            }
        }
    }

    /// Shrink-to-fit floor in pixels; equal to the size when the text never shrinks.
    var minSize: Double {
        get { look.minimumSize ?? look.size }
        set { look.minimumSize = newValue < look.size ? newValue : nil }
    }
}

/// A font: a family name looked up on the system, or a font file in the template folder.
public enum FontSpec: Sendable, Hashable {
    case family(String)
    case file(String)
}
