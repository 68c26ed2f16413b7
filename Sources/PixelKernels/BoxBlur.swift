import MediaIO

extension Compositor {
    /// Box-blurs (three passes approximate a Gaussian) in place; used for the blurred-fill background
    /// behind a contained picture. `radius` is the box radius in luma pixels of each pass (the
    /// Gaussian's standard deviation is about the same); the chroma planes use half of it.
    package static func blur(_ picture: Picture, radius: Int) {
        EntryChecks.picture(picture, "Compositor.blur")
        guard radius > 0 else { return }
        EntryChecks.require(radius <= 1 << 20, "Compositor.blur: a radius of \(radius)")
        for plane in picture.planes {
            let r = plane.scale == 1 ? radius : (radius + 1) / 2
            BoxBlur.blur(plane, radius: r, passes: 3)
        }
    }
}

/// Running-sum box blurs: the cost per pixel does not depend on the radius. Edges repeat the
/// border sample, so a flat picture stays exactly flat.
enum BoxBlur {
    /// The box radius whose three passes give a Gaussian of standard deviation `sigma`: three
    /// passes of a box of width `n` have a variance of `(n * n - 1) / 4`.
    static func boxRadius(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        return Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded())
    }

    static func blur(_ plane: Plane, radius: Int, passes: Int) {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: plane.stride * plane.height)
        defer { scratch.deallocate() }
        let temporary = Plane(
            base: scratch, width: plane.width, height: plane.height, stride: plane.stride,
            scale: plane.scale, component: plane.component)
        let n = Int32(2 * radius + 1)
        // Division by the box width as a 16.16 multiply: exact for flat input up to radius 100.
        let reciprocal = (Int32(1 << 16) + n / 2) / n
        for _ in 0..<passes {
            RowBands.run(rows: plane.height, samplesPerRow: plane.width) { rows in
                for y in rows { horizontal(plane.row(y), into: temporary.row(y), width: plane.width, radius: radius, reciprocal: reciprocal) }
            }
            vertical(temporary, into: plane, radius: radius, reciprocal: reciprocal)
        }
    }

    /// One row: a window sum slides along, adding the sample entering and removing the one leaving.
    /// Only the ends need the border repeated; the middle reads without clamping.
    static func horizontal(
        _ source: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
        width: Int, radius: Int, reciprocal: Int32
    ) {
        let last = width &- 1
        var sum: Int32 = 0
        for i in -radius...radius { sum &+= Int32(source[min(max(i, 0), last)]) }
        // Columns whose window, and the next one, lie wholly inside the row.
        let middle = min(radius, width)..<max(min(radius, width), width &- radius &- 1)
        for x in 0..<middle.lowerBound {
            out[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal &+ 32768) &>> 16)
            sum &+= Int32(source[min(x &+ radius &+ 1, last)]) &- Int32(source[max(x &- radius, 0)])
        }
        for x in middle {
            out[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal &+ 32768) &>> 16)
            sum &+= Int32(source[x &+ radius &+ 1]) &- Int32(source[x &- radius])
        }
        for x in middle.upperBound..<width {
            out[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal &+ 32768) &>> 16)
            sum &+= Int32(source[min(x &+ radius &+ 1, last)]) &- Int32(source[max(x &- radius, 0)])
        }
    }

    /// All columns at once: a row of window sums moves down the plane, so the inner loop runs along
    /// rows (contiguous, vectorizable). Bands of columns run in parallel.
    static func vertical(_ source: Plane, into out: Plane, radius: Int, reciprocal: Int32) {
        let columnsPerBand = 256
        let bands = (source.width + columnsPerBand - 1) / columnsPerBand
        RowBands.run(rows: bands, samplesPerRow: columnsPerBand * source.height) { bandRange in
            let sums = UnsafeMutablePointer<Int32>.allocate(capacity: columnsPerBand)
            defer { sums.deallocate() }
            let last = source.height &- 1
            for band in bandRange {
                let x0 = band * columnsPerBand
                let count = min(columnsPerBand, source.width - x0)
                sums.update(repeating: 0, count: count)
                for i in -radius...radius {
                    let row = source.row(min(max(i, 0), last)) + x0
                    for x in 0..<count { sums[x] &+= Int32(row[x]) }
                }
                for y in 0..<source.height {
                    let o = out.row(y) + x0
                    let entering = source.row(min(y &+ radius &+ 1, last)) + x0
                    let leaving = source.row(max(y &- radius, 0)) + x0
                    for x in 0..<count {
                        let s = sums[x]
                        o[x] = UInt8(truncatingIfNeeded: (s &* reciprocal &+ 32768) &>> 16)
                        sums[x] = s &+ Int32(entering[x]) &- Int32(leaving[x])
                    }
                }
            }
        }
    }
}
