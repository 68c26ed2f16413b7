import Foundation

/// A 3x3 matrix acting on column vectors, for colour-space arithmetic.
struct Matrix3: Equatable {
    /// Row-major.
    var m: [Double]

    init(_ m: [Double]) { self.m = m }

    init(columns a: (Double, Double, Double), _ b: (Double, Double, Double), _ c: (Double, Double, Double)) {
        m = [a.0, b.0, c.0, a.1, b.1, c.1, a.2, b.2, c.2]
    }

    static func * (l: Matrix3, r: Matrix3) -> Matrix3 {
        Matrix3(
            (0..<9).map { i in
                let row = i / 3
                let col = i % 3
                return (0..<3).reduce(0) { $0 + l.m[row * 3 + $1] * r.m[$1 * 3 + col] }
            })
    }

    func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (m[0] * v.0 + m[1] * v.1 + m[2] * v.2, m[3] * v.0 + m[4] * v.1 + m[5] * v.2, m[6] * v.0 + m[7] * v.1 + m[8] * v.2)
    }

    var inverse: Matrix3? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7]
        let c1 = a[5] * a[6] - a[3] * a[8]
        let c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard abs(det) > 1e-12 else { return nil }
        return Matrix3(
            [
                c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
            ].map { $0 / det })
    }

    /// RGB to XYZ for primaries and a white point given as CIE xy chromaticities (SMPTE RP 177).
    static func rgbToXYZ(red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)) -> Matrix3? {
        func xyz(_ p: (Double, Double)) -> (Double, Double, Double) { (p.0 / p.1, 1, (1 - p.0 - p.1) / p.1) }
        let primaries = Matrix3(columns: xyz(red), xyz(green), xyz(blue))
        guard let inverse = primaries.inverse else { return nil }
        let s = inverse.apply(xyz(white))
        return primaries * Matrix3([s.0, 0, 0, 0, s.1, 0, 0, 0, s.2])
    }
}

/// Moves the colours of a decoded RGB still from the gamut its file declares (Display P3 from
/// phones, Adobe RGB, BT.2020) into sRGB/BT.709, the gamut Reel composes in, keeping its tone curve.
///
/// Without it a Display P3 photo is read as if it were sRGB and comes out duller than it is: its
/// reds and greens are more saturated than the same numbers in sRGB. Colours outside sRGB are
/// clipped. Pictures already in sRGB (within rounding) are left alone.
struct GamutConversion {
    /// Linear light for each 8-bit signal value, by the source curve.
    private let toLinear: [Float]
    /// 8-bit signal for linear light 0...1 in 4096 steps, by the same curve.
    private let toSignal: [UInt8]
    private let matrix: [Float]

    /// sRGB's colorants adapted to D50, as ICC profiles state them.
    static let sRGBColorants = Matrix3(
        columns: (0.4360747, 0.2225045, 0.0139322), (0.3850649, 0.7168786, 0.0971045),
        (0.1430804, 0.0606169, 0.7141733))

    /// From an ICC profile's colorants (D50) and curve; nil when it is sRGB already.
    init?(profile: ICCProfile) {
        guard let toSRGB = Self.sRGBColorants.inverse else { return nil }
        self.init(matrix: toSRGB * profile.colorants, curve: profile.curve)
    }

    /// From H.273 code points (a HEIF `nclx` box); nil for sRGB/BT.709 primaries and for values
    /// Reel does not convert.
    init?(primaries: Int, transfer: Int) {
        let d65 = (0.3127, 0.3290)
        let source: Matrix3?
        switch primaries {
        case 12: source = Matrix3.rgbToXYZ(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
        case 9: source = Matrix3.rgbToXYZ(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65)
        default: source = nil
        }
        guard let source, let srgb = Matrix3.rgbToXYZ(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65),
            let toSRGB = srgb.inverse
        else { return nil }
        let curve: ToneCurve
        switch transfer {
        case 1, 6, 14, 15: curve = .parametric(g: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081, e: 0, f: 0)
        default: curve = .sRGB
        }
        self.init(matrix: toSRGB * source, curve: curve)
    }

    private init?(matrix: Matrix3, curve: ToneCurve) {
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        guard zip(matrix.m, identity).contains(where: { abs($0 - $1) > 0.002 }) else { return nil }
        self.matrix = matrix.m.map(Float.init)
        toLinear = (0..<256).map { Float(curve.linear(Double($0) / 255)) }
        // The curve's inverse, by bisection: curves are increasing, and this runs once per picture.
        toSignal = (0..<4096).map { i in
            let target = Double(i) / 4095
            var lo = 0.0
            var hi = 1.0
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if curve.linear(mid) < target { lo = mid } else { hi = mid }
            }
            return UInt8(min(255, max(0, (lo + hi) / 2 * 255 + 0.5)))
        }
    }

    /// Converts interleaved 8-bit RGB(A) pixels in place (alpha is left as it is).
    func apply(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, bytesPerPixel: Int) {
        let m = matrix
        for row in 0..<height {
            var p = pixels + row * stride
            for _ in 0..<width {
                let r = toLinear[Int(p[0])]
                let g = toLinear[Int(p[1])]
                let b = toLinear[Int(p[2])]
                p[0] = signal(m[0] * r + m[1] * g + m[2] * b)
                p[1] = signal(m[3] * r + m[4] * g + m[5] * b)
                p[2] = signal(m[6] * r + m[7] * g + m[8] * b)
                p += bytesPerPixel
            }
        }
    }

    @inline(__always)
    private func signal(_ linear: Float) -> UInt8 {
        toSignal[Int(min(1, max(0, linear)) * 4095 + 0.5)]
    }
}
