import Foundation
import MediaIO
import ReelTestSupport
import Testing

@testable import PixelKernels

/// The blend modes against the W3C Compositing and Blending Level 1 formulas (`BlendFormula`, in
/// doubles), on flat colours drawn as a sticker is drawn; and the blend path's promises:
/// what the layer does not touch keeps its bytes, and `normal` through it is the plain draw.
@Suite struct BlendKernelTests {
    /// The spec's `B(Cb, Cs)` for one channel (`BlendFormula`); a mode it lacks is a failure.
    static func spec(_ mode: String, _ cb: Double, _ cs: Double) -> Double {
        guard let b = BlendFormula.channel(mode, cb, cs) else {
            Issue.record("no formula for \(mode)")
            return .nan
        }
        return b
    }

    /// Backdrop and layer colours that take each mode down both of its branches (dark and light
    /// layers, dark and light backdrops, a backdrop under 0.25 for soft light).
    static let pairs: [(backdrop: [UInt8], layer: [UInt8])] = [
        ([180, 120, 60], [60, 140, 200]),
        ([60, 90, 140], [220, 180, 100]),
        ([230, 210, 190], [120, 40, 90]),
        ([40, 50, 45], [90, 200, 160]),
    ]

    /// The mode's colour, then source-over by `opacity`, in 0...255 per channel.
    static func expected(_ mode: String, _ backdrop: [UInt8], _ layer: [UInt8], opacity: Double = 1) -> [Double] {
        (0..<3).map { c in
            let cb = Double(backdrop[c]) / 255
            let b = spec(mode, cb, Double(layer[c]) / 255)
            return 255 * (opacity * b + (1 - opacity) * cb)
        }
    }

    /// Draws `image` at (x, y) in `kernel`'s mode over `picture`, as the renderer does.
    static func blend(_ kernel: BlendKernel, _ image: RGBAImage, x: Int, y: Int, opacity: Double = 1, onto picture: Picture) {
        let black = KernelTestPictures.flat(
            picture.width, picture.height, y: Compositor.blendBlack, u: Compositor.blendBlack, v: Compositor.blendBlack)
        let white = KernelTestPictures.flat(
            picture.width, picture.height, y: Compositor.blendWhite, u: Compositor.blendWhite, v: Compositor.blendWhite)
        for target in [black, white] { Compositor.blend(image, onto: target, x: x, y: y, opacity: opacity) }
        Compositor.blend(kernel, layerOverBlack: black, layerOverWhite: white, onto: picture)
    }

    static func solid(_ width: Int, _ height: Int, _ rgb: [UInt8], alpha: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array(repeating: rgb + [alpha], count: width * height).flatMap { $0 })
    }

    /// The R'G'B' of a picture's pixel, from its Y'CbCr as the encoder takes it (BT.709 limited).
    static func rgb(_ picture: Picture, x: Int, y: Int) -> [Double] {
        let c = picture.chroma(x: x, y: y)
        let l = (Double(picture.luma(x: x, y: y)) - 16) / 219
        let pb = (Double(c.u) - 128) / 224
        let pr = (Double(c.v) - 128) / 224
        let r = l + 1.5748 * pr
        let b = l + 1.8556 * pb
        let g = (l - 0.2126 * r - 0.0722 * b) / 0.7152
        return [r, g, b].map { 255 * $0 }
    }

    @Test func theKernelsAreTheCatalogsModesInOrder() {
        #expect(
            BlendKernels.all.map(\.id) == [
                "normal", "multiply", "screen", "overlay", "softLight", "hardLight", "add", "darken", "lighten", "difference", "colorDodge",
                "colorBurn",
            ])
    }

    /// Each mode on flat colours: within 3 levels of the formula. The colours go through 8-bit
    /// Y'CbCr on the way in (backdrop and layer) and out, each rounding worth up to about 1.5
    /// levels of R'G'B'; the modes here amplify that by at most about 1.6.
    @Test(arguments: BlendKernels.all)
    func eachModeGivesTheSpecsColour(_ kernel: BlendKernel) {
        var worst = 0.0
        for (backdrop, layer) in Self.pairs {
            let picture = KernelTestPictures.flat(8, 8, backdrop[0], backdrop[1], backdrop[2])
            // The backdrop as it is coded: the formula gets what the picture holds.
            let under = Self.rgb(picture, x: 4, y: 4)
            Self.blend(kernel, Self.solid(8, 8, layer), x: 0, y: 0, onto: picture)
            let got = Self.rgb(picture, x: 4, y: 4)
            let want = (0..<3).map { c in 255 * Self.spec(kernel.id, min(max(under[c] / 255, 0), 1), Double(layer[c]) / 255) }
            for c in 0..<3 { worst = max(worst, abs(got[c] - want[c])) }
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 3 }, "\(kernel.id) of \(layer) over \(backdrop): \(got) against \(want)")
        }
        #expect(worst <= 3, "\(kernel.id): worst \(worst)")
    }

    /// The layer's opacity lays the mode's colour over the backdrop: half of each at 0.5.
    @Test func opacityLaysTheModesColourOverTheBackdrop() {
        let (backdrop, layer) = Self.pairs[0]
        let picture = KernelTestPictures.flat(8, 8, backdrop[0], backdrop[1], backdrop[2])
        let multiply = BlendKernels.kernel("multiply")!
        Self.blend(multiply, Self.solid(8, 8, layer), x: 0, y: 0, opacity: 0.5, onto: picture)
        let got = Self.rgb(picture, x: 4, y: 4)
        let want = Self.expected("multiply", backdrop, layer, opacity: 0.5)
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 3 }, "\(got) against \(want)")
    }

    /// Outside the layer not a byte moves; and `normal` through the blend path gives the direct
    /// draw of a turned sticker with soft edges to within one level.
    @Test func normalThroughTheBlendPathIsThePlainDraw() {
        let base = KernelTestPictures.pattern(48, 40, seed: 3)
        var pixels: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<16 { pixels += [UInt8(x * 15), UInt8(y * 20), 180, UInt8(min(255, (x + y) * 12))] }
        }
        let sticker = RGBAImage(width: 16, height: 12, pixels: pixels)
        let transform = AffineTransform.translation(x: -8, y: -6).concatenating(.rotation(degrees: 30)).concatenating(.translation(x: 20, y: 18))
        let direct = KernelTestPictures.pattern(48, 40, seed: 3)
        Compositor.draw(sticker, onto: direct, transform: transform, opacity: 0.8)
        let black = KernelTestPictures.flat(48, 40, y: 0, u: 0, v: 0)
        let white = KernelTestPictures.flat(48, 40, y: 255, u: 255, v: 255)
        for target in [black, white] { Compositor.draw(sticker, onto: target, transform: transform, opacity: 0.8) }
        let blended = KernelTestPictures.pattern(48, 40, seed: 3)
        Compositor.blend(BlendKernels.kernel("normal")!, layerOverBlack: black, layerOverWhite: white, onto: blended)
        #expect(KernelTestPictures.maxDifference(direct, blended) <= 1)
        // A corner the sticker cannot reach: bytes as they were.
        for y in 30..<40 {
            for x in 36..<48 { #expect(blended.luma(x: x, y: y) == base.luma(x: x, y: y)) }
        }
        #expect(blended.chroma(x: 46, y: 38) == base.chroma(x: 46, y: 38))
    }

    /// A sticker covering part of a picture in `multiply`: its pixels take the mode's colour, the
    /// rest keep their bytes.
    @Test func onlyWhatTheLayerCoversChanges() {
        let picture = KernelTestPictures.flat(32, 32, 200, 200, 200)
        let before = KernelTestPictures.flat(32, 32, 200, 200, 200)
        Self.blend(BlendKernels.kernel("multiply")!, Self.solid(10, 10, [128, 64, 255]), x: 4, y: 6, onto: picture)
        #expect(picture.luma(x: 20, y: 20) == before.luma(x: 20, y: 20) && picture.chroma(x: 20, y: 20) == before.chroma(x: 20, y: 20))
        let got = Self.rgb(picture, x: 8, y: 10)
        let want = Self.expected("multiply", [200, 200, 200], [128, 64, 255])
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 3 }, "\(got) against \(want)")
    }
}

extension BlendKernel: CustomTestStringConvertible {
    public var testDescription: String { id }
}
