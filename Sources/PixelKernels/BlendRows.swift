import MediaIO

/// Row loops shared by the transitions: blends of two rows with fixed-point weights.
///
/// A weight is in 0...256: 0 keeps the first input exactly and 256 gives the second exactly, so a
/// transition at progress 0 or 1 reproduces its inputs bit for bit. The loops use wrapping 32-bit
/// arithmetic over raw pointers so that release builds vectorize them.
enum BlendRows {
    /// The full weight.
    static let one: Int32 = 256

    /// A fraction in 0...1 (clamped; NaN counts as 0) as a weight.
    static func weight(_ fraction: Double) -> Int32 {
        guard fraction > 0 else { return 0 }
        return Int32((min(fraction, 1) * 256).rounded())
    }

    /// `out = a + (b - a) * w / 256`, rounded, for `count` samples.
    @inline(__always)
    static func mix(
        _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
        count: Int, weight w: Int32
    ) {
        let wa = one &- w
        for i in 0..<count {
            let s = Int32(a[i]) &* wa &+ Int32(b[i]) &* w &+ 128
            out[i] = UInt8(truncatingIfNeeded: s &>> 8)
        }
    }

    /// Blends a row towards one value (a dip's colour).
    @inline(__always)
    static func mix(
        _ a: UnsafePointer<UInt8>, toward value: UInt8, into out: UnsafeMutablePointer<UInt8>,
        count: Int, weight w: Int32
    ) {
        let wa = one &- w
        let add = Int32(value) &* w &+ 128
        for i in 0..<count {
            out[i] = UInt8(truncatingIfNeeded: (Int32(a[i]) &* wa &+ add) &>> 8)
        }
    }

    /// Blends with one weight per sample (wipes, circles, luma wipes).
    @inline(__always)
    static func mix(
        _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
        count: Int, weights: UnsafePointer<Int32>
    ) {
        for i in 0..<count {
            let w = weights[i]
            let s = Int32(a[i]) &* (one &- w) &+ Int32(b[i]) &* w &+ 128
            out[i] = UInt8(truncatingIfNeeded: s &>> 8)
        }
    }

    /// Runs `body` for every row of the three planes of `out` with the matching rows of `a` and `b`.
    static func forEachRow(
        _ a: Picture, _ b: Picture, _ out: Picture,
        _ body:
            @Sendable (
                _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>,
                _ plane: Plane, _ row: Int
            ) -> Void
    ) {
        for (pa, (pb, po)) in zip(a.planes, zip(b.planes, out.planes)) {
            RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                for y in rows {
                    body(pa.row(y), pb.row(y), po.row(y), po, y)
                }
            }
        }
    }
}
