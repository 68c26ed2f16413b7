import MediaTime
import TimelineModel

/// Something drawn above the main track for part or all of the video: a picture-in-picture slot,
/// an image overlay, a text, or the captions.
public struct LayerSpec: Sendable, Hashable {
    /// Unique within the template (slots and layers).
    package var id: String
    /// When it appears, from the start of the video.
    public var start: RationalTime
    /// How long it stays; nil until the end of the video.
    package var duration: RationalTime?
    /// 0 (invisible) to 1 (opaque), multiplied into whatever the content draws.
    package var opacity: Double
    /// How the layer's colour meets the picture under it: a blend mode of the catalog (`normal`
    /// draws it as it is). Captions layers are always `normal`.
    package var blend: String
    /// What the layer shows; its kind decides which of the template's fields it reads.
    package var content: LayerContent

    /// `id` must be unique among slots and layers; the defaults show the layer from the start to the end, opaque, blended normally.
    public init(
        id: String, start: RationalTime = .zero, duration: RationalTime? = nil, opacity: Double = 1, blend: String = "normal",
        content: LayerContent
    ) {
        self.id = id
        self.start = start
        self.duration = duration
        self.opacity = opacity
        self.blend = blend
        self.content = content
    }
}

/// What a layer shows.
public enum LayerContent: Sendable, Hashable {
    case media(MediaLayerSpec)
    case image(ImageLayerSpec)
    case text(TextLayerSpec)
    /// Where and how captions are drawn (their cues come from a caption file).
    case captions(CaptionsLayerSpec)

    /// The word a template writes for it (`"kind": "media"`).
    package var kind: String {
        switch self {
        case .media: "media"
        case .image: "image"
        case .text: "text"
        case .captions: "captions"
        }
    }
}

/// A slot of user media placed in a rectangle of the canvas (picture-in-picture, split screens).
///
/// Media layers are filled after the main track's slots, in layer order, by the same rules.
public struct MediaLayerSpec: Sendable, Hashable {
    /// Which kinds of media may fill the layer, as for a slot.
    package var accepts: SlotAccepts
    /// The rectangle of the canvas the media is framed in, in canvas fractions.
    package var rect: LayerRect
    /// How the media is framed in `rect`.
    package var fit: Fit
    /// Gain of the media's own sound; 0 (the default) mutes it.
    package var volume: Double
    /// How a video fills the layer's time: speed, direction, too short or too long.
    package var playback: Playback
    /// Ken Burns preset or author keyframes inside `rect`; nil leaves the picture still.
    package var motion: MotionSpec?
    /// Filters on the layer's picture, in order, before it is composited.
    package var filters: [EffectSpec]
    /// A key of the catalog (`chroma`) that makes part of the picture transparent, after the
    /// filters; nil keeps it opaque.
    package var key: EffectSpec?

    /// The defaults: any media, cover-fitted, muted, played at normal speed, still, unfiltered and unkeyed.
    package init(
        accepts: SlotAccepts = .any, rect: LayerRect, fit: Fit = .cover, volume: Double = 0, playback: Playback = Playback(),
        motion: MotionSpec? = nil, filters: [EffectSpec] = [], key: EffectSpec? = nil
    ) {
        self.accepts = accepts
        self.rect = rect
        self.fit = fit
        self.volume = volume
        self.playback = playback
        self.motion = motion
        self.filters = filters
        self.key = key
    }
}

/// Which point of a layer is placed at its position.
package enum Anchor: String, Sendable, Hashable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The point as fractions of the layer's width and height (0,0 top-left).
    package var point: (x: Double, y: Double) {
        switch self {
        case .center: (0.5, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}

/// Where a layer sits: the point of the canvas (fractions) its anchor is placed at.
package struct Placement: Sendable, Hashable {
    /// Horizontal position of the anchor, as a fraction of the canvas width (0 left, 1 right).
    package var x: Double
    /// Vertical position of the anchor, as a fraction of the canvas height (0 top, 1 bottom).
    package var y: Double
    /// The point of the layer put at (`x`, `y`): a layer anchored at `bottom` grows upwards from it.
    package var anchor: Anchor

    /// The default centres the layer on the canvas.
    package init(x: Double = 0.5, y: Double = 0.5, anchor: Anchor = .center) {
        self.x = x
        self.y = y
        self.anchor = anchor
    }
}

/// A PNG from the template folder (sticker, logo, frame) drawn over the video.
public struct ImageLayerSpec: Sendable, Hashable {
    /// PNG file relative to the template folder.
    package var file: String
    /// Where the image's anchor sits on the canvas.
    package var placement: Placement
    /// Width as a fraction of the canvas width; the height follows the image.
    package var width: Double
    /// Clockwise degrees.
    package var rotation: Double
    /// Ken Burns preset or keyframes moving the image over its time; nil keeps it still.
    package var motion: MotionSpec?
    /// How the image enters at its start; nil appears at once.
    package var animationIn: LayerAnimation?
    /// How the image leaves at its end; nil disappears at once.
    package var animationOut: LayerAnimation?

    /// `file` must be a PNG inside the template folder; the defaults centre it at 30 % of the canvas width, unturned and still.
    package init(
        file: String, placement: Placement = Placement(), width: Double = 0.3, rotation: Double = 0, motion: MotionSpec? = nil,
        animationIn: LayerAnimation? = nil, animationOut: LayerAnimation? = nil
    ) {
        self.file = file
        self.placement = placement
        self.width = width
        self.rotation = rotation
        self.motion = motion
        self.animationIn = animationIn
        self.animationOut = animationOut
    }
}
