import MediaIO

/// Saturation and grayscale: chroma scaled about neutral (128), luma untouched.
///
/// In Y'CbCr this is exact and needs no conversion: scaling Cb and Cr scales each colour's distance
/// from its gray.
enum ChromaScale {
    static func apply(factor: Double, to picture: Picture) {
        guard factor != 1 else { return }
        // 8.8 fixed point; factor 0 gives exactly 128.
        let k = Int32((factor * 256).rounded())
        for plane in [picture.cbPlane, picture.crPlane] {
            RowBands.run(rows: plane.height, samplesPerRow: plane.width) { rows in
                for y in rows {
                    let row = plane.row(y)
                    for x in 0..<plane.width {
                        let scaled = ((Int32(row[x]) &- 128) &* k &+ 128) &>> 8
                        row[x] = UInt8(truncatingIfNeeded: min(max(scaled &+ 128, 16), 240))
                    }
                }
            }
        }
    }
}
