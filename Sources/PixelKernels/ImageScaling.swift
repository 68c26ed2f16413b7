import MediaIO

extension Compositor {
    /// Scales an RGBA image (premultiplying for the filter so edges don't darken), for overlays and
    /// stickers.
    ///
    /// A separable tent filter as wide as the scale step (bilinear when enlarging, an area-like
    /// average when shrinking, so small stickers do not alias). A size of 0 or less gives an empty
    /// image.
    package static func scaled(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        EntryChecks.image(image, "Compositor.scaled")
        guard width > 0, height > 0, image.width > 0, image.height > 0 else { return RGBAImage(width: 0, height: 0) }
        EntryChecks.require(
            EntryChecks.bytes(width, height, 4) != nil && EntryChecks.bytes(width, image.height, 16) != nil,
            "Compositor.scaled: \(image.width)x\(image.height) to \(width)x\(height) overflows")
        let columns = FilterTaps(source: image.width, destination: width)
        let rows = FilterTaps(source: image.height, destination: height)
        // Horizontal pass into premultiplied floats, one row per source row.
        let middle = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * image.height)
        defer { middle.deallocate() }
        let shared = SharedPointer(base: middle)
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let source = SharedPointer(base: UnsafeMutablePointer(mutating: base))
            RowBands.run(rows: image.height, samplesPerRow: width * columns.count) { band in
                for y in band {
                    let line = source.base + y * image.width * 4
                    for x in 0..<width {
                        var sum = SIMD4<Float>()
                        for t in 0..<columns.count {
                            let w = columns.weight(x, t)
                            guard w != 0 else { continue }
                            let p = line + (columns.first(x) + t) * 4
                            let alpha = Float(p[3])
                            sum += SIMD4<Float>(Float(p[0]) * alpha, Float(p[1]) * alpha, Float(p[2]) * alpha, alpha) * w
                        }
                        shared.base[y * width + x] = sum
                    }
                }
            }
        }
        // Vertical pass, then back to straight alpha.
        var result = RGBAImage(width: width, height: height)
        result.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let out = SharedPointer(base: base)
            RowBands.run(rows: height, samplesPerRow: width * rows.count) { band in
                for y in band {
                    for x in 0..<width {
                        var sum = SIMD4<Float>()
                        for t in 0..<rows.count {
                            let w = rows.weight(y, t)
                            guard w != 0 else { continue }
                            sum += shared.base[(rows.first(y) + t) * width + x] * w
                        }
                        let p = out.base + (y * width + x) * 4
                        let alpha = sum.w
                        guard alpha > 0.5 / 255 else {
                            p.update(repeating: 0, count: 4)
                            continue
                        }
                        p[0] = roundedByte(sum.x / alpha)
                        p[1] = roundedByte(sum.y / alpha)
                        p[2] = roundedByte(sum.z / alpha)
                        p[3] = roundedByte(alpha)
                    }
                }
            }
        }
        return result
    }
}

/// For each destination sample along one axis, the source samples it reads and their weights
/// (a tent as wide as the scale step, at least one sample; weights sum to 1).
struct FilterTaps: Sendable {
    /// Taps per destination sample.
    let count: Int
    private let firsts: [Int]
    private let weights: [Float]

    init(source: Int, destination: Int) {
        let step = Double(source) / Double(destination)
        let support = max(step, 1)
        count = min(Int((2 * support).rounded(.up)) + 1, source)
        var firsts = [Int](repeating: 0, count: destination)
        var weights = [Float](repeating: 0, count: destination * count)
        for i in 0..<destination {
            let centre = (Double(i) + 0.5) * step - 0.5
            let first = min(max(Int((centre - support).rounded(.up)), 0), source - count)
            firsts[i] = first
            var total = 0.0
            for t in 0..<count {
                total += max(0, 1 - abs(Double(first + t) - centre) / support)
            }
            for t in 0..<count {
                let w = max(0, 1 - abs(Double(first + t) - centre) / support)
                weights[i * count + t] = Float(total > 0 ? w / total : (t == 0 ? 1 : 0))
            }
        }
        self.firsts = firsts
        self.weights = weights
    }

    @inline(__always) func first(_ i: Int) -> Int { firsts[i] }
    @inline(__always) func weight(_ i: Int, _ t: Int) -> Float { weights[i * count + t] }
}
