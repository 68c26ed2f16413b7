import MediaIO

/// B appears where the mask is darker than the progress: a wipe whose shape is a grayscale picture.
///
/// The mask's Y' (16...235, clamped) is read as 0...1. The threshold travels from `-softness / 2`
/// to `1 + softness / 2`, so progress 0 shows none of B and 1 all of it; around the threshold B's
/// weight ramps over `softness` of the luma range. A table maps each mask value to its weight.
enum LumaWipeTransition {
    static func render(_ a: Picture, _ b: Picture, _ out: Picture, mask: Picture, progress: Double, softness: Double) {
        let soft = max(softness, 1.0 / 219)
        let threshold = progress * (1 + soft) - soft / 2
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        defer { table.deallocate() }
        for value in 0..<256 {
            let level = min(max((Double(value) - 16) / 219, 0), 1)
            table[value] = BlendRows.weight((threshold - level) / soft + 0.5)
        }
        let weights = SharedPointer(base: table)
        let maskLuma = mask.lumaPlane
        for (pa, (pb, po)) in zip(a.planes, zip(b.planes, out.planes)) {
            RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                for y in rows {
                    let ra = pa.row(y)
                    let rb = pb.row(y)
                    let ro = po.row(y)
                    if po.scale == 1 {
                        let m = maskLuma.row(y)
                        for x in 0..<po.width {
                            let w = weights.base[Int(m[x])]
                            ro[x] = UInt8(truncatingIfNeeded: (Int32(ra[x]) &* (256 &- w) &+ Int32(rb[x]) &* w &+ 128) &>> 8)
                        }
                    } else {
                        // A chroma sample takes the mask's average over its 2x2 luma pixels.
                        let m0 = maskLuma.row(2 &* y)
                        let m1 = maskLuma.row(min(2 &* y &+ 1, maskLuma.height &- 1))
                        let lastX = maskLuma.width &- 1
                        for x in 0..<po.width {
                            let l = 2 &* x
                            let r = min(l &+ 1, lastX)
                            let sum = Int(m0[l]) &+ Int(m0[r]) &+ Int(m1[l]) &+ Int(m1[r])
                            let w = weights.base[(sum &+ 2) &>> 2]
                            ro[x] = UInt8(truncatingIfNeeded: (Int32(ra[x]) &* (256 &- w) &+ Int32(rb[x]) &* w &+ 128) &>> 8)
                        }
                    }
                }
            }
        }
    }
}

extension TransitionKernel {
    /// `lumaWipe`: B where the mask is darker than the progress, so the mask's dark areas go first.
    package static let lumaWipe = TransitionKernel("lumaWipe", readsMask: true) { a, b, out, frame in
        // The entry check made sure of the mask.
        if let mask = frame.mask { LumaWipeTransition.render(a, b, out, mask: mask, progress: frame.progress, softness: max(frame.softness, 0)) }
    }
}
