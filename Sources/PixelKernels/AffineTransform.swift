import Foundation

/// A 2-D affine map in pixel coordinates (x to the right, y down): `x' = a*x + c*y + tx`,
/// `y' = b*x + d*y + ty`.
///
/// Coordinates are continuous: pixel (i, j) covers the square from (i, j) to (i + 1, j + 1), so its
/// centre is at (i + 0.5, j + 0.5) and scaling about the canvas centre is symmetric.
package struct AffineTransform: Sendable, Hashable {
    package var a: Double
    package var b: Double
    package var c: Double
    package var d: Double
    var tx: Double
    var ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    package static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    package static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    package static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    package static func scale(_ factor: Double) -> AffineTransform { scale(x: factor, y: factor) }

    /// A rotation about the origin; positive angles turn clockwise on screen, since y points down.
    package static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * .pi / 180
        let cosine = cos(r)
        let sine = sin(r)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Scales by `factor` about the point (x, y), which stays where it is (Ken Burns zooms).
    package static func scale(_ factor: Double, aboutX x: Double, y: Double) -> AffineTransform {
        translation(x: -x, y: -y).concatenating(scale(factor)).concatenating(translation(x: x, y: y))
    }

    /// This transform followed by `other`.
    package func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: other.a * a + other.c * b, b: other.b * a + other.d * b,
            c: other.a * c + other.c * d, d: other.b * c + other.d * d,
            tx: other.a * tx + other.c * ty + other.tx, ty: other.b * tx + other.d * ty + other.ty)
    }

    var determinant: Double { a * d - b * c }

    /// Whether the transform can be undone (it does not flatten the plane onto a line or point).
    var isInvertible: Bool { determinant.isFinite && abs(determinant) > 1e-12 }

    /// The inverse transform; a transform that is not invertible is returned unchanged (check
    /// `isInvertible` first where that matters).
    func inverted() -> AffineTransform {
        guard isInvertible else { return self }
        let k = 1 / determinant
        return AffineTransform(
            a: d * k, b: -b * k, c: -c * k, d: a * k,
            tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k)
    }

    /// Maps a point.
    package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }
}
