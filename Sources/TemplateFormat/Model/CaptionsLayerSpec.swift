import Captions
import DocumentLimits
import MediaTime
import TimelineModel

/// Where and how a template draws captions: the `captions` layer.
///
/// The captions themselves come from `make --captions` or from the caption file the layer names;
/// the layer gives their style, their safe area and their look, so that a template designed
/// around a title at the bottom keeps its captions clear of it.
public struct CaptionsLayerSpec: Sendable, Hashable {
    /// An SRT, WebVTT or JSON words file of the template folder, used when none is given.
    package var file: String?
    /// How words appear over time (plain, box, karaoke, pop).
    package var style: CaptionStyle.Kind
    /// Most lines a cue takes on screen.
    package var lines: Int
    /// The safe area, in canvas fractions.
    package var area: LayerRect
    /// Text size in canvas pixels; nil for 4.5 % of the canvas height.
    package var size: Double?
    /// A font family or a font file of the template folder; nil keeps the style's default family.
    package var font: FontSpec?
    /// Colour of the words; nil keeps the default look's colour.
    package var color: RGBAColor?
    /// The spoken word's colour in karaoke.
    package var highlight: RGBAColor

    /// The defaults match a template that writes nothing but `"kind": "captions"`.
    package init(
        file: String? = nil, style: CaptionStyle.Kind = .plain, lines: Int = Limits.defaultCaptionLines,
        area: LayerRect = CaptionStyle.defaultArea, size: Double? = nil, font: FontSpec? = nil, color: RGBAColor? = nil,
        highlight: RGBAColor = CaptionStyle().highlight
    ) {
        self.file = file
        self.style = style
        self.lines = lines
        self.area = area
        self.size = size
        self.font = font
        self.color = color
        self.highlight = highlight
    }

    /// The caption file's path, for reading it: `file` in `templateFolder`.
    package func filePath(templateFolder: String) -> String? {
        file.map { AssetPath.join(templateFolder, $0) }
    }

    /// The caption style this layer asks for on `canvas`, its font file found in `templateFolder`.
    package func captionStyle(on canvas: Canvas, templateFolder: String) -> CaptionStyle {
        var style = CaptionStyle(kind: style, highlight: highlight, area: area, maxLines: lines)
        var look = style.resolvedLook(on: canvas)
        if let size {
            let scale = size / look.size
            look.size = size
            look.minimumSize = look.minimumSize.map { max(Limits.textSize.lowerBound, ($0 * scale).rounded()) }
            look.stroke?.width = max(1, (size * 0.08).rounded())
            look.box?.padding = (size * 0.3).rounded()
            look.box?.cornerRadius = (size * 0.25).rounded()
        }
        if let color { look.color = color }
        switch font {
        case .family(let family): look.fontFamily = family
        case .file(let path): look.fontFile = AssetPath.join(templateFolder, path)
        case nil: break
        }
        style.look = look
        return style
    }
}

extension Template {
    /// The template's captions layer, if it has one (a template has at most one).
    package var captionsLayer: (index: Int, layer: LayerSpec, spec: CaptionsLayerSpec)? {
        for (i, layer) in layers.enumerated() {
            if case .captions(let spec) = layer.content { return (i, layer, spec) }
        }
        return nil
    }
}
