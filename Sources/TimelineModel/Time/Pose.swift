import MediaTime

/// Where a layer is: its scale about its centre, the offset of its centre in canvas fractions, and
/// a clockwise rotation. The identity pose fills the layer's frame exactly.
package struct Pose: Sendable, Hashable {
    /// Size about the layer's centre, relative to its fitted size (1 fills exactly).
    package var scale: Double
    /// Offset of the centre rightward, as a fraction of the canvas width.
    package var x: Double
    /// Offset of the centre downward, as a fraction of the canvas height.
    package var y: Double
    /// Clockwise degrees about the layer's centre.
    package var rotation: Double
    /// Multiplies the layer's opacity, 0...1: only text animations change it, motion keyframes leave it at 1.
    package var opacity: Double

    /// Every default is the identity, so a pose names only what moves.
    package init(scale: Double = 1, x: Double = 0, y: Double = 0, rotation: Double = 0, opacity: Double = 1) {
        self.scale = scale
        self.x = x
        self.y = y
        self.rotation = rotation
        self.opacity = opacity
    }

    /// The layer as framed: what a layer without keyframes is drawn with.
    package static let identity = Pose()
    /// True when drawing with this pose changes nothing, so the painter can skip the transform.
    package var isIdentity: Bool { scale == 1 && x == 0 && y == 0 && rotation == 0 && opacity == 1 }
}
