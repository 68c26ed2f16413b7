/// Scales a colour glyph's picture (FreeType's BGRA, premultiplied) to the text size.
///
/// Emoji fonts carry one picture size (Noto Color Emoji: 109 px); text is mostly smaller. A
/// separable triangle filter widened to the shrink factor averages every source pixel into the
/// result, so thin outlines neither vanish nor alias as with nearest or plain bilinear sampling;
/// when enlarging it is bilinear interpolation. Filtering premultiplied values keeps edges free
/// of dark fringes. The origin is fractional, so a glyph lands at its exact pen position.
enum ColorBitmapScaler {
    /// A picture as FreeType holds it: rows of `pitch` bytes, four bytes (B, G, R, A) a pixel.
    struct Source {
        let bytes: UnsafeMutablePointer<UInt8>
        let width: Int
        let height: Int
        let pitch: Int
    }

    /// Which source pixels make each output pixel along one axis, and how much each counts:
    /// output pixel `d` reads `count[d]` pixels from `first[d]`, weighted by `weights` from
    /// `offset[d]`. Flat arrays, so the loops below run over plain buffers.
    private struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Float] = []
    }

    /// The picture scaled by `scale` with its top left corner at (`originX`, `originY`) of the
    /// layout: premultiplied RGBA over the returned whole-pixel rectangle.
    static func resample(_ source: Source, scale: Double, originX: Double, originY: Double) -> ([UInt8], InkRect) {
        guard source.width > 0, source.height > 0, scale > 0 else { return ([], .empty) }
        let margin = Int(max(1, scale).rounded(.up))
        let rect = InkRect(
            x0: Int(originX.rounded(.down)) - margin, y0: Int(originY.rounded(.down)) - margin,
            x1: Int((originX + Double(source.width) * scale).rounded(.up)) + margin,
            y1: Int((originY + Double(source.height) * scale).rounded(.up)) + margin)
        let columns = taps(count: source.width, scale: scale, origin: originX, first: rect.x0, count: rect.width)
        let rows = taps(count: source.height, scale: scale, origin: originY, first: rect.y0, count: rect.height)
        let w = rect.width
        // Across each source row first, into RGBA floats; then down each column.
        var across = [Float](repeating: 0, count: source.height * w * 4)
        across.withUnsafeMutableBufferPointer { out in
            columns.weights.withUnsafeBufferPointer { weights in
                for y in 0..<source.height {
                    let line = source.bytes + y * source.pitch
                    for x in 0..<w {
                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                        let first = columns.first[x]
                        let offset = columns.offset[x]
                        for k in 0..<columns.count[x] {
                            let weight = weights[offset + k]
                            let p = line + (first + k) * 4
                            b += weight * Float(p[0])
                            g += weight * Float(p[1])
                            r += weight * Float(p[2])
                            a += weight * Float(p[3])
                        }
                        let i = (y * w + x) * 4
                        (out[i], out[i + 1], out[i + 2], out[i + 3]) = (r, g, b, a)
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: rect.height * w * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            across.withUnsafeBufferPointer { source in
                rows.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<rect.height {
                        let first = rows.first[y]
                        let offset = rows.offset[y]
                        let count = rows.count[y]
                        for x in 0..<w {
                            var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                            for k in 0..<count {
                                let weight = weights[offset + k]
                                let i = ((first + k) * w + x) * 4
                                r += weight * source[i]
                                g += weight * source[i + 1]
                                b += weight * source[i + 2]
                                a += weight * source[i + 3]
                            }
                            let alpha = byte(a)
                            let o = (y * w + x) * 4
                            // Premultiplied: no channel above alpha, whatever the rounding.
                            (out[o], out[o + 1], out[o + 2], out[o + 3]) = (min(byte(r), alpha), min(byte(g), alpha), min(byte(b), alpha), alpha)
                        }
                    }
                }
            }
        }
        return (pixels, rect)
    }

    private static func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 255) + 0.5) }

    /// The taps of `count` output pixels from `first` on, along one axis of `sourceCount` pixels
    /// whose left edge lies at `origin`. Pixels outside the source count as transparent, so the
    /// weights are normalized over the whole window, in the source or not.
    private static func taps(count sourceCount: Int, scale: Double, origin: Double, first: Int, count: Int) -> Taps {
        let radius = max(1, 1 / scale)
        var taps = Taps()
        for d in 0..<count {
            let centre = (Double(first + d) + 0.5 - origin) / scale
            let lo = Int((centre - radius).rounded(.down))
            let hi = Int((centre + radius).rounded(.up))
            var total = 0.0
            for i in lo...hi { total += max(0, 1 - abs(Double(i) + 0.5 - centre) / radius) }
            let start = max(lo, 0)
            let end = min(hi, sourceCount - 1)
            taps.first.append(start)
            taps.offset.append(taps.weights.count)
            guard total > 0, start <= end else {
                taps.count.append(0)
                continue
            }
            taps.count.append(end - start + 1)
            for i in start...end { taps.weights.append(Float(max(0, 1 - abs(Double(i) + 0.5 - centre) / radius) / total)) }
        }
        return taps
    }
}
