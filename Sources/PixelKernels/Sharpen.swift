import MediaIO

/// Unsharp mask on luma: the detail above a 3x3 binomial blur is added back `amount` times. Chroma is
/// left alone: sharpening colour edges only brings out compression noise.
enum Sharpen {
    static func apply(amount: Double, to picture: Picture) {
        guard amount > 0 else { return }
        let plane = picture.lumaPlane
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: plane.stride * plane.height)
        defer { copy.deallocate() }
        copy.update(from: plane.base, count: plane.stride * plane.height)
        let source = Plane(base: copy, width: plane.width, height: plane.height, stride: plane.stride, scale: 1, component: 0)
        // 4.8 fixed point: the detail is 16 times the difference from the blur.
        let k = Int32((amount * 256).rounded())
        let last = plane.width &- 1
        RowBands.run(rows: plane.height, samplesPerRow: plane.width) { rows in
            for y in rows {
                let up = source.row(max(y &- 1, 0))
                let mid = source.row(y)
                let down = source.row(min(y &+ 1, plane.height &- 1))
                let out = plane.row(y)
                out[0] = sample(up, mid, down, left: 0, x: 0, right: min(1, last), k: k)
                if last > 1 {
                    for x in 1..<last { out[x] = sample(up, mid, down, left: x &- 1, x: x, right: x &+ 1, k: k) }
                }
                if last > 0 { out[last] = sample(up, mid, down, left: last &- 1, x: last, right: last, k: k) }
            }
        }
    }

    @inline(__always)
    static func sample(
        _ up: UnsafeMutablePointer<UInt8>, _ mid: UnsafeMutablePointer<UInt8>,
        _ down: UnsafeMutablePointer<UInt8>, left: Int, x: Int, right: Int, k: Int32
    ) -> UInt8 {
        @inline(__always) func column(_ i: Int) -> Int32 { Int32(up[i]) &+ 2 &* Int32(mid[i]) &+ Int32(down[i]) }
        let blurred = column(left) &+ 2 &* column(x) &+ column(right)
        let centre = Int32(mid[x])
        let value = centre &+ (((centre &* 16 &- blurred) &* k &+ 2048) &>> 12)
        return UInt8(truncatingIfNeeded: min(max(value, 16), 235))
    }
}
