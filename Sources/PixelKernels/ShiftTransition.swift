import MediaIO

/// Pushes (A and B move together) and slides (B moves in over a still A): copies of whole pixels,
/// so nothing is resampled and both pictures stay sharp.
enum ShiftTransition {
    static func render(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double, from edge: Edge, movesA: Bool) {
        let lumaLength = edge.isHorizontal ? out.width : out.height
        let lumaOffset = min(max(Int((progress * Double(lumaLength)).rounded()), 0), lumaLength)
        for (pa, (pb, po)) in zip(a.planes, zip(b.planes, out.planes)) {
            let length = edge.isHorizontal ? po.width : po.height
            // Chroma moves by half as much, rounded so that B covers the plane when it covers the luma.
            let offset = min(po.scale == 1 ? lumaOffset : (lumaOffset + 1) / 2, length)
            let layout = Layout(length: length, offset: offset, from: edge, movesA: movesA)
            let first = layout.bFirst ? pb : pa
            let second = layout.bFirst ? pa : pb
            if edge.isHorizontal {
                RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                    for y in rows {
                        let o = po.row(y)
                        o.update(from: first.row(y) + layout.firstStart, count: layout.split)
                        (o + layout.split).update(from: second.row(y) + layout.secondStart, count: length - layout.split)
                    }
                }
            } else {
                RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                    for y in rows {
                        let source =
                            y < layout.split
                            ? first.row(y + layout.firstStart)
                            : second.row(y - layout.split + layout.secondStart)
                        po.row(y).update(from: source, count: po.width)
                    }
                }
            }
        }
    }

    /// The output splits at `split` along the axis of motion: samples before it come from the first
    /// picture starting at `firstStart`, the rest from the second starting at `secondStart`.
    struct Layout {
        let split: Int
        let bFirst: Bool
        let firstStart: Int
        let secondStart: Int

        init(length: Int, offset: Int, from edge: Edge, movesA: Bool) {
            if edge == .right || edge == .bottom {
                // A (moved by `offset`, or still) then B's leading part.
                split = length - offset
                bFirst = false
                firstStart = movesA ? offset : 0
                secondStart = 0
            } else {
                // B's trailing part, then A (moved by `offset`, or still).
                split = offset
                bFirst = true
                firstStart = length - offset
                secondStart = movesA ? 0 : offset
            }
        }
    }
}

/// The pushes (A and B move together) and slides (B moves in over a still A); each names the
/// direction of motion, so B enters from the opposite side.
extension TransitionKernel {
    /// `pushLeft`: A and B move left, B entering from the right.
    package static let pushLeft = shift("pushLeft", from: .right, movesA: true)
    /// `pushRight`: A and B move right, B entering from the left.
    package static let pushRight = shift("pushRight", from: .left, movesA: true)
    /// `pushUp`: A and B move up, B entering from below.
    package static let pushUp = shift("pushUp", from: .bottom, movesA: true)
    /// `pushDown`: A and B move down, B entering from above.
    package static let pushDown = shift("pushDown", from: .top, movesA: true)
    /// `slideLeft`: B slides in from the right over a still A.
    package static let slideLeft = shift("slideLeft", from: .right, movesA: false)
    /// `slideRight`: B slides in from the left over a still A.
    package static let slideRight = shift("slideRight", from: .left, movesA: false)
    /// `slideUp`: B slides in from below over a still A.
    package static let slideUp = shift("slideUp", from: .bottom, movesA: false)
    /// `slideDown`: B slides in from above over a still A.
    package static let slideDown = shift("slideDown", from: .top, movesA: false)

    private static func shift(_ id: String, from edge: Edge, movesA: Bool) -> TransitionKernel {
        TransitionKernel(id) { a, b, out, frame in
            ShiftTransition.render(a, b, out, progress: frame.progress, from: edge, movesA: movesA)
        }
    }
}
