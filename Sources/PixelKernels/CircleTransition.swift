import MediaIO

/// B inside a circle growing from the centre of the canvas until it covers the corners.
enum CircleTransition {
    static func render(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double, feather: Double) {
        let cx = Double(out.width) / 2
        let cy = Double(out.height) / 2
        let halfDiagonal = (cx * cx + cy * cy).squareRoot()
        // The feathered rim starts wholly inside the centre point and ends wholly outside the corners.
        let radius = progress * (halfDiagonal + feather) - feather / 2
        let edge = Float(radius / feather + 0.5)
        let inverseFeather = Float(1 / feather)
        for (pa, (pb, po)) in zip(a.planes, zip(b.planes, out.planes)) {
            let step = Float(po.scale)
            let x0 = Float(0.5) * step - Float(cx)
            RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                for y in rows {
                    let dy = (Float(y) + 0.5) * step - Float(cy)
                    let dy2 = dy * dy
                    let ra = pa.row(y)
                    let rb = pb.row(y)
                    let ro = po.row(y)
                    for x in 0..<po.width {
                        let dx = Float(x) * step + x0
                        // B's weight falls from 1 to 0 across the rim: (radius - distance) / feather + 0.5.
                        let t = clamped(edge - (dx * dx + dy2).squareRoot() * inverseFeather, 0, 1)
                        let w = truncated(t * 256 + 0.5)
                        let s = Int32(ra[x]) &* (256 &- w) &+ Int32(rb[x]) &* w &+ 128
                        ro[x] = UInt8(truncatingIfNeeded: s &>> 8)
                    }
                }
            }
        }
    }
}

extension TransitionKernel {
    /// `circleOpen`: B inside a circle growing from the centre.
    package static let circleOpen = TransitionKernel("circleOpen") { a, b, out, frame in
        CircleTransition.render(a, b, out, progress: frame.progress, feather: frame.feather)
    }
}
