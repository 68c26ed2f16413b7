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
package final class HDRToneMapper: @unchecked Sendable {
    /// The transfer curve this mapper decodes; one mapper per curve, as its tables are built for it.
    package let range: DynamicRange
    /// Display light (relative to reference white) for each 12-bit signal value, per channel.
    private let signalToLight: UnsafeMutableBufferPointer<Float>
    /// `Ys^0.2` for HLG's OOTF, over `Ys` in 0...1 in 4096 steps.
    private let systemGamma: UnsafeMutableBufferPointer<Float>
    /// SDR signal for display light 0...1, indexed by the square root of the light in 4096 steps:
    /// fine steps near black where the curve is steep, and small enough to stay in the L1 cache.
    private let lightToSignal: UnsafeMutableBufferPointer<Float>
    /// `rollOff(m) / m` for the largest channel `m` in 0...peak, in 4096 steps: the gain applied
    /// to all three channels (a table, because the curve needs divisions).
    private let gain: UnsafeMutableBufferPointer<Float>

    static let referenceWhite: Float = 203
    static let assumedPeak: Float = 1000
    /// Light below this (relative to reference white) is kept as it is; above it, rolled off.
    static let knee: Float = 0.8
    /// The assumed peak relative to reference white: where the roll-off reaches SDR white.
    static let peak = assumedPeak / referenceWhite

    private static let hlg = HDRToneMapper(range: .hlg)
    private static let pq = HDRToneMapper(range: .pq)

    /// The shared mapper for `range`; nil for SDR.
    static func mapper(for range: DynamicRange) -> HDRToneMapper? {
        switch range {
        case .hlg: return hlg
        case .pq: return pq
        case .sdr: return nil
        }
    }

    init(range: DynamicRange) {
        self.range = range
        signalToLight = Self.table(
            (0..<4096).map { i in
                let e = Double(i) / 4095
                switch range {
                case .pq: return Float(Self.pqEOTF(e) / Double(Self.referenceWhite))
                // Scene light; the OOTF needs the pixel's luminance, applied per pixel.
                case .hlg: return Float(Self.hlgInverseOETF(e))
                case .sdr: return Float(e)
                }
            })
        systemGamma = Self.table((0..<4096).map { Float(pow(Double($0) / 4095, 0.2)) })
        gain = Self.table(
            (0..<4096).map { i in
                let m = Self.peak * Float(i) / 4095
                return m > Self.knee ? Self.rollOff(m) / m : 1
            })
        lightToSignal = Self.table((0..<4096).map { Float(pow(pow(Double($0) / 4095, 2), 1 / 2.4)) })
    }

    // The mappers are shared for the life of the process; tables are read without bounds checks
    // in the per-pixel loop, whose indices are bounded by construction.
    private static func table(_ values: [Float]) -> UnsafeMutableBufferPointer<Float> {
        let t = UnsafeMutableBufferPointer<Float>.allocate(capacity: values.count)
        _ = t.initialize(from: values)
        return t
    }

    /// SMPTE ST 2084 EOTF: signal 0...1 to nits.
    static func pqEOTF(_ e: Double) -> Double {
        let m1 = 2610.0 / 16384
        let m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096
        let c2 = 2413.0 / 4096 * 32
        let c3 = 2392.0 / 4096 * 32
        let p = pow(max(e, 0), 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// BT.2100 HLG inverse OETF: signal 0...1 to normalized scene light 0...1.
    static func hlgInverseOETF(_ e: Double) -> Double {
        let a = 0.17883277
        let b = 1 - 4 * a
        let c = 0.5 - a * log(4 * a)
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// The roll-off of step 3: identity up to the knee, then a curve with slope 1 at the knee that
    /// reaches 1 exactly at the peak.
    static func rollOff(_ x: Float) -> Float {
        let knee = Self.knee
        let peak = Self.peak
        guard x > knee else { return x }
        let t = (x - knee) / (1 - knee)
        let tp = (peak - knee) / (1 - knee)
        let g = t * (1 + t / (tp * tp)) / (1 + t)
        return min(1, knee + (1 - knee) * g)
    }

    /// Converts one picture of 16-bit 4:4:4 Y'CbCr (BT.2020 matrix, HDR signal; as swscale writes
    /// `YUV444P16` when only asked to scale) of `width` x `height` into the region of `picture` at
    /// (`x`, `y`). Strides are in samples. swscale's own route to 16-bit RGB costs several times
    /// more than scaling alone, so the matrix is applied here, where it is a few multiplications.
    func convert(
        luma: UnsafePointer<UInt16>, cb: UnsafePointer<UInt16>, cr: UnsafePointer<UInt16>, stride: Int,
        fullRange: Bool, width: Int, height: Int, into picture: Picture, x: Int, y: Int
    ) {
        let blocksX = width / 2
        let blocksY = height / 2
        guard blocksX > 0, blocksY > 0 else { return }
        let bands = min(blocksY, max(1, ProcessInfo.processInfo.activeProcessorCount) * 2)
        // Each band writes its own rows; the planes outlive the call.
        nonisolated(unsafe) let lumaIn = luma
        nonisolated(unsafe) let cbIn = cb
        nonisolated(unsafe) let crIn = cr
        let decode = YCbCr16(fullRange: fullRange)
        nonisolated(unsafe) let lumaPlane = picture.y + y * picture.lumaStride + x
        nonisolated(unsafe) let cbPlane = picture.u + (y / 2) * picture.chromaStride + x / 2
        nonisolated(unsafe) let crPlane = picture.v + (y / 2) * picture.chromaStride + x / 2
        let lumaStride = picture.lumaStride
        let chromaStride = picture.chromaStride
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            // Two pixel rows of R'G'B' floats: each step is its own simple loop over a row, so the
            // arithmetic vectorizes and only the table lookups stay scalar.
            let n = 2 * blocksX
            let rows = UnsafeMutablePointer<Float>.allocate(capacity: 6 * n)
            defer { rows.deallocate() }
            for by in (blocksY * band / bands)..<(blocksY * (band + 1) / bands) {
                for half in 0..<2 {
                    let row = 2 * by + half
                    let r = rows + 3 * half * n
                    let g = r + n
                    let b = g + n
                    let offset = row * stride
                    decode.row(lumaIn + offset, cbIn + offset, crIn + offset, count: n, red: r, green: g, blue: b)
                    mapRow(red: r, green: g, blue: b, count: n)
                    let out = lumaPlane + row * lumaStride
                    for k in 0..<n {
                        out[k] = Self.byte(16 + 219 * (0.2126 * r[k] + 0.7152 * g[k] + 0.0722 * b[k]))
                    }
                }
                // Chroma is linear in R'G'B': the block's chroma is that of its average colour.
                let r0 = rows
                let g0 = rows + n
                let b0 = rows + 2 * n
                let r1 = rows + 3 * n
                let g1 = rows + 4 * n
                let b1 = rows + 5 * n
                let cbRow = cbPlane + by * chromaStride
                let crRow = crPlane + by * chromaStride
                for bx in 0..<blocksX {
                    let i = 2 * bx
                    let red = (r0[i] + r0[i + 1] + r1[i] + r1[i + 1]) * 0.25
                    let green = (g0[i] + g0[i + 1] + g1[i] + g1[i + 1]) * 0.25
                    let blue = (b0[i] + b0[i + 1] + b1[i] + b1[i + 1]) * 0.25
                    let yMean = 0.2126 * red + 0.7152 * green + 0.0722 * blue
                    cbRow[bx] = Self.byte(Swift.min(240, Swift.max(16, 128 + 224 * (blue - yMean) / 1.8556)))
                    crRow[bx] = Self.byte(Swift.min(240, Swift.max(16, 128 + 224 * (red - yMean) / 1.5748)))
                }
            }
        }
    }

    /// HDR R'G'B' 0...1 in place to SDR BT.709 R'G'B' 0...1, over a row.
    private func mapRow(
        red r: UnsafeMutablePointer<Float>, green g: UnsafeMutablePointer<Float>,
        blue b: UnsafeMutablePointer<Float>, count n: Int
    ) {
        let toLight = signalToLight.baseAddress!
        let toSignal = lightToSignal.baseAddress!
        let gammaTable = systemGamma.baseAddress!
        let gainTable = gain.baseAddress!
        let peak = Self.peak
        let knee = Self.knee
        for k in 0..<n {
            r[k] = toLight[Self.index(r[k], 4095)]
            g[k] = toLight[Self.index(g[k], 4095)]
            b[k] = toLight[Self.index(b[k], 4095)]
        }
        if range == .hlg {
            // OOTF: display light = peak * Ys^0.2 * scene light, relative to reference white.
            for k in 0..<n {
                let s = peak * gammaTable[Self.index(0.2627 * r[k] + 0.6780 * g[k] + 0.0593 * b[k], 4095)]
                r[k] *= s
                g[k] *= s
                b[k] *= s
            }
        }
        // BT.2020 to BT.709 primaries in linear light; colours outside BT.709 are clipped.
        for k in 0..<n {
            let r7 = Swift.max(0, 1.6605 * r[k] - 0.5876 * g[k] - 0.0728 * b[k])
            let g7 = Swift.max(0, -0.1246 * r[k] + 1.1329 * g[k] - 0.0083 * b[k])
            let b7 = Swift.max(0, -0.0182 * r[k] - 0.1006 * g[k] + 1.1187 * b[k])
            r[k] = r7
            g[k] = g7
            b[k] = b7
        }
        // Highlights roll off: one gain for all three channels keeps the hue.
        let inversePeak = 1 / peak
        for k in 0..<n {
            let m = Swift.max(r[k], Swift.max(g[k], b[k]))
            guard m > knee else { continue }
            let s = m < peak ? gainTable[Self.index(m * inversePeak, 4095)] : 1 / m
            r[k] *= s
            g[k] *= s
            b[k] *= s
        }
        for k in 0..<n {
            r[k] = toSignal[Self.index(r[k].squareRoot(), 4095)]
            g[k] = toSignal[Self.index(g[k].squareRoot(), 4095)]
            b[k] = toSignal[Self.index(b[k].squareRoot(), 4095)]
        }
    }

    /// A value already in 0...255, rounded, without a checked conversion.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (value + 12_582_912).bitPattern & 0xFF)
    }

    /// Rounded through the float's own bits (adding 1.5 * 2^23 leaves the integer in the low
    /// mantissa bits), which avoids the checked float-to-integer conversion in the hot loop.
    @inline(__always)
    private static func index(_ value: Float, _ steps: Float) -> Int {
        let shifted = Swift.min(Swift.max(value, 0), 1) * steps + 12_582_912
        return Int(shifted.bitPattern & 0x3F_FFFF)
    }
}

/// BT.2020 (non-constant luminance) 16-bit Y'CbCr to R'G'B' 0...1.
struct YCbCr16 {
    let lumaOffset: Float, lumaScale: Float, chromaScale: Float

    init(fullRange: Bool) {
        lumaOffset = fullRange ? 0 : 16 * 256
        lumaScale = fullRange ? 1 / 65535 : 1 / (219 * 256)
        chromaScale = fullRange ? 1 / 65535 : 1 / (224 * 256)
    }

    func row(
        _ y: UnsafePointer<UInt16>, _ cb: UnsafePointer<UInt16>, _ cr: UnsafePointer<UInt16>, count: Int,
        red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>, blue: UnsafeMutablePointer<Float>
    ) {
        for k in 0..<count {
            let l = (Float(y[k]) - lumaOffset) * lumaScale
            let u = (Float(cb[k]) - 32768) * chromaScale
            let v = (Float(cr[k]) - 32768) * chromaScale
            red[k] = l + 1.4746 * v
            green[k] = l - 0.16455 * u - 0.57135 * v
            blue[k] = l + 1.8814 * u
        }
    }
}
