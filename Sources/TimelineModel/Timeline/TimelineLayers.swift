import EffectCatalog
import MediaTime

/// A filter applied to a clip or to the whole video, by catalog id, with its parameters resolved.
public struct Effect: Sendable, Hashable {
    /// Catalog id (`saturation`, `lut`, ...).
    package var kind: String
    /// Every parameter of the kind, defaults filled in, so the renderer needs no catalog lookups.
    package var parameters: [String: Double]
    /// A file the effect reads (the `.cube` of a LUT), resolved like media paths.
    package var file: String?
    /// Parameters that change over time, by name: keyframes whose times count from the start of
    /// what the effect applies to (its clip, or the video for the grade). `parameters` keeps the
    /// value at the middle, for readers that draw one still.
    package var animation: [String: [EffectKeyframe]]

    /// The reader fills `parameters` with every default of `kind`; a caller building one keeps that, as the renderer looks nothing up.
    public init(kind: String, parameters: [String: Double] = [:], file: String? = nil, animation: [String: [EffectKeyframe]] = [:]) {
        self.kind = kind
        self.parameters = parameters
        self.file = file
        self.animation = animation
    }

    /// Every parameter's value at `time` from the start of what the effect applies to.
    package func parameters(at time: RationalTime) -> [String: Double] {
        guard !animation.isEmpty else { return parameters }
        var values = parameters
        for (name, keys) in animation { values[name] = EffectKeyframe.value(keys, at: time) }
        return values
    }
}

/// A key that makes part of a clip's picture transparent (a green screen), every parameter resolved.
public struct ClipKey: Sendable, Hashable {
    /// Catalog key id (`chroma`).
    package var kind: String
    /// The colour made transparent, gamma-encoded as the picture is.
    package var color: RGBColor
    /// Every number parameter of the kind (`similarity`, `smoothness`, `spill`), defaults filled in
    /// when read, so the renderer needs no catalog lookups.
    package var parameters: [String: Double]

    /// The reader fills `parameters` with every default of `kind`; a caller building one keeps that.
    public init(kind: String, color: RGBColor, parameters: [String: Double] = [:]) {
        self.kind = kind
        self.color = color
        self.parameters = parameters
    }
}

/// One key value of an animated effect parameter.
public struct EffectKeyframe: Sendable, Hashable {
    /// From the start of what the effect applies to (its clip, or the video for the grade); keyframes are in increasing time.
    package var time: RationalTime
    /// The parameter's value at `time`, within the catalog range of the parameter it animates.
    package var value: Double
    /// How the value moves from this keyframe to the next.
    package var easing: Easing

    /// Linear easing unless given; `time` counts from the start of what the effect applies to.
    public init(time: RationalTime, value: Double, easing: Easing = .linear) {
        self.time = time
        self.value = value
        self.easing = easing
    }

    /// The value at `time`: the first before the keyframes, the last after them, eased between.
    package static func value(_ keys: [EffectKeyframe], at time: RationalTime) -> Double {
        let span = KeyframeSpan.locate(
            keys, isAfter: { $0.time > time }, fraction: { ((time - $0.time) / ($1.time - $0.time)).seconds },
            easing: \.easing)
        return KeyframeSpan.value(keys, span, \.value)
    }
}

/// One key pose of a layer: where it is at a time; poses in between are eased from it to the next.
public struct TransformKeyframe: Sendable, Hashable {
    /// Time from the start of the layer's timeline range.
    package var time: RationalTime
    /// Size relative to the layer's fitted size (1 fills exactly).
    package var scale: Double
    /// Offset of the layer's centre, as fractions of the canvas width and height.
    package var x: Double
    /// Offset of the layer's centre downward, as a fraction of the canvas height.
    package var y: Double
    /// Clockwise degrees.
    package var rotation: Double
    /// How the value moves from this pose to the next.
    package var easing: Easing

    /// Defaults are the layer as framed: scale 1, no offset, no rotation, linear easing to the next pose.
    public init(time: RationalTime, scale: Double = 1, x: Double = 0, y: Double = 0, rotation: Double = 0, easing: Easing = .linear) {
        self.time = time
        self.scale = scale
        self.x = x
        self.y = y
        self.rotation = rotation
        self.easing = easing
    }
}

/// A change from one main-track clip to the next, centred on the cut between them.
///
/// ```
///            cut
///  clip A ────┼──────▸ (A's handle: frames after its range)
///        ◂────┼──── clip B (B's handle: frames before its range)
///        [ transition ]
/// ```
/// The video's length does not depend on transitions: the cut stays where the slots put it.
public struct Transition: Sendable, Hashable {
    /// Catalog id (`crossfade`, `wipeLeft`, ...).
    package var kind: String
    /// Ids of the clips before and after the cut.
    package var from: String
    /// Id of the main-track clip after the cut; it must follow `from` directly (L015).
    package var to: String
    /// Where the transition plays; on the frame grid, centred on the cut.
    package var range: TimeRange
    /// How the transition's progress moves from 0 to 1 over `range`.
    package var easing: Easing
    /// The catalog parameters of `kind` (e.g. `softness`), defaults filled in when read.
    package var parameters: [String: Double]
    /// A grayscale image for `lumaWipe`.
    package var mask: String?

    /// The caller centres `range` on the cut between `from` and `to`; the rules check it (L015, T053).
    public init(
        kind: String, from: String, to: String, range: TimeRange, easing: Easing = .linear,
        parameters: [String: Double] = [:], mask: String? = nil
    ) {
        self.kind = kind
        self.from = from
        self.to = to
        self.range = range
        self.easing = easing
        self.parameters = parameters
        self.mask = mask
    }
}

/// A rectangle of the canvas, in fractions of its width and height (picture-in-picture, split screens).
public struct LayerRect: Sendable, Hashable {
    /// Left edge, as a fraction of the canvas width from its left side.
    package var x: Double
    /// Top edge, as a fraction of the canvas height from its top (y grows downward).
    package var y: Double
    /// Fraction of the canvas width; above 0, within `Limits.rectSide`.
    package var width: Double
    /// Fraction of the canvas height; above 0, within `Limits.rectSide`.
    package var height: Double

    /// Fractions of the canvas, top-left origin; the reader keeps them within `Limits`, this does not check.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole canvas: the frame of every main-track clip.
    public static let full = LayerRect(x: 0, y: 0, width: 1, height: 1)
}

/// How a text or overlay enters or leaves: one type for the template's `animationIn`/`animationOut`
/// as written and the timeline's as resolved, so the two cannot drift apart.
public struct LayerAnimation: Sendable, Hashable {
    /// Catalog id of a text animation (`fade`, `slideUp`, `pop`, `typewriter`, ...); a template may
    /// write `none`, which the resolver stores as no animation.
    package var kind: String
    /// How long the entrance or exit takes, from the item's start or up to its end; at most `Limits.maxAnimation` when read.
    package var duration: RationalTime

    /// `kind` is a catalog text animation id; nothing is checked here, the reader does it.
    public init(kind: String, duration: RationalTime) {
        self.kind = kind
        self.duration = duration
    }
}

/// Text drawn over the video, with its string already resolved (placeholders filled).
public struct TextItem: Sendable, Hashable {
    /// Unique among the texts (L011), so that `reel edit` can name the item.
    package var id: String
    /// The string as drawn, placeholders already filled; lines break at `\n` and where `maxWidth` wraps.
    package var text: String
    /// When the text shows; within the video and not empty (L014).
    package var timelineRange: TimeRange
    /// Font, size, colours, outline, shadow and box, in canvas pixels (see `TextLook`).
    package var look: TextLook
    /// Where the anchor point of the text block sits, in canvas fractions.
    package var x: Double
    /// Anchor point's vertical place, as a fraction of the canvas height from the top.
    package var y: Double
    /// Which point of the text block is placed there (0,0 top-left; 0.5,0.5 centre).
    package var anchorX: Double
    /// Which point of the block sits at `y`: 0 its top, 1 its bottom.
    package var anchorY: Double
    /// Widest the block may be, as a fraction of the canvas width; it wraps (and shrinks) to fit.
    package var maxWidth: Double
    /// Most lines the block may take: it shrinks (down to `look.minimumSize`) to fit them, and what
    /// still does not fit is cut with an ellipsis. nil sets no bound (timelines written before it).
    package var maxLines: Int?
    /// How the text enters, over the start of its range; nil shows it at once.
    package var animationIn: LayerAnimation?
    /// How the text leaves, over the end of its range; nil hides it at once.
    package var animationOut: LayerAnimation?
    /// Stacking position, in the same space as `VideoClip.layer`: the text is drawn above the clips
    /// of lower layers and below those of higher ones. nil draws it above every clip, as timelines
    /// written before stacking were drawn. See `Stacking`.
    package var layer: Int?
    /// Characters drawn in another colour: the word being spoken, in karaoke captions.
    package var highlight: TextHighlight?
    /// How the text's colour meets the picture under it: a blend mode of the catalog (`normal`
    /// draws it as it is).
    package var blend: String

    /// Defaults centre the block on the canvas, 90 % wide at most, unbounded lines, no animation, above every clip.
    public init(
        id: String, text: String, timelineRange: TimeRange, look: TextLook, x: Double = 0.5, y: Double = 0.5,
        anchorX: Double = 0.5, anchorY: Double = 0.5, maxWidth: Double = 0.9, maxLines: Int? = nil,
        animationIn: LayerAnimation? = nil, animationOut: LayerAnimation? = nil, layer: Int? = nil,
        highlight: TextHighlight? = nil, blend: String = "normal"
    ) {
        self.id = id
        self.text = text
        self.timelineRange = timelineRange
        self.look = look
        self.x = x
        self.y = y
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.animationIn = animationIn
        self.animationOut = animationOut
        self.layer = layer
        self.highlight = highlight
        self.blend = blend
    }
}

/// A run of a text's characters drawn in their own colour, over the whole of the item's range.
///
/// Karaoke captions are one text item per word spoken, each highlighting its word: the timeline
/// says exactly what every frame shows, and each item is rasterized once. Counted in characters
/// (grapheme clusters), as people count them; a run reaching past the text (after an edit
/// shortened it) is cut at its end.
public struct TextHighlight: Sendable, Hashable {
    /// First character, from 0.
    public var start: Int
    /// Characters in the run, from `start`; a run reaching past the text is cut at its end.
    package var length: Int
    /// Colour (with alpha) the run's characters are drawn in, in place of the look's colour.
    package var color: RGBAColor

    /// Counts are in characters (grapheme clusters), not bytes or scalars.
    public init(start: Int, length: Int, color: RGBAColor) {
        self.start = start
        self.length = length
        self.color = color
    }
}

/// A picture with alpha (sticker, logo, frame) drawn over the video.
public struct OverlayItem: Sendable, Hashable {
    /// Unique among the overlays (L011).
    package var id: String
    /// A PNG file, resolved like media paths.
    package var media: String
    /// When the overlay shows; within the video and not empty (L014).
    package var timelineRange: TimeRange
    /// Anchor point's horizontal place, as a fraction of the canvas width.
    package var x: Double
    /// Anchor point's vertical place, as a fraction of the canvas height from the top.
    package var y: Double
    /// Which point of the picture sits at `x`: 0 its left edge, 1 its right.
    package var anchorX: Double
    /// Which point of the picture sits at `y`: 0 its top, 1 its bottom.
    package var anchorY: Double
    /// Width as a fraction of the canvas width; the height follows the image's aspect.
    package var width: Double
    /// Opacity of the whole picture, 0...1, multiplied with its own alpha.
    package var opacity: Double
    /// Poses over time (scale multiplies `width`; x and y add to the position).
    package var motion: [TransformKeyframe]
    /// How the overlay enters, over the start of its range; nil shows it at once.
    package var animationIn: LayerAnimation?
    /// How the overlay leaves, over the end of its range; nil hides it at once.
    package var animationOut: LayerAnimation?
    /// Stacking position, in the same space as `VideoClip.layer` (see `TextItem.layer`); nil draws
    /// it above every clip.
    package var layer: Int?
    /// How the picture's colour meets the picture under it: a blend mode of the catalog (`normal`
    /// draws it as it is).
    package var blend: String

    /// Defaults centre the picture, 30 % of the canvas wide, opaque, still, above every clip, blended normally.
    public init(
        id: String, media: String, timelineRange: TimeRange, x: Double = 0.5, y: Double = 0.5, anchorX: Double = 0.5,
        anchorY: Double = 0.5, width: Double = 0.3, opacity: Double = 1, motion: [TransformKeyframe] = [],
        animationIn: LayerAnimation? = nil, animationOut: LayerAnimation? = nil, layer: Int? = nil, blend: String = "normal"
    ) {
        self.id = id
        self.media = media
        self.timelineRange = timelineRange
        self.x = x
        self.y = y
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.width = width
        self.opacity = opacity
        self.motion = motion
        self.animationIn = animationIn
        self.animationOut = animationOut
        self.layer = layer
        self.blend = blend
    }
}
