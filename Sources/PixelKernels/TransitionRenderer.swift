import MediaIO

/// Draws transitions between two pictures of the same size, in Y'CbCr 4:2:0.
package enum TransitionRenderer {
    /// Draws the transition from `a` to `b` at `inputs.progress` into `out`. All three pictures have
    /// the same size; `out` is distinct from both.
    ///
    /// At progress 0 the result is exactly `a` and at 1 exactly `b`, for every kernel.
    package static func render(
        _ kernel: TransitionKernel, from a: Picture, to b: Picture, into out: Picture,
        inputs: TransitionInputs
    ) {
        for p in [a, b, out] { EntryChecks.picture(p, "TransitionRenderer") }
        EntryChecks.require(
            a.width == out.width && a.height == out.height && b.width == out.width && b.height == out.height,
            "TransitionRenderer: pictures of different sizes")
        EntryChecks.require(a !== out && b !== out, "TransitionRenderer: the output must be a third picture")
        if let mask = inputs.mask { EntryChecks.picture(mask, "TransitionRenderer (mask)") }
        if kernel.readsMask {
            EntryChecks.require(
                inputs.mask.map { $0.width == out.width && $0.height == out.height } == true,
                "TransitionRenderer: \(kernel.id) needs a mask of the canvas's size")
        }
        let p = inputs.progress.isNaN ? 0 : min(max(inputs.progress, 0), 1)
        // The ends are copies, whatever the kernel: exact, and cheaper than any kernel.
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
        kernel.draw(a, b, out, TransitionFrame(progress: p, feather: feather, softness: inputs.softness, mask: inputs.mask))
    }
}

/// The side of the canvas B enters from.
enum Edge {
    case left, right, top, bottom

    var isHorizontal: Bool { self == .left || self == .right }
}
