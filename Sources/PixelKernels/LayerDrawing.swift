import MediaIO

extension Compositor {
    /// Draws `layer` onto `canvas` through an affine transform that maps layer pixel coordinates to
    /// canvas coordinates (bilinear sampling, destination pixels whose source falls outside the layer
    /// are untouched), times `opacity`. Used for Ken Burns motion (scale >= 1 about the centre,
    /// translation, rotation) and picture-in-picture.
    ///
    /// Each canvas sample is mapped back through the inverse transform; the chroma planes use the same
    /// transform at half scale. A non-invertible transform draws nothing.
    package static func draw(_ layer: Picture, onto canvas: Picture, transform: AffineTransform, opacity: Double) {
        EntryChecks.picture(layer, "Compositor.draw")
        EntryChecks.picture(canvas, "Compositor.draw")
        let alpha = BlendRows.weight(opacity)
        guard alpha > 0, transform.isInvertible else { return }
        let inverse = transform.inverted()
        for (source, destination) in zip(layer.planes, canvas.planes) {
            let k = Double(source.scale)
            // The same map in plane units: conjugate by the plane's scale.
            let planeInverse = AffineTransform(
                a: inverse.a, b: inverse.b, c: inverse.c, d: inverse.d,
                tx: inverse.tx / k, ty: inverse.ty / k)
            let sampler = BilinearSampler(
                source: source, inverse: planeInverse,
                width: Double(layer.width) / k, height: Double(layer.height) / k)
            RowBands.run(rows: destination.height, samplesPerRow: destination.width) { rows in
                for y in rows {
                    sampler.drawRow(y, into: destination.row(y), count: destination.width, alpha: alpha)
                }
            }
        }
    }
}

/// Bilinear sampling of one plane along the rows of a destination, in 16.16 fixed point.
struct BilinearSampler: Sendable {
    static let unit = 1 << 16
    let source: Plane
    let inverse: AffineTransform
    /// Bounds of the source in sample coordinates (centres at integers): -0.5 ..< size - 0.5.
    let minU: Int, maxU: Int, minV: Int, maxV: Int

    init(source: Plane, inverse: AffineTransform, width: Double, height: Double) {
        self.source = source
        self.inverse = inverse
        let unit = Double(Self.unit)
        minU = Int((-0.5 * unit).rounded(.up))
        maxU = Int(((width - 0.5) * unit).rounded(.up))
        minV = minU
        maxV = Int(((height - 0.5) * unit).rounded(.up))
    }

    /// Blends the layer's samples into destination row `y` wherever they fall inside the layer.
    func drawRow(_ y: Int, into out: UnsafeMutablePointer<UInt8>, count: Int, alpha: Int32) {
        let unit = Double(Self.unit)
        let cy = Double(y) + 0.5
        // Source position of the destination centre (0.5, y + 0.5), as sample coordinates.
        let u0 = Int(((inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5) * unit).rounded())
        let v0 = Int(((inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5) * unit).rounded())
        let du = Int((inverse.a * unit).rounded())
        let dv = Int((inverse.b * unit).rounded())
        // The destination columns whose source lies inside the layer: a contiguous run, found once
        // per row so the loop below has no test.
        var columns = 0..<count
        columns = Self.inside(columns, start: u0, step: du, min: minU, max: maxU)
        columns = Self.inside(columns, start: v0, step: dv, min: minV, max: maxV)
        guard !columns.isEmpty else { return }
        let lastX = source.width &- 1
        let lastY = source.height &- 1
        let ia = BlendRows.one &- alpha
        if dv == 0 {
            // No rotation: one pair of source rows for the whole destination row.
            let y0 = v0 &>> 16
            let fy = Int32(truncatingIfNeeded: (v0 &>> 8) & 255)
            let top = source.row(min(max(y0, 0), lastY))
            let bottom = source.row(min(max(y0 &+ 1, 0), lastY))
            for x in columns {
                let u = u0 &+ x &* du
                let x0 = u &>> 16
                let fx = Int32(truncatingIfNeeded: (u &>> 8) & 255)
                let xa = min(max(x0, 0), lastX)
                let xb = min(max(x0 &+ 1, 0), lastX)
                let upper = Int32(top[xa]) &* (256 &- fx) &+ Int32(top[xb]) &* fx
                let lower = Int32(bottom[xa]) &* (256 &- fx) &+ Int32(bottom[xb]) &* fx
                let value = (upper &* (256 &- fy) &+ lower &* fy &+ 32768) &>> 16
                out[x] = UInt8(truncatingIfNeeded: (Int32(out[x]) &* ia &+ value &* alpha &+ 128) &>> 8)
            }
            return
        }
        for x in columns {
            let u = u0 &+ x &* du
            let v = v0 &+ x &* dv
            let x0 = u &>> 16
            let y0 = v &>> 16
            let fx = Int32(truncatingIfNeeded: (u &>> 8) & 255)
            let fy = Int32(truncatingIfNeeded: (v &>> 8) & 255)
            let xa = min(max(x0, 0), lastX)
            let xb = min(max(x0 &+ 1, 0), lastX)
            let top = source.row(min(max(y0, 0), lastY))
            let bottom = source.row(min(max(y0 &+ 1, 0), lastY))
            let upper = Int32(top[xa]) &* (256 &- fx) &+ Int32(top[xb]) &* fx
            let lower = Int32(bottom[xa]) &* (256 &- fx) &+ Int32(bottom[xb]) &* fx
            let value = (upper &* (256 &- fy) &+ lower &* fy &+ 32768) &>> 16
            out[x] = UInt8(truncatingIfNeeded: (Int32(out[x]) &* ia &+ value &* alpha &+ 128) &>> 8)
        }
    }

    /// The part of `columns` where `start + x * step` lies in `min ..< max`: the estimate from the
    /// division is corrected by exact integer checks, so rounding never admits an outside sample.
    static func inside(_ columns: Range<Int>, start: Int, step: Int, min low: Int, max high: Int) -> Range<Int> {
        func ok(_ x: Int) -> Bool {
            let p = start + x * step
            return p >= low && p < high
        }
        if step == 0 { return ok(0) ? columns : columns.lowerBound..<columns.lowerBound }
        // Where the position crosses each bound, in fractional columns.
        let a = Double(low - start) / Double(step)
        let b = Double(high - start) / Double(step)
        let lo = Swift.max(columns.lowerBound, Int(Swift.min(a, b).rounded(.down)) - 1)
        let hi = Swift.min(columns.upperBound, Int(Swift.max(a, b).rounded(.up)) + 1)
        guard lo < hi else { return columns.lowerBound..<columns.lowerBound }
        var first = Swift.max(lo, columns.lowerBound)
        var end = Swift.min(hi, columns.upperBound)
        while first < end && !ok(first) { first += 1 }
        while end > first && !ok(end - 1) { end -= 1 }
        return first..<end
    }
}
