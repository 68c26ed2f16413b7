import MediaIO

/// Crossfades and dips: the same blend for every sample of a plane.
enum FadeTransitions {
    static func crossfade(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double) {
        let w = BlendRows.weight(progress)
        BlendRows.forEachRow(a, b, out) { ra, rb, ro, plane, _ in
            BlendRows.mix(ra, rb, into: ro, count: plane.width, weight: w)
        }
    }

    /// A fades to `colour` over the first half, then B fades in from it over the second.
    static func dip(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double, through colour: YCbCr) {
        let fadingIn = progress >= 0.5
        // At 0.5 the weight towards the colour is full: the picture is the colour exactly.
        let w = fadingIn ? BlendRows.one &- BlendRows.weight((progress - 0.5) * 2) : BlendRows.weight(progress * 2)
        let values = [colour.y, colour.cb, colour.cr]
        BlendRows.forEachRow(a, b, out) { ra, rb, ro, plane, _ in
            let value = values[plane.component]
            BlendRows.mix(fadingIn ? rb : ra, toward: value, into: ro, count: plane.width, weight: w)
        }
    }
}

extension TransitionKernel {
    /// `cut`: B from any progress above 0.
    package static let cut = TransitionKernel("cut") { _, b, out, _ in out.copy(from: b) }

    /// `crossfade`: A fades into B.
    package static let crossfade = TransitionKernel("crossfade") { a, b, out, frame in
        FadeTransitions.crossfade(a, b, out, progress: frame.progress)
    }

    /// `dipToBlack`: A fades to black by progress 0.5, then B fades in from it.
    package static let dipToBlack = TransitionKernel("dipToBlack") { a, b, out, frame in
        FadeTransitions.dip(a, b, out, progress: frame.progress, through: YCbCr(y: 16, cb: 128, cr: 128))
    }

    /// `dipToWhite`: A fades to white by progress 0.5, then B fades in from it.
    package static let dipToWhite = TransitionKernel("dipToWhite") { a, b, out, frame in
        FadeTransitions.dip(a, b, out, progress: frame.progress, through: YCbCr(y: 235, cb: 128, cr: 128))
    }
}
