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
        let cw = picture.chromaWidth
        let ch = picture.chromaHeight
        // Distances per chroma sample, then their 3x3 means turned into alphas.
        let distance = UnsafeMutablePointer<Float>.allocate(capacity: cw &* ch)
        defer { distance.deallocate() }
        let alpha = UnsafeMutablePointer<Float>.allocate(capacity: cw &* ch)
        defer { alpha.deallocate() }
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
        }
        for cy in 0..<ch {
            for cx in 0..<cw {
                var sum: Float = 0
                for dy in -1...1 {
                    let row = distance + min(max(cy &+ dy, 0), ch &- 1) &* cw
                    for dx in -1...1 { sum += row[min(max(cx &+ dx, 0), cw &- 1)] }
                }
                let mean = sum / 9
                alpha[cy &* cw &+ cx] =
                    smoothness > 0.0001 ? clamped((mean - similarity) / smoothness, 0, 1) : (mean > similarity ? 1 : 0)
            }
        }
        // Which channel the screen lights: despill lowers it.
        let screen = key.rgb
        let channel = screen.green >= screen.red && screen.green >= screen.blue ? 1 : (screen.blue >= screen.red ? 2 : 0)
        var pixels = [UInt8](repeating: 0, count: picture.width &* picture.height &* 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let out = buffer.baseAddress else { return }
            for y in 0..<picture.height {
                let luma = picture.y + y &* picture.lumaStride
                let cy = y &>> 1
                let u = picture.u + cy &* picture.chromaStride
                let v = picture.v + cy &* picture.chromaStride
                let row = out + y &* picture.width &* 4
                for x in 0..<picture.width {
                    let cx = x &>> 1
                    let l = (Float(luma[x]) - 16) * (1 / 219)
                    let pb = Float(u[cx]) - 128
                    let pr = Float(v[cx]) - 128
                    var rgb = SIMD3<Float>(
                        clamped(l + pr * RGBBlockKernel.crToRed, 0, 1),
                        clamped(l + pb * RGBBlockKernel.cbToGreen + pr * RGBBlockKernel.crToGreen, 0, 1),
                        clamped(l + pb * RGBBlockKernel.cbToBlue, 0, 1))
                    let others = (rgb.sum() - rgb[channel]) / 2
                    rgb[channel] -= spill * max(rgb[channel] - others, 0)
                    let p = row + x &* 4
                    p[0] = roundedByte(rgb.x * 255)
                    p[1] = roundedByte(rgb.y * 255)
                    p[2] = roundedByte(rgb.z * 255)
                    p[3] = roundedByte(alpha[cy &* cw &+ cx] * 255)
                }
            }
        }
        return RGBAImage(width: picture.width, height: picture.height, pixels: pixels)
    }
}
