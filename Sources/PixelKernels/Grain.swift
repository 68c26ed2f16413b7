import MediaIO

/// Film grain: monochrome noise added to luma. Each pixel's noise is a hash of its position and the
/// frame number, so a frame renders the same every time (previews match exports) and the grain moves
/// from frame to frame.
enum Grain {
    /// Noise amplitude at strength 1, in luma levels.
    static let maximumLevels = 24.0

    static func apply(strength: Double, frame: Int64, to picture: Picture) {
        guard strength > 0 else { return }
        let plane = picture.lumaPlane
        // The triangular noise spans -255...255; scaled by k / 4096 it spans the amplitude.
        let k = Int32((strength * maximumLevels * 4096 / 255).rounded())
        let seed = mix(UInt32(truncatingIfNeeded: frame) ^ mix(UInt32(truncatingIfNeeded: frame >> 32) &+ 0x9E37_79B9))
        RowBands.run(rows: plane.height, samplesPerRow: plane.width) { rows in
            for y in rows {
                let rowSeed = mix(seed ^ (UInt32(truncatingIfNeeded: y) &* 0x85EB_CA6B))
                let row = plane.row(y)
                for x in 0..<plane.width {
                    let h = mix(rowSeed ^ (UInt32(truncatingIfNeeded: x) &* 0x9E37_79B1))
                    // The sum of two uniform bytes: triangular, softer than uniform noise.
                    let noise = Int32(truncatingIfNeeded: h & 255) &+ Int32(truncatingIfNeeded: (h &>> 8) & 255) &- 255
                    let value = Int32(row[x]) &+ ((noise &* k &+ 2048) &>> 12)
                    row[x] = UInt8(truncatingIfNeeded: min(max(value, 16), 235))
                }
            }
        }
    }

    /// A 32-bit integer hash with good avalanche (lowbias32).
    @inline(__always)
    static func mix(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h &>> 16
        h &*= 0x7FEB_352D
        h ^= h &>> 15
        h &*= 0x846C_A68B
        h ^= h &>> 16
        return h
    }
}
