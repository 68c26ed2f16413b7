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

    /// Which source pixels make one output pixel, and how much each counts.
    private struct Taps {
        var first = 0
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

        // Across each source row first, into RGBA floats; then down each column.
        let w = rect.width
        var across = [Float](repeating: 0, count: source.height * w * 4)
        for y in 0..<source.height {
            let line = source.bytes + y * source.pitch
            for x in 0..<w {
                let tap = columns[x]
                var r: Float = 0
                var g: Float = 0
                var b: Float = 0
                var a: Float = 0
                for (k, weight) in tap.weights.enumerated() {
                    let p = line + (tap.first + k) * 4
                    b += weight * Float(p[0])
                    g += weight * Float(p[1])
                    r += weight * Float(p[2])
                    a += weight * Float(p[3])
                }
                let i = (y * w + x) * 4
                across[i] = r
                across[i + 1] = g
                across[i + 2] = b
                across[i + 3] = a
            }
        }
        var out = [UInt8](repeating: 0, count: rect.height * w * 4)
        for y in 0..<rect.height {
            let tap = rows[y]
            for x in 0..<w {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, weight) in tap.weights.enumerated() {
                    let i = ((tap.first + k) * w + x) * 4
                    sum.0 += weight * across[i]
                    sum.1 += weight * across[i + 1]
                    sum.2 += weight * across[i + 2]
                    sum.3 += weight * across[i + 3]
                }
                let alpha = byte(sum.3)
                let o = (y * w + x) * 4
                // Premultiplied: no channel above alpha, whatever the rounding.
                out[o] = min(byte(sum.0), alpha)
                out[o + 1] = min(byte(sum.1), alpha)
                out[o + 2] = min(byte(sum.2), alpha)
                out[o + 3] = alpha
            }
        }
        return (out, rect)
    }

    private static func byte(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 255).rounded()) }

    /// The taps of `count` output pixels from `first` on, along one axis of `sourceCount` pixels
    /// whose left edge lies at `origin`. Pixels outside the source count as transparent, so the
    /// weights are normalized over the whole window, in the source or not.
    private static func taps(count sourceCount: Int, scale: Double, origin: Double, first: Int, count: Int) -> [Taps] {
        let radius = max(1, 1 / scale)
        return (0..<count).map { d in
            let centre = (Double(first + d) + 0.5 - origin) / scale
            let lo = Int((centre - radius).rounded(.down))
            let hi = Int((centre + radius).rounded(.up))
            var weights: [Double] = []
            for i in lo...hi { weights.append(max(0, 1 - abs(Double(i) + 0.5 - centre) / radius)) }
            let total = weights.reduce(0, +)
            let start = max(lo, 0)
            let end = min(hi, sourceCount - 1)
            guard total > 0, start <= end else { return Taps() }
            return Taps(first: start, weights: weights[(start - lo)...(end - lo)].map { Float($0 / total) })
        }
    }
}
