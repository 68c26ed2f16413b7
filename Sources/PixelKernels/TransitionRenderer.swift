import MediaIO

/// Draws transitions between two pictures of the same size, in Y'CbCr 4:2:0.
package enum TransitionRenderer {
    /// Draws the transition from `a` to `b` at `inputs.progress` into `out`. All three pictures have
    /// the same size; `out` is distinct from both.
    ///
    /// At progress 0 the result is exactly `a` and at 1 exactly `b`, for every kind.
    package static func render(
        _ kind: TransitionKind, from a: Picture, to b: Picture, into out: Picture,
        inputs: TransitionInputs
    ) {
        for p in [a, b, out] { EntryChecks.picture(p, "TransitionRenderer") }
        EntryChecks.require(
            a.width == out.width && a.height == out.height && b.width == out.width && b.height == out.height,
            "TransitionRenderer: pictures of different sizes")
        EntryChecks.require(a !== out && b !== out, "TransitionRenderer: the output must be a third picture")
        if let mask = inputs.mask { EntryChecks.picture(mask, "TransitionRenderer (mask)") }
        if kind == .lumaWipe {
            EntryChecks.require(
                inputs.mask.map { $0.width == out.width && $0.height == out.height } == true,
                "TransitionRenderer: a luma wipe needs a mask of the canvas's size")
        }
        let p = inputs.progress.isNaN ? 0 : min(max(inputs.progress, 0), 1)
        // The ends are copies, whatever the kind: exact, and cheaper than any kernel.
        if p == 0 {
            out.copy(from: a)
            return
        }
        if p == 1 {
            out.copy(from: b)
            return
        }
        let shorterSide = Double(min(out.width, out.height))
        // A feather of at least one pixel keeps hard edges antialiased.
        let feather = max(inputs.softness * shorterSide, 1)

        switch kind {
        case .cut: out.copy(from: b)
        case .crossfade: FadeTransitions.crossfade(a, b, out, progress: p)
        case .dipToBlack: FadeTransitions.dip(a, b, out, progress: p, through: YCbCr(y: 16, cb: 128, cr: 128))
        case .dipToWhite: FadeTransitions.dip(a, b, out, progress: p, through: YCbCr(y: 235, cb: 128, cr: 128))
        case .wipeLeft: WipeTransition.render(a, b, out, progress: p, feather: feather, from: .right)
        case .wipeRight: WipeTransition.render(a, b, out, progress: p, feather: feather, from: .left)
        case .wipeUp: WipeTransition.render(a, b, out, progress: p, feather: feather, from: .bottom)
        case .wipeDown: WipeTransition.render(a, b, out, progress: p, feather: feather, from: .top)
        case .pushLeft: ShiftTransition.render(a, b, out, progress: p, from: .right, movesA: true)
        case .pushRight: ShiftTransition.render(a, b, out, progress: p, from: .left, movesA: true)
        case .pushUp: ShiftTransition.render(a, b, out, progress: p, from: .bottom, movesA: true)
        case .pushDown: ShiftTransition.render(a, b, out, progress: p, from: .top, movesA: true)
        case .slideLeft: ShiftTransition.render(a, b, out, progress: p, from: .right, movesA: false)
        case .slideRight: ShiftTransition.render(a, b, out, progress: p, from: .left, movesA: false)
        case .slideUp: ShiftTransition.render(a, b, out, progress: p, from: .bottom, movesA: false)
        case .slideDown: ShiftTransition.render(a, b, out, progress: p, from: .top, movesA: false)
        case .zoomIn: ZoomTransition.render(a, b, out, progress: p)
        case .circleOpen: CircleTransition.render(a, b, out, progress: p, feather: feather)
        case .lumaWipe:
            // The entry check made sure of the mask.
            if let mask = inputs.mask { LumaWipeTransition.render(a, b, out, mask: mask, progress: p, softness: max(inputs.softness, 0)) }
        }
    }
}

/// The side of the canvas B enters from.
enum Edge {
    case left, right, top, bottom

    var isHorizontal: Bool { self == .left || self == .right }
}
