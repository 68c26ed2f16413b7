/// An affine map of normalized R'G'B' (0...1): `out = M * rgb + offset`, clipped to 0...1 by the
/// kernel that applies it. Brightness, contrast, temperature, sepia and film fade are all of this
/// form, so one kernel serves them and they compose by multiplication.
struct ColorMatrix: RGBTransform {
    /// Rows of the matrix, the offset in the fourth lane: `red' = dot(red, (r, g, b, 1))`.
    var red: SIMD4<Float>
    var green: SIMD4<Float>
    var blue: SIMD4<Float>

    static let identity = ColorMatrix(red: [1, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, 1, 0])

    /// Channel gains and offsets.
    static func gains(_ r: Float, _ g: Float, _ b: Float, offset: Float = 0) -> ColorMatrix {
        ColorMatrix(red: [r, 0, 0, offset], green: [0, g, 0, offset], blue: [0, 0, b, offset])
    }

    /// Mixes each colour with its gray (BT.709 luma): 0 unchanged, 1 gray.
    static func desaturation(_ amount: Float) -> ColorMatrix {
        let luma = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0) * amount
        let keep = 1 - amount
        return ColorMatrix(red: luma + [keep, 0, 0, 0], green: luma + [0, keep, 0, 0], blue: luma + [0, 0, keep, 0])
    }

    /// `self` followed by `next`.
    func then(_ next: ColorMatrix) -> ColorMatrix {
        func row(_ n: SIMD4<Float>) -> SIMD4<Float> {
            red * n.x + green * n.y + blue * n.z + SIMD4<Float>(0, 0, 0, n.w)
        }
        return ColorMatrix(red: row(next.red), green: row(next.green), blue: row(next.blue))
    }

    /// `identity` at 0, `self` at 1, linear between.
    func strength(_ s: Float) -> ColorMatrix {
        let i = ColorMatrix.identity
        return ColorMatrix(
            red: i.red + (red - i.red) * s, green: i.green + (green - i.green) * s,
            blue: i.blue + (blue - i.blue) * s)
    }

    func apply(
        red r: UnsafeMutablePointer<Float>, green g: UnsafeMutablePointer<Float>,
        blue b: UnsafeMutablePointer<Float>, count: Int
    ) {
        let m = self
        for i in 0..<count {
            let r0 = r[i]
            let g0 = g[i]
            let b0 = b[i]
            r[i] = m.red.x * r0 + m.red.y * g0 + m.red.z * b0 + m.red.w
            g[i] = m.green.x * r0 + m.green.y * g0 + m.green.z * b0 + m.green.w
            b[i] = m.blue.x * r0 + m.blue.y * g0 + m.blue.z * b0 + m.blue.w
        }
    }
}
