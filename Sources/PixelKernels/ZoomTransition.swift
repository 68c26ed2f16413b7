import MediaIO

/// A grows about the centre (to 1.5 times its size at the end) while B fades in over it.
enum ZoomTransition {
    /// How much A has grown by progress 1.
    static let finalScale = 1.5

    static func render(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double) {
        let scale = 1 + (finalScale - 1) * progress
        out.copy(from: a)
        let zoom = AffineTransform.scale(scale, aboutX: Double(out.width) / 2, y: Double(out.height) / 2)
        Compositor.draw(a, onto: out, transform: zoom, opacity: 1)
        let w = BlendRows.weight(progress)
        for (pb, po) in zip(b.planes, out.planes) {
            RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                for y in rows {
                    BlendRows.mix(po.row(y), pb.row(y), into: po.row(y), count: po.width, weight: w)
                }
            }
        }
    }
}

extension TransitionKernel {
    /// `zoomIn`: A scales up while fading into B.
    package static let zoomIn = TransitionKernel("zoomIn") { a, b, out, frame in
        ZoomTransition.render(a, b, out, progress: frame.progress)
    }
}
