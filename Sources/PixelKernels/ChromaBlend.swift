/// The chroma half of putting an image onto a 4:2:0 picture, written once for every way an image
/// gets there (placed at whole pixels by `Compositor.blend`, turned and sampled by
/// `Compositor.draw`).
///
/// A chroma sample covers a 2x2 block of luma pixels (1 or 2 at an odd-sized picture's last row or
/// column). It moves towards the chroma of each covering image pixel by that pixel's alpha, a
/// share each, so a half-covered block takes the image's own colour at half strength instead of a
/// colour mixed with transparent black.
enum ChromaBlend {
    /// Blends chroma row `cy` of `cb` and `cr`, over the chroma columns holding luma columns
    /// `lumaColumns`. `pixel(px, py)` gives the image at luma pixel (px, py): its alpha (0...255,
    /// 0 where the image is not) and its Cb and Cr each times that alpha. Only the luma pixels in
    /// `coveredRows` and `coveredColumns` are asked for; the others count as transparent.
    @inline(__always)
    static func blend(
        row cy: Int, cb: Plane, cr: Plane, lumaWidth: Int, lumaHeight: Int, strength: Float, lumaColumns: Range<Int>,
        coveredRows: Range<Int>, coveredColumns: Range<Int>,
        pixel: (_ px: Int, _ py: Int) -> (alpha: Float, cb: Float, cr: Float)
    ) {
        let rowCount = 2 &* cy &+ 1 < lumaHeight ? 2 : 1
        // Sample indexes of a plane: wrapping arithmetic cannot overflow.
        let outCb = cb.row(cy)
        let outCr = cr.row(cy)
        for cx in (lumaColumns.lowerBound / 2)..<((lumaColumns.upperBound + 1) / 2) {
            let columnCount = 2 &* cx &+ 1 < lumaWidth ? 2 : 1
            var sumCb: Float = 0
            var sumCr: Float = 0
            var sumAlpha: Float = 0
            for py in (2 &* cy)..<(2 &* cy &+ rowCount) where coveredRows.contains(py) {
                for px in (2 &* cx)..<(2 &* cx &+ columnCount) where coveredColumns.contains(px) {
                    let p = pixel(px, py)
                    sumCb += p.cb
                    sumCr += p.cr
                    sumAlpha += p.alpha
                }
            }
            guard sumAlpha > 0 else { continue }
            let share = strength / Float(rowCount &* columnCount)
            let oldCb = Float(outCb[cx])
            let oldCr = Float(outCr[cx])
            outCb[cx] = roundedByte(oldCb + (sumCb - oldCb * sumAlpha) * share)
            outCr[cx] = roundedByte(oldCr + (sumCr - oldCr * sumAlpha) * share)
        }
    }
}
