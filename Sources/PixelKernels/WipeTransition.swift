import MediaIO

/// A straight edge sweeping across the canvas, B on the side it came from.
///
/// The feathered band (width `feather`, in luma pixels) travels from just outside the side B enters
/// from to just outside the opposite side, so progress 0 shows none of B and progress 1 all of it,
/// and at progress 0.5 the middle of the band lies on the middle of the canvas.
enum WipeTransition {
    static func render(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double, feather: Double, from edge: Edge) {
        let length = Double(edge.isHorizontal ? out.width : out.height)
        let profile = Profile(length: length, progress: progress, feather: feather, fromStart: edge == .left || edge == .top)
        for (pa, (pb, po)) in zip(a.planes, zip(b.planes, out.planes)) {
            if edge.isHorizontal {
                // One weight per column, shared by every row.
                let weights = UnsafeMutablePointer<Int32>.allocate(capacity: po.width)
                defer { weights.deallocate() }
                for x in 0..<po.width { weights[x] = profile.weight(at: (Double(x) + 0.5) * Double(po.scale)) }
                let shared = SharedPointer(base: weights)
                RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                    for y in rows {
                        BlendRows.mix(pa.row(y), pb.row(y), into: po.row(y), count: po.width, weights: shared.base)
                    }
                }
            } else {
                RowBands.run(rows: po.height, samplesPerRow: po.width) { rows in
                    for y in rows {
                        let w = profile.weight(at: (Double(y) + 0.5) * Double(po.scale))
                        BlendRows.mix(pa.row(y), pb.row(y), into: po.row(y), count: po.width, weight: w)
                    }
                }
            }
        }
    }

    /// B's weight along the wipe's axis.
    struct Profile {
        /// Where B's weight starts to rise, measured from the side B enters from.
        let bandStart: Double
        let feather: Double
        let length: Double
        let fromStart: Bool

        init(length: Double, progress: Double, feather: Double, fromStart: Bool) {
            self.length = length
            self.feather = feather
            self.fromStart = fromStart
            bandStart = length - progress * (length + feather)
        }

        /// The weight (0...256) at `position`, in luma pixels from the top or left.
        func weight(at position: Double) -> Int32 {
            let awayFromB = fromStart ? length - position : position
            return BlendRows.weight((awayFromB - bandStart) / feather)
        }
    }
}

/// The wipes: each names the direction its edge moves, so B enters from the opposite side.
extension TransitionKernel {
    /// `wipeLeft`: the edge moves leftward, revealing B from the right.
    package static let wipeLeft = wipe("wipeLeft", from: .right)
    /// `wipeRight`: the edge moves rightward, revealing B from the left.
    package static let wipeRight = wipe("wipeRight", from: .left)
    /// `wipeUp`: the edge moves upward, revealing B from the bottom.
    package static let wipeUp = wipe("wipeUp", from: .bottom)
    /// `wipeDown`: the edge moves downward, revealing B from the top.
    package static let wipeDown = wipe("wipeDown", from: .top)

    private static func wipe(_ id: String, from edge: Edge) -> TransitionKernel {
        TransitionKernel(id) { a, b, out, frame in
            WipeTransition.render(a, b, out, progress: frame.progress, feather: frame.feather, from: edge)
        }
    }
}
