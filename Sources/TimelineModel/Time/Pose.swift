import MediaTime

/// Where a layer is: its scale about its centre, the offset of its centre in canvas fractions, and
/// a clockwise rotation. The identity pose fills the layer's frame exactly.
package struct Pose: Sendable, Hashable {
    package var scale: Double
    package var x: Double
    package var y: Double
    package var rotation: Double
    package var opacity: Double

    package init(scale: Double = 1, x: Double = 0, y: Double = 0, rotation: Double = 0, opacity: Double = 1) {
        self.scale = scale
        self.x = x
        self.y = y
        self.rotation = rotation
        self.opacity = opacity
    }

    package static let identity = Pose()
    package var isIdentity: Bool { scale == 1 && x == 0 && y == 0 && rotation == 0 && opacity == 1 }
}
