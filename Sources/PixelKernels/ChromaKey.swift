import MediaIO

/// The kernel of one catalog key: which pixels of a picture turn transparent.
///
/// Listed once in `KeyKernels.all`; the render core finds it by the catalog id. A key makes an
/// RGBA image (straight alpha, R'G'B' as the picture's BT.709 limited-range values give them) that
/// the compositor draws as it draws a sticker, so keyed clips take poses, opacity and blend modes
/// like any layer.
package struct KeyKernel: Sendable {
    /// The catalog id of the key it draws.
    package let id: String
    /// The number parameters it reads: the catalog's of the key (a render-core test holds the two
    /// together). Reading any other stops the program.
    package let parameterNames: Set<String>
    let key: @Sendable (_ picture: Picture, _ color: YCbCr, _ values: KeyValues) -> RGBAImage

    init(_ id: String, reads parameterNames: Set<String>, key: @escaping @Sendable (Picture, YCbCr, KeyValues) -> RGBAImage) {
        self.id = id
        self.parameterNames = parameterNames
        self.key = key
    }
}

/// A key kernel's parameters, read by name as `FilterValues` reads a filter's.
struct KeyValues {
    let kernel: KeyKernel
    let parameters: [String: Double]

    /// The value of parameter `name`, which the kernel declares and the caller gave finite.
    func callAsFunction(_ name: String) -> Double {
        EntryChecks.require(kernel.parameterNames.contains(name), "KeyRenderer: \(kernel.id) reads an undeclared '\(name)'")
        let v = parameters[name] ?? .nan
        EntryChecks.require(v.isFinite, "KeyRenderer: \(kernel.id) needs a finite '\(name)', got \(parameters[name].map { "\($0)" } ?? "none")")
        return v
    }
}

/// Every key kernel, found by the catalog id it draws.
package enum KeyKernels {
    /// Every kernel, in catalog order; a render-core test holds them to the catalog's keys.
    package static let all: [KeyKernel] = [.chroma]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The kernel that draws the key `id`; nil when no kernel draws it.
    package static func kernel(_ id: String) -> KeyKernel? {
        byID[id]
    }
}

/// Keys pictures.
package enum KeyRenderer {
    /// The picture as an RGBA image with the key's transparency. `parameters` holds every
    /// parameter the kernel reads, within its range (the render core completes them from the
    /// catalog); `color` is the keyed colour in the picture's coding.
    package static func key(_ kernel: KeyKernel, color: YCbCr, parameters: [String: Double], picture: Picture) -> RGBAImage {
        EntryChecks.picture(picture, "KeyRenderer")
        return kernel.key(picture, color, KeyValues(kernel: kernel, parameters: parameters))
    }
}

extension KeyKernel {
    /// `chroma`, as ffmpeg's `chromakey` then `despill` filters define it, on the 4:2:0 picture:
    ///
    /// - Each chroma sample's distance from the key colour is `√((ΔCb² + ΔCr²) / (2 × 255²))`,
    ///   averaged over the 3x3 samples around it (edges repeat); the block's alpha is 0 up to
    ///   `similarity`, rises linearly over `smoothness` (ffmpeg's `blend`), and is 1 beyond
    ///   (a hard cut when `smoothness` is below 0.0001).
    /// - Spill: in R'G'B', the key colour's strongest channel (green for a green screen) is
    ///   lowered by `spill` times its excess over the mean of the other two (`despill` with
    ///   `mix` 0.5, `expand` 0 and the channel's scale at `-spill`).
    package static let chroma = KeyKernel("chroma", reads: ["similarity", "smoothness", "spill"]) { picture, key, value in
        let similarity = Float(value("similarity"))
        let smoothness = Float(value("smoothness"))
        let spill = Float(value("spill"))
        let alpha = ChromaDistance.alphas(picture, key: key, similarity: similarity, smoothness: smoothness)
        defer { alpha.deallocate() }
        // Which channel the screen lights, as weights: despill lowers that one.
        let screen = key.rgb
        let channel = screen.green >= screen.red && screen.green >= screen.blue ? 1 : (screen.blue >= screen.red ? 2 : 0)
        let weights = SIMD3<Float>(channel == 0 ? 1 : 0, channel == 1 ? 1 : 0, channel == 2 ? 1 : 0)
        var pixels = [UInt8](repeating: 0, count: picture.width &* picture.height &* 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let out = SharedPointer(base: base)
            let alphas = SharedPointer(base: alpha)
            let (luma, cb, cr, cw) = (picture.lumaPlane, picture.cbPlane, picture.crPlane, picture.chromaWidth)
            RowBands.run(rows: picture.height, samplesPerRow: picture.width) { rows in
                for y in rows {
                    let l = luma.row(y)
                    let u = cb.row(y &>> 1)
                    let v = cr.row(y &>> 1)
                    let a = alphas.base + (y &>> 1) &* cw
                    let row = out.base + y &* picture.width &* 4
                    for x in 0..<picture.width {
                        let cx = x &>> 1
                        let lum = (Float(l[x]) - 16) * (1 / 219)
                        let pb = Float(u[cx]) - 128
                        let pr = Float(v[cx]) - 128
                        let r = clamped(lum + pr * RGBBlockKernel.crToRed, 0, 1)
                        let g = clamped(lum + pb * RGBBlockKernel.cbToGreen + pr * RGBBlockKernel.crToGreen, 0, 1)
                        let b = clamped(lum + pb * RGBBlockKernel.cbToBlue, 0, 1)
                        // despill: the screen's channel above the mean of the other two, lowered.
                        let lit = r * weights.x + g * weights.y + b * weights.z
                        let excess = spill * max(lit - (r + g + b - lit) * 0.5, 0)
                        let p = row + x &* 4
                        p[0] = roundedByte((r - excess * weights.x) * 255)
                        p[1] = roundedByte((g - excess * weights.y) * 255)
                        p[2] = roundedByte((b - excess * weights.z) * 255)
                        p[3] = roundedByte(a[cx] * 255)
                    }
                }
            }
        }
        return RGBAImage(width: picture.width, height: picture.height, pixels: pixels)
    }
}

/// The chroma key's alphas, one per chroma sample: the distance from the key colour in Cb and Cr,
/// `√((ΔCb² + ΔCr²) / (2 × 255²))`, averaged over the 3x3 samples around (edges repeated, a box
/// sum across then down), against `similarity` and `smoothness`.
enum ChromaDistance {
    /// `chromaWidth × chromaHeight` alphas in 0...1, row by row; the caller deallocates them.
    static func alphas(_ picture: Picture, key: YCbCr, similarity: Float, smoothness: Float) -> UnsafeMutablePointer<Float> {
        let cw = picture.chromaWidth
        let ch = picture.chromaHeight
        let distance = UnsafeMutablePointer<Float>.allocate(capacity: cw &* ch)
        defer { distance.deallocate() }
        let across = UnsafeMutablePointer<Float>.allocate(capacity: cw &* ch)
        defer { across.deallocate() }
        let alpha = UnsafeMutablePointer<Float>.allocate(capacity: cw &* ch)
        let ku = Float(key.cb)
        let kv = Float(key.cr)
        let norm: Float = 1 / (2 * 255 * 255)
        for cy in 0..<ch {
            let u = picture.u + cy &* picture.chromaStride
            let v = picture.v + cy &* picture.chromaStride
            let d = distance + cy &* cw
            for cx in 0..<cw {
                let du = Float(u[cx]) - ku
                let dv = Float(v[cx]) - kv
                d[cx] = ((du * du + dv * dv) * norm).squareRoot()
            }
            // Sums of three across, the edge sample repeated.
            let s = across + cy &* cw
            for cx in 0..<cw {
                s[cx] = d[max(cx &- 1, 0)] + d[cx] + d[min(cx &+ 1, cw &- 1)]
            }
        }
        let hard = smoothness <= 0.0001
        let scale = hard ? 0 : 1 / smoothness
        for cy in 0..<ch {
            let above = across + max(cy &- 1, 0) &* cw
            let middle = across + cy &* cw
            let below = across + min(cy &+ 1, ch &- 1) &* cw
            let a = alpha + cy &* cw
            for cx in 0..<cw {
                let mean = (above[cx] + middle[cx] + below[cx]) * (1 / 9)
                a[cx] = hard ? (mean > similarity ? 1 : 0) : clamped((mean - similarity) * scale, 0, 1)
            }
        }
        return alpha
    }
}
