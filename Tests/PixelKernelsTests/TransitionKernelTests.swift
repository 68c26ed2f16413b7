import MediaIO
import RenderCore
import Testing

@testable import PixelKernels

@Suite struct TransitionKernelTests {
    typealias P = KernelTestPictures
    let width = 200, height = 120

    func render(
        _ kind: TransitionKernel, _ a: Picture, _ b: Picture, _ progress: Double,
        softness: Double? = nil, mask: Picture? = nil
    ) -> Picture {
        let out = Picture(width: a.width, height: a.height)
        let inputs = TransitionInputs(progress: progress, softness: TransitionParameters.softness(kind.id, softness), mask: mask)
        TransitionRenderer.render(kind, from: a, to: b, into: out, inputs: inputs)
        return out
    }

    @Test(arguments: TransitionKernels.all)
    func exactlyAAtZeroAndBAtOne(kind: TransitionKernel) {
        for (w, h) in [(width, height), (51, 37)] {
            let a = P.pattern(w, h, seed: 1)
            let b = P.pattern(w, h, seed: 2)
            let mask = P.gradient(w, h)
            #expect(P.maxDifference(render(kind, a, b, 0, mask: mask), a) == 0, "\(kind.id) at 0, \(w)x\(h)")
            #expect(P.maxDifference(render(kind, a, b, 1, mask: mask), b) == 0, "\(kind.id) at 1, \(w)x\(h)")
            // Odd sizes and every progress in between draw without touching memory outside the planes.
            for progress in [0.01, 0.3, 0.5, 0.77, 0.99] { _ = render(kind, a, b, progress, mask: mask) }
        }
    }

    @Test func crossfadeMidpointIsTheAverage() {
        let a = P.flat(width, height, 200, 30, 40)
        let b = P.flat(width, height, 20, 60, 220)
        let out = render(.crossfade, a, b, 0.5)
        for (x, y) in [(0, 0), (99, 60), (199, 119)] {
            #expect(abs(P.luma(out, x, y) - (P.luma(a, x, y) + P.luma(b, x, y)) / 2) <= 2)
            let c = P.chroma(out, x, y)
            let ca = P.chroma(a, x, y)
            let cb = P.chroma(b, x, y)
            #expect(abs(c.u - (ca.u + cb.u) / 2) <= 2 && abs(c.v - (ca.v + cb.v) / 2) <= 2)
        }
    }

    /// Black A, white B: the edge is where the luma crosses the middle.
    @Test(arguments: [TransitionKernel.wipeLeft, .wipeRight, .wipeUp, .wipeDown])
    func wipeEdgeFollowsProgress(kind: TransitionKernel) {
        let a = P.flat(width, height, y: 16)
        let b = P.flat(width, height, y: 235)
        let horizontal = kind.id == "wipeLeft" || kind.id == "wipeRight"
        let length = horizontal ? width : height
        for (progress, softness) in [(0.25, 0.0), (0.5, 0.0), (0.75, 0.0), (0.5, 0.02)] {
            let out = render(kind, a, b, progress, softness: softness)
            func lumaAt(_ i: Int) -> Int { horizontal ? P.luma(out, i, height / 2) : P.luma(out, width / 2, i) }
            // Distance from the side B enters from to the edge.
            let covered = progress * Double(length)
            let bFromEnd = kind.id == "wipeLeft" || kind.id == "wipeUp"
            let edge = bFromEnd ? Double(length) - covered : covered
            let bSide = bFromEnd ? Int(edge) + 3 : Int(edge) - 4
            let aSide = bFromEnd ? Int(edge) - 4 : Int(edge) + 3
            #expect(lumaAt(bSide) > 225, "\(kind.id) at \(progress): B beside the edge")
            #expect(lumaAt(aSide) < 26, "\(kind.id) at \(progress): A beside the edge")
            let crossing = (0..<(length - 1)).first { (lumaAt($0) < 126) != (lumaAt($0 + 1) < 126) } ?? -100
            #expect(abs(Double(crossing + 1) - edge) <= 2, "\(kind.id) at \(progress): edge at \(crossing + 1), expected \(edge)")
        }
    }

    @Test(arguments: [
        TransitionKernel.pushLeft, .pushRight, .pushUp, .pushDown,
        .slideLeft, .slideRight, .slideUp, .slideDown,
    ])
    func pushAndSlidePlacePicturesByProgress(kind: TransitionKernel) {
        let a = P.pattern(width, height, seed: 1)
        let b = P.pattern(width, height, seed: 2)
        let progress = 0.3
        let out = render(kind, a, b, progress)
        let horizontal = ["pushLeft", "pushRight", "slideLeft", "slideRight"].contains(kind.id)
        let push = kind.id.hasPrefix("push")
        let fromEnd = ["pushLeft", "pushUp", "slideLeft", "slideUp"].contains(kind.id)
        let length = horizontal ? width : height
        let o = Int((progress * Double(length)).rounded())
        for y in 0..<height {
            for x in 0..<width {
                let i = horizontal ? x : y
                // The expected source along the axis of motion: (picture, index).
                let expected: (Picture, Int)
                if fromEnd {
                    expected = i >= length - o ? (b, i - (length - o)) : (a, push ? i + o : i)
                } else {
                    expected = i < o ? (b, i + length - o) : (a, push ? i - o : i)
                }
                let sx = horizontal ? expected.1 : x
                let sy = horizontal ? y : expected.1
                guard P.luma(out, x, y) == P.luma(expected.0, sx, sy) else {
                    Issue.record("\(kind.id): (\(x), \(y)) is not \(expected.0 === a ? "A" : "B") at (\(sx), \(sy))")
                    return
                }
            }
        }
    }

    @Test func circleOpenShowsBAtTheCentreAndAInTheCorners() {
        let a = P.flat(width, height, 220, 20, 20)
        let b = P.flat(width, height, 20, 20, 220)
        let out = render(.circleOpen, a, b, 0.3)
        for (x, y) in [(width / 2, height / 2), (width / 2 - 10, height / 2 + 10)] {
            #expect(P.luma(out, x, y) == P.luma(b, x, y) && P.chroma(out, x, y) == P.chroma(b, x, y))
        }
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
            #expect(P.luma(out, x, y) == P.luma(a, x, y) && P.chroma(out, x, y) == P.chroma(a, x, y))
        }
    }

    @Test(arguments: [(TransitionKernel.dipToBlack, 16), (.dipToWhite, 235)])
    func dipsPassThroughTheirColour(kind: TransitionKernel, level: Int) {
        let a = P.flat(width, height, 200, 40, 40)
        let b = P.flat(width, height, 40, 40, 200)
        let middle = render(kind, a, b, 0.5)
        #expect(P.maxDifference(middle, P.flat(width, height, y: UInt8(level))) == 0)
        // Before the middle, A towards the colour; after it, the colour towards B.
        let early = render(kind, a, b, 0.25)
        let late = render(kind, a, b, 0.75)
        #expect(abs(P.luma(early, 5, 5) - (P.luma(a, 5, 5) + level) / 2) <= 2)
        #expect(abs(P.luma(late, 5, 5) - (P.luma(b, 5, 5) + level) / 2) <= 2)
        #expect(abs(P.chroma(late, 5, 5).v - (P.chroma(b, 5, 5).v + 128) / 2) <= 2)
    }

    @Test func cutShowsBAsSoonAsProgressPassesZero() {
        let a = P.pattern(width, height, seed: 1)
        let b = P.pattern(width, height, seed: 2)
        #expect(P.maxDifference(render(.cut, a, b, 0), a) == 0)
        #expect(P.maxDifference(render(.cut, a, b, 0.001), b) == 0)
        #expect(P.maxDifference(render(.cut, a, b, 0.5), b) == 0)
    }

    /// A is black with a white border: as it grows, the border leaves the frame while B fades in.
    @Test func zoomInGrowsAAndFadesToB() {
        let a = P.make(width, height) { c, x, y in
            guard c == 0 else { return 128 }
            return x < 6 || y < 6 || x >= width - 6 || y >= height - 6 ? 235 : 16
        }
        let b = P.flat(width, height, y: 126)
        let out = render(.zoomIn, a, b, 0.5)
        // Half B (126) and half zoomed A: the border has moved out, so the edge is black A.
        #expect(abs(P.luma(out, 2, height / 2) - (16 + 126) / 2) <= 2)
        #expect(abs(P.luma(out, width / 2, height / 2) - (16 + 126) / 2) <= 2)
        // Early on, the border is still on screen, a little further in.
        let early = render(.zoomIn, a, b, 0.05)
        #expect(P.luma(early, 1, height / 2) > 190)
        // Two flat pictures give their average at the middle, zoom or not.
        let red = P.flat(width, height, 200, 30, 40)
        let blue = P.flat(width, height, 20, 60, 220)
        let flat = render(.zoomIn, red, blue, 0.5)
        #expect(abs(P.luma(flat, 0, 0) - (P.luma(red, 0, 0) + P.luma(blue, 0, 0)) / 2) <= 2)
    }

    /// A mask dark on the left and bright on the right reveals B from the left, like `wipeRight`.
    @Test func lumaWipeWithAGradientMaskIsAWipe() {
        let a = P.flat(width, height, y: 16)
        let b = P.flat(width, height, y: 235)
        let mask = P.gradient(width, height)
        for progress in [0.25, 0.5, 0.75] {
            let out = render(.lumaWipe, a, b, progress, softness: 0.02, mask: mask)
            let edge = Int(progress * Double(width))
            #expect(P.luma(out, edge - 5, 10) > 225, "B left of the edge at \(progress)")
            #expect(P.luma(out, edge + 5, 10) < 26, "A right of the edge at \(progress)")
            let crossing = (0..<(width - 1)).first { P.luma(out, $0, 10) >= 126 && P.luma(out, $0 + 1, 10) < 126 } ?? -100
            #expect(abs(crossing + 1 - edge) <= 2, "edge at \(crossing + 1), expected \(edge)")
        }
    }
}
