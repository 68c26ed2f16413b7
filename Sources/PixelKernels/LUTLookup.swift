/// Trilinear lookup in a `LUT3D`, mixed with the original colour by `strength`.
///
/// The table is copied once per use into 16-byte entries, so each lattice corner is one aligned load.
final class LUTLookup: RGBTransform, @unchecked Sendable {
    // Read-only after init; freed in deinit, after every band has finished.
    private let table: UnsafeMutablePointer<SIMD4<Float>>
    private let size: Int
    private let maximumIndex: Float
    private let strength: Float

    /// Returns nil when the table's size and values disagree.
    init?(_ lut: LUT3D, strength: Float) {
        guard lut.isValid else { return nil }
        size = lut.size
        maximumIndex = Float(lut.size - 1)
        self.strength = strength
        let count = lut.size * lut.size * lut.size
        table = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        lut.values.withUnsafeBufferPointer { v in
            for i in 0..<count { table[i] = SIMD4<Float>(v[3 * i], v[3 * i + 1], v[3 * i + 2], 0) }
        }
    }

    deinit { table.deallocate() }

    func apply(
        red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>,
        blue: UnsafeMutablePointer<Float>, count: Int
    ) {
        for i in 0..<count { lookUp(&red[i], &green[i], &blue[i]) }
    }

    @inline(__always)
    private func lookUp(_ red: inout Float, _ green: inout Float, _ blue: inout Float) {
        let p = SIMD4<Float>(red, green, blue, 0) * maximumIndex
        // The lower corner stops one short of the end so the upper corner always exists; a
        // coordinate at the very end then interpolates with a fraction of 1. The colours come in
        // clipped to 0...1; clamping the corner below too keeps every read inside the table
        // whatever they are.
        let limit = size &- 2
        let r = min(max(Int(truncated(p.x)), 0), limit)
        let g = min(max(Int(truncated(p.y)), 0), limit)
        let b = min(max(Int(truncated(p.z)), 0), limit)
        let fr = p.x - Float(r)
        let fg = p.y - Float(g)
        let fb = p.z - Float(b)
        let n = size
        let nn = size &* size
        let c = table + (r &+ g &* n &+ b &* nn)
        let c00 = c[0] + (c[1] - c[0]) * fr
        let c10 = c[n] + (c[n &+ 1] - c[n]) * fr
        let c01 = c[nn] + (c[nn &+ 1] - c[nn]) * fr
        let c11 = c[nn &+ n] + (c[nn &+ n &+ 1] - c[nn &+ n]) * fr
        let c0 = c00 + (c10 - c00) * fg
        let c1 = c01 + (c11 - c01) * fg
        let looked = c0 + (c1 - c0) * fb
        red += (looked.x - red) * strength
        green += (looked.y - green) * strength
        blue += (looked.z - blue) * strength
    }
}
