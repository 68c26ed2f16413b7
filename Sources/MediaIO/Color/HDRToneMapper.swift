import Foundation

/// Converts HDR pictures (BT.2100: BT.2020 primaries with an HLG or PQ signal) to the SDR BT.709
/// pictures Reel composes and encodes.
///
/// The steps, per pixel:
/// 1. The signal is turned into display light relative to HDR reference white (203 nits, BT.2408):
///    PQ through its EOTF; HLG through its inverse OETF and its OOTF for a 1000-nit display
///    (system gamma 1.2), which is how HLG is meant to be shown.
/// 2. BT.2020 primaries become BT.709 ones (a 3x3 matrix on linear light); colours outside BT.709
///    are clipped.
/// 3. Highlights are rolled off: the largest of R, G and B is kept as it is up to 0.8 of reference
///    white and compressed smoothly above it so that the assumed peak (1000 nits) lands on SDR
///    white; all three channels are scaled by the same factor, which keeps hues.
/// 4. Light is encoded for an SDR display (the inverse of BT.1886's 2.4 gamma) and written as
///    BT.709 limited-range Y'CbCr 4:2:0, each 2x2 block's chroma from the average of its R'G'B'.
///
/// Reference white lands on SDR white, so a person's face or a sky keeps the brightness it has on
/// an SDR screen, and only what is brighter than white (the sun, lamps, specular glints) is
/// compressed. The transfer functions are table lookups, so the cost is a few nanoseconds a pixel.
public final class HDRToneMapper: @unchecked Sendable {
    public let range: DynamicRange
    /// Display light (relative to reference white) for each 12-bit signal value, per channel.
    private let signalToLight: [Float]
    /// `Ys^0.2` for HLG's OOTF, over `Ys` in 0...1 in 4096 steps.
    private let systemGamma: [Float]
    /// SDR signal for display light 0...1 in 65536 steps.
    private let lightToSignal: [Float]
    private let knee: Float = 0.8
    private let peak: Float

    static let referenceWhite: Float = 203
    static let assumedPeak: Float = 1000

    private static let hlg = HDRToneMapper(range: .hlg)
    private static let pq = HDRToneMapper(range: .pq)

    /// The shared mapper for `range`; nil for SDR.
    public static func mapper(for range: DynamicRange) -> HDRToneMapper? {
        switch range {
        case .hlg: return hlg
        case .pq: return pq
        case .sdr: return nil
        }
    }

    init(range: DynamicRange) {
        self.range = range
        peak = Self.assumedPeak / Self.referenceWhite
        signalToLight = (0..<4096).map { i in
            let e = Double(i) / 4095
            switch range {
            case .pq: return Float(Self.pqEOTF(e) / Double(Self.referenceWhite))
            // Scene light; the OOTF needs the pixel's luminance, applied per pixel.
            case .hlg: return Float(Self.hlgInverseOETF(e))
            case .sdr: return Float(e)
            }
        }
        systemGamma = (0..<4096).map { Float(pow(Double($0) / 4095, 0.2)) }
        lightToSignal = (0..<65536).map { Float(pow(Double($0) / 65535, 1 / 2.4)) }
    }

    /// SMPTE ST 2084 EOTF: signal 0...1 to nits.
    static func pqEOTF(_ e: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(max(e, 0), 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// BT.2100 HLG inverse OETF: signal 0...1 to normalized scene light 0...1.
    static func hlgInverseOETF(_ e: Double) -> Double {
        let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// The roll-off of step 3: identity up to the knee, then a curve with slope 1 at the knee that
    /// reaches 1 exactly at the peak.
    func rollOff(_ x: Float) -> Float {
        guard x > knee else { return x }
        let t = (x - knee) / (1 - knee), tp = (peak - knee) / (1 - knee)
        let g = t * (1 + t / (tp * tp)) / (1 + t)
        return min(1, knee + (1 - knee) * g)
    }

    /// Converts one picture of 16-bit planar R'G'B' (BT.2020 primaries, HDR signal; as swscale
    /// writes `GBRP16`) of `width` x `height` into `rect`-sized region of `picture` at (`x`, `y`).
    /// Planes are given in R, G, B order with their strides in samples.
    public func convert(red: UnsafePointer<UInt16>, green: UnsafePointer<UInt16>, blue: UnsafePointer<UInt16>, stride: Int,
                        width: Int, height: Int, into picture: Picture, x: Int, y: Int) {
        let blocksX = width / 2, blocksY = height / 2
        guard blocksX > 0, blocksY > 0 else { return }
        let bands = min(blocksY, max(1, ProcessInfo.processInfo.activeProcessorCount) * 2)
        // Each band writes its own rows; the planes outlive the call.
        nonisolated(unsafe) let red = red, green = green, blue = blue
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for by in (blocksY * band / bands)..<(blocksY * (band + 1) / bands) {
                for bx in 0..<blocksX {
                    var sum = (r: Float(0), g: Float(0), b: Float(0))
                    for dy in 0..<2 {
                        let row = 2 * by + dy
                        for dx in 0..<2 {
                            let i = row * stride + 2 * bx + dx
                            let light = sdrSignal(red[i], green[i], blue[i])
                            let luma = 0.2126 * light.x + 0.7152 * light.y + 0.0722 * light.z
                            picture.y[(y + row) * picture.lumaStride + x + 2 * bx + dx] = UInt8(16 + 219 * luma + 0.5)
                            sum.r += light.x; sum.g += light.y; sum.b += light.z
                        }
                    }
                    let r = sum.r / 4, g = sum.g / 4, b = sum.b / 4
                    let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    let c = (y / 2 + by) * picture.chromaStride + x / 2 + bx
                    picture.u[c] = UInt8(max(16, min(240, 128 + 224 * (b - luma) / 1.8556 + 0.5)))
                    picture.v[c] = UInt8(max(16, min(240, 128 + 224 * (r - luma) / 1.5748 + 0.5)))
                }
            }
        }
    }

    /// One pixel, 16-bit HDR R'G'B' in, SDR BT.709 R'G'B' 0...1 out.
    @inline(__always)
    func sdrSignal(_ r16: UInt16, _ g16: UInt16, _ b16: UInt16) -> SIMD3<Float> {
        var r = signalToLight[Int(r16 >> 4)], g = signalToLight[Int(g16 >> 4)], b = signalToLight[Int(b16 >> 4)]
        if range == .hlg {
            // OOTF: display light = peak * Ys^0.2 * scene light, relative to reference white.
            let ys = min(1, max(0, 0.2627 * r + 0.6780 * g + 0.0593 * b))
            let k = peak * systemGamma[Int(ys * 4095)]
            r *= k; g *= k; b *= k
        }
        // BT.2020 to BT.709 primaries, linear light.
        var r7 = max(0, 1.6605 * r - 0.5876 * g - 0.0728 * b)
        var g7 = max(0, -0.1246 * r + 1.1329 * g - 0.0083 * b)
        var b7 = max(0, -0.0182 * r - 0.1006 * g + 1.1187 * b)
        let m = max(r7, max(g7, b7))
        if m > knee {
            let gain = rollOff(m) / m
            r7 *= gain; g7 *= gain; b7 *= gain
        }
        return SIMD3(lightToSignal[Int(min(1, r7) * 65535)], lightToSignal[Int(min(1, g7) * 65535)],
                     lightToSignal[Int(min(1, b7) * 65535)])
    }
}
