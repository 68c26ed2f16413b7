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
    package var opacity: Double
    package var content: LayerContent

    public init(id: String, start: RationalTime = .zero, duration: RationalTime? = nil, opacity: Double = 1, content: LayerContent) {
        self.id = id
        self.start = start
        self.duration = duration
        self.opacity = opacity
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
    package var accepts: SlotAccepts
    package var rect: LayerRect
    package var fit: Fit
    package var volume: Double
    package var playback: Playback
    package var motion: MotionSpec?
    package var filters: [EffectSpec]

    package init(
        accepts: SlotAccepts = .any, rect: LayerRect, fit: Fit = .cover, volume: Double = 0, playback: Playback = Playback(),
        motion: MotionSpec? = nil, filters: [EffectSpec] = []
    ) {
        self.accepts = accepts
        self.rect = rect
        self.fit = fit
        self.volume = volume
        self.playback = playback
        self.motion = motion
        self.filters = filters
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
    package var x: Double
    package var y: Double
    package var anchor: Anchor

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
    package var placement: Placement
    /// Width as a fraction of the canvas width; the height follows the image.
    package var width: Double
    /// Clockwise degrees.
    package var rotation: Double
    package var motion: MotionSpec?
    package var animationIn: LayerAnimation?
    package var animationOut: LayerAnimation?

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
