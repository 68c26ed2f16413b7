import MediaIO

/// A colour change defined on normalized R'G'B' (0...1); the kernel clips the result to 0...1.
protocol RGBTransform: Sendable {
    /// Maps `count` colours in place, given as three channel rows.
    func apply(
        red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>,
        blue: UnsafeMutablePointer<Float>, count: Int)
}

/// Applies an `RGBTransform` to a 4:2:0 picture, a row of 2x2 blocks at a time.
///
/// Each pixel is converted to R'G'B' with its block's chroma, transformed and clipped, and gives its
/// own Y'; the block's new chroma comes from the average of its pixels' R'G'B' (chroma is linear in
/// R'G'B', so that is the average of their chroma). Clipping in R'G'B' is what makes "brightness 1"
/// white rather than a bright colour. The work goes through rows of floats, one simple loop per
/// step, so that release builds vectorize each step (a pixel-at-a-time version took about 14 ns a
/// pixel; branches from clamping several floats in one loop body were the cause).
enum RGBBlockKernel {
    // BT.709, limited range.
    static let crToRed: Float = 1.5748 / 224, cbToBlue: Float = 1.8556 / 224
    static let crToGreen: Float = -0.2126 * 1.5748 / 0.7152 / 224, cbToGreen: Float = -0.0722 * 1.8556 / 0.7152 / 224

    static func apply<T: RGBTransform>(_ transform: T, to picture: Picture) {
        let luma = picture.lumaPlane
        let cb = picture.cbPlane
        let cr = picture.crPlane
        RowBands.run(rows: cb.height, samplesPerRow: luma.width &* 2) { rows in
            // Scratch rows, once per band: chroma terms and sums per block, R'G'B' per pixel.
            let blocks = cb.width
            let pixels = 2 &* blocks
            let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 6 &* blocks &+ 3 &* pixels)
            defer { scratch.deallocate() }
            let chromaRed = scratch
            let chromaGreen = scratch + blocks
            let chromaBlue = scratch + 2 &* blocks
            let sumRed = scratch + 3 &* blocks
            let sumGreen = scratch + 4 &* blocks
            let sumBlue = scratch + 5 &* blocks
            let red = scratch + 6 &* blocks
            let green = red + pixels
            let blue = green + pixels
            for cy in rows {
                let rowCb = cb.row(cy)
                let rowCr = cr.row(cy)
                for cx in 0..<blocks {
                    let u = Float(rowCb[cx]) - 128
                    let v = Float(rowCr[cx]) - 128
                    chromaRed[cx] = v * crToRed
                    chromaGreen[cx] = u * cbToGreen + v * crToGreen
                    chromaBlue[cx] = u * cbToBlue
                    sumRed[cx] = 0
                    sumGreen[cx] = 0
                    sumBlue[cx] = 0
                }
                let rowCount = 2 &* cy &+ 1 < luma.height ? 2 : 1
                for line in 0..<rowCount {
                    // An odd width's last block reads one sample past the row: still inside the
                    // 64-byte-aligned stride, and overwritten below before it counts.
                    let y = luma.row(2 &* cy &+ line)
                    for cx in 0..<blocks {
                        let x = 2 &* cx
                        let l0 = (Float(y[x]) - 16) * (1 / 219)
                        let l1 = (Float(y[x &+ 1]) - 16) * (1 / 219)
                        red[x] = clamped(l0 + chromaRed[cx], 0, 1)
                        red[x &+ 1] = clamped(l1 + chromaRed[cx], 0, 1)
                        green[x] = clamped(l0 + chromaGreen[cx], 0, 1)
                        green[x &+ 1] = clamped(l1 + chromaGreen[cx], 0, 1)
                        blue[x] = clamped(l0 + chromaBlue[cx], 0, 1)
                        blue[x &+ 1] = clamped(l1 + chromaBlue[cx], 0, 1)
                    }
                    transform.apply(red: red, green: green, blue: blue, count: pixels)
                    for x in 0..<pixels {
                        red[x] = clamped(red[x], 0, 1)
                        green[x] = clamped(green[x], 0, 1)
                        blue[x] = clamped(blue[x], 0, 1)
                    }
                    if luma.width < pixels {
                        let last = luma.width &- 1
                        red[last &+ 1] = red[last]
                        green[last &+ 1] = green[last]
                        blue[last &+ 1] = blue[last]
                    }
                    for x in 0..<luma.width {
                        y[x] = truncatedByte(16.5 + 219 * (0.2126 * red[x] + 0.7152 * green[x] + 0.0722 * blue[x]))
                    }
                    for cx in 0..<blocks {
                        sumRed[cx] += red[2 &* cx] + red[2 &* cx &+ 1]
                        sumGreen[cx] += green[2 &* cx] + green[2 &* cx &+ 1]
                        sumBlue[cx] += blue[2 &* cx] + blue[2 &* cx &+ 1]
                    }
                }
                let share = 1 / Float(2 &* rowCount)
                for cx in 0..<blocks {
                    let r = sumRed[cx] * share
                    let g = sumGreen[cx] * share
                    let b = sumBlue[cx] * share
                    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    rowCb[cx] = truncatedByte(128.5 + 224 / 1.8556 * (b - y))
                    rowCr[cx] = truncatedByte(128.5 + 224 / 1.5748 * (r - y))
                }
            }
        }
    }
}
