import MediaIO

/// A colour change defined on normalized R'G'B' (0...1); the result is clipped to 0...1.
protocol RGBTransform: Sendable {
    /// Maps r, g, b (each 0...1) in place.
    func apply(_ r: inout Float, _ g: inout Float, _ b: inout Float)
}

/// Applies an `RGBTransform` to a 4:2:0 picture, one 2x2 block at a time.
///
/// Each of the block's pixels is converted to R'G'B' with the block's chroma, transformed and
/// clipped, and gives its own Y'; the block's new chroma comes from the average of its pixels'
/// R'G'B' (chroma is linear in R'G'B', so that is the average of their chroma). Clipping in R'G'B'
/// is what makes "brightness 1" white rather than a bright colour. Generic, not a closure, so the
/// release build inlines the transform into the loop.
enum RGBBlockKernel {
    // BT.709, limited range.
    static let crToRed: Float = 1.5748 / 224, cbToBlue: Float = 1.8556 / 224
    static let crToGreen: Float = -0.2126 * 1.5748 / 0.7152 / 224, cbToGreen: Float = -0.0722 * 1.8556 / 0.7152 / 224

    static func apply<T: RGBTransform>(_ transform: T, to picture: Picture) {
        let luma = picture.lumaPlane, cb = picture.cbPlane, cr = picture.crPlane
        RowBands.run(rows: cb.height, samplesPerRow: luma.width &* 2) { rows in
            for cy in rows {
                let rowCount = 2 &* cy &+ 1 < luma.height ? 2 : 1
                let line0 = luma.row(2 &* cy), line1 = luma.row(2 &* cy &+ rowCount &- 1)
                let rowCb = cb.row(cy), rowCr = cr.row(cy)
                for cx in 0..<cb.width {
                    let u = Float(rowCb[cx]) - 128, v = Float(rowCr[cx]) - 128
                    let chroma = Chroma(red: v * crToRed, green: u * cbToGreen + v * crToGreen, blue: u * cbToBlue)
                    let x0 = 2 &* cx, columnCount = x0 &+ 1 < luma.width ? 2 : 1
                    var sum = Chroma(red: 0, green: 0, blue: 0)
                    pixel(line0 + x0, chroma, transform, &sum)
                    if columnCount == 2 { pixel(line0 + (x0 &+ 1), chroma, transform, &sum) }
                    if rowCount == 2 {
                        pixel(line1 + x0, chroma, transform, &sum)
                        if columnCount == 2 { pixel(line1 + (x0 &+ 1), chroma, transform, &sum) }
                    }
                    let share = 1 / Float(rowCount &* columnCount)
                    let r = sum.red * share, g = sum.green * share, b = sum.blue * share
                    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    rowCb[cx] = byte(128 + 224 / 1.8556 * (b - y))
                    rowCr[cx] = byte(128 + 224 / 1.5748 * (r - y))
                }
            }
        }
    }

    /// An R'G'B' triple: the chroma part of a block's colour, or a running sum.
    struct Chroma {
        var red: Float, green: Float, blue: Float
    }

    /// Transforms the pixel at `p` in place and adds its new R'G'B' to `sum`.
    @inline(__always)
    private static func pixel<T: RGBTransform>(_ p: UnsafeMutablePointer<UInt8>, _ chroma: Chroma,
                                               _ transform: T, _ sum: inout Chroma) {
        let l = (Float(p.pointee) - 16) * (1 / 219)
        var r = clip(l + chroma.red), g = clip(l + chroma.green), b = clip(l + chroma.blue)
        transform.apply(&r, &g, &b)
        r = clip(r)
        g = clip(g)
        b = clip(b)
        p.pointee = byte(16 + 219 * (0.2126 * r + 0.7152 * g + 0.0722 * b))
        sum.red += r
        sum.green += g
        sum.blue += b
    }

    @inline(__always)
    static func clip(_ value: Float) -> Float { clampedUnit(value) }

    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        roundedByte(value)
    }
}
