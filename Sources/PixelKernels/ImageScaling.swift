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
        defer {
            columns.deallocate()
            rows.deallocate()
        }
        // Horizontal pass into premultiplied floats, one row per source row. The sizes were checked
        // above (no byte count overflows) and every tap lies inside its row or column (FilterTaps),
        // so the loops index with wrapping arithmetic.
        let middle = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * image.height)
        defer { middle.deallocate() }
        let shared = SharedPointer(base: middle)
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let source = SharedPointer(base: UnsafeMutablePointer(mutating: base))
            RowBands.run(rows: image.height, samplesPerRow: width * columns.count) { band in
                for y in band {
                    let line = source.base + y &* image.width &* 4
                    let row = shared.base + y &* width
                    for x in 0..<width {
                        var sum = SIMD4<Float>()
                        let first = line + columns.first(x) &* 4
                        for t in 0..<columns.count {
                            let w = columns.weight(x, t)
                            guard w != 0 else { continue }
                            let p = first + t &* 4
                            let alpha = Float(p[3])
                            sum += SIMD4<Float>(Float(p[0]) * alpha, Float(p[1]) * alpha, Float(p[2]) * alpha, alpha) * w
                        }
                        row[x] = sum
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
                    let first = shared.base + rows.first(y) &* width
                    let line = out.base + y &* width &* 4
                    for x in 0..<width {
                        var sum = SIMD4<Float>()
                        for t in 0..<rows.count {
                            let w = rows.weight(y, t)
                            guard w != 0 else { continue }
                            sum += first[t &* width &+ x] * w
                        }
                        let p = line + x &* 4
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
///
/// Every destination sample's taps lie inside the source: `0 <= first(i)` and
/// `first(i) + count <= source`. The tables are raw memory, read without bounds checks by the
/// scaling loops (which ask only for `i < destination` and `t < count`), and a value rather than an
/// object so that the loops keep them in registers; `@unchecked Sendable` because they are
/// read-only after init, and freed by `deallocate()` once every band has finished.
struct FilterTaps: @unchecked Sendable {
    /// Taps per destination sample.
    let count: Int
    private let firsts: UnsafeMutablePointer<Int>
    private let weights: UnsafeMutablePointer<Float>

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
        self.firsts = .allocate(capacity: firsts.count)
        self.firsts.initialize(from: firsts, count: firsts.count)
        self.weights = .allocate(capacity: weights.count)
        self.weights.initialize(from: weights, count: weights.count)
    }

    func deallocate() {
        firsts.deallocate()
        weights.deallocate()
    }

    /// The first source sample of destination sample `i` (`i < destination`).
    @inline(__always) func first(_ i: Int) -> Int { firsts[i] }
    /// The weight of tap `t` (`t < count`) of destination sample `i`.
    @inline(__always) func weight(_ i: Int, _ t: Int) -> Float { weights[i &* count &+ t] }
}
