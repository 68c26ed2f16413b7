import MediaIO
import Testing

@testable import PixelKernels

@Suite struct CompositorTests {
    typealias P = KernelTestPictures

    func square(_ size: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: size, height: size, pixels: Array([[UInt8]](repeating: [r, g, b, alpha], count: size * size).joined()))
    }

    func isColour(_ p: Picture, _ x: Int, _ y: Int, _ c: YCbCr, tolerance: Int = 2) -> Bool {
        let chroma = P.chroma(p, x, y)
        return abs(P.luma(p, x, y) - Int(c.y)) <= tolerance && abs(chroma.u - Int(c.cb)) <= tolerance
            && abs(chroma.v - Int(c.cr)) <= tolerance
    }

    @Test func blendPutsAnOpaqueSquareWhereAskedAndClips() {
        let blue = YCbCr(red: 0, green: 0, blue: 255)
        let red = YCbCr(red: 255, green: 0, blue: 0)
        let picture = P.flat(64, 48, 0, 0, 255)
        Compositor.blend(square(10, 255, 0, 0), onto: picture, x: 20, y: 30, opacity: 1)
        #expect(isColour(picture, 20, 30, red) && isColour(picture, 29, 39, red) && isColour(picture, 24, 34, red))
        #expect(isColour(picture, 19, 30, blue) && isColour(picture, 30, 30, blue) && isColour(picture, 20, 40, blue))
        #expect(P.luma(picture, 20, 29) == Int(blue.y))

        // Partly outside: the visible part lands, nothing else changes; wholly outside: nothing.
        Compositor.blend(square(10, 255, 0, 0), onto: picture, x: 58, y: -4, opacity: 1)
        #expect(isColour(picture, 63, 0, red) && isColour(picture, 62, 5, red) && isColour(picture, 57, 2, blue))
        let before = P.flat(64, 48, 0, 0, 255)
        before.copy(from: picture)
        Compositor.blend(square(10, 255, 0, 0), onto: picture, x: -10, y: 100, opacity: 1)
        Compositor.blend(square(10, 255, 0, 0), onto: picture, x: 5, y: 5, opacity: 0)
        #expect(P.maxDifference(before, picture) == 0)
    }

    @Test func halfAlphaAndHalfOpacityGiveTheAverage() {
        let base = YCbCr(red: 0, green: 0, blue: 255)
        let top = YCbCr(red: 255, green: 200, blue: 0)
        let average = YCbCr(
            y: UInt8((Int(base.y) + Int(top.y)) / 2), cb: UInt8((Int(base.cb) + Int(top.cb)) / 2),
            cr: UInt8((Int(base.cr) + Int(top.cr)) / 2))
        let picture = P.flat(32, 32, 0, 0, 255)
        Compositor.blend(square(16, 255, 200, 0, alpha: 128), onto: picture, x: 0, y: 0, opacity: 1)
        #expect(isColour(picture, 8, 8, average))
        let other = P.flat(32, 32, 0, 0, 255)
        Compositor.blend(square(16, 255, 200, 0), onto: other, x: 0, y: 0, opacity: 0.5)
        #expect(isColour(other, 8, 8, average))
        // A block half covered at an odd position takes half of the image's chroma, not a darker one.
        let odd = P.flat(32, 32, 0, 0, 255)
        Compositor.blend(square(4, 255, 200, 0), onto: odd, x: 3, y: 4, opacity: 1)
        #expect(abs(P.chroma(odd, 2, 4).v - (Int(base.cr) + Int(top.cr)) / 2) <= 2)
    }

    /// A gray layer with a white marker.
    func markedLayer(_ w: Int, _ h: Int, marker: (x: Int, y: Int)) -> Picture {
        P.make(w, h) { c, x, y in
            guard c == 0 else { return 128 }
            return x >= marker.x && x < marker.x + 4 && y >= marker.y && y < marker.y + 4 ? 235 : 100
        }
    }

    @Test func drawWithIdentityCopies() {
        let layer = P.pattern(64, 48, seed: 3)
        let canvas = P.flat(64, 48, y: 16)
        Compositor.draw(layer, onto: canvas, transform: .identity, opacity: 1)
        #expect(P.maxDifference(layer, canvas) == 0)
    }

    @Test func drawScaledAboutTheCentreZooms() {
        let layer = markedLayer(64, 48, marker: (20, 16))
        let canvas = P.flat(64, 48, y: 16)
        Compositor.draw(layer, onto: canvas, transform: .scale(2, aboutX: 32, y: 24), opacity: 1)
        #expect(P.luma(canvas, 32, 24) == P.luma(layer, 32, 24))
        // The marker (20...23, 16...19) moves out from the centre to (8...15, 8...15).
        #expect(P.luma(canvas, 11, 11) == 235 && P.luma(canvas, 21, 17) == 100)
        #expect(P.luma(canvas, 0, 0) == 100)
    }

    @Test func drawWithTranslationMovesAndLeavesTheRestUntouched() {
        let layer = markedLayer(32, 24, marker: (4, 4))
        let canvas = P.flat(64, 48, y: 16)
        Compositor.draw(layer, onto: canvas, transform: .translation(x: 10, y: 6), opacity: 1)
        #expect(P.luma(canvas, 14, 10) == 235 && P.luma(canvas, 17, 13) == 235 && P.luma(canvas, 18, 14) == 100)
        #expect(P.luma(canvas, 9, 20) == 16 && P.luma(canvas, 10, 20) == 100 && P.luma(canvas, 41, 29) == 100)
        #expect(P.luma(canvas, 42, 20) == 16 && P.luma(canvas, 20, 30) == 16)
        // Half opacity blends.
        let faint = P.flat(64, 48, y: 16)
        Compositor.draw(layer, onto: faint, transform: .translation(x: 10, y: 6), opacity: 0.5)
        #expect(P.luma(faint, 30, 20) == 58)
    }

    @Test func affineTransformsComposeAndInvert() {
        let t = AffineTransform.rotation(degrees: 30).concatenating(.scale(x: 2, y: 3)).concatenating(.translation(x: 5, y: -7))
        let back = t.concatenating(t.inverted())
        for (x, y) in [(0.0, 0.0), (10.0, -4.0)] {
            let p = back.apply(x: x, y: y)
            #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9)
        }
        let turned = AffineTransform.rotation(degrees: 90).apply(x: 1, y: 0)
        #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
        #expect(!AffineTransform.scale(0).isInvertible)
    }

    @Test func blurKeepsFlatAndSoftensDetail() {
        let flat = P.flat(41, 23, 10, 200, 90)
        let copy = P.flat(41, 23, 10, 200, 90)
        Compositor.blur(copy, radius: 6)
        #expect(P.maxDifference(flat, copy) == 0)
        let checker = P.checkerboard(64, 48, cell: 3)
        let variance = P.lumaVariance(checker)
        Compositor.blur(checker, radius: 3)
        #expect(P.lumaVariance(checker) < variance / 20)
    }

    @Test func scalingKeepsEdgesFromDarkening() {
        // Left half opaque red, right half transparent black.
        var pixels: [UInt8] = []
        for _ in 0..<16 { for x in 0..<16 { pixels += x < 8 ? [255, 0, 0, 255] : [0, 0, 0, 0] } }
        let image = RGBAImage(width: 16, height: 16, pixels: pixels)
        for size in [5, 7, 40] {
            let scaled = Compositor.scaled(image, width: size, height: size)
            #expect(scaled.width == size && scaled.height == size)
            for x in 0..<size {
                let p = scaled.pixel(x: x, y: size / 2)
                if p.a > 0 { #expect(p.r == 255 && p.g == 0 && p.b == 0, "\(size): pixel \(x) is \(p)") }
            }
            #expect(scaled.pixel(x: 0, y: 0).a == 255 && scaled.pixel(x: size - 1, y: 0).a == 0)
        }
        #expect(Compositor.scaled(image, width: 0, height: 3).pixels.isEmpty)
    }

    /// The affine draw of an RGBA image, moved by whole pixels, lands where and as `blend` does, at
    /// any alpha and opacity, clipped at the picture's edges.
    @Test func imageDrawWithAWholePixelShiftMatchesBlend() {
        var image = RGBAImage(width: 13, height: 9)
        for i in 0..<(13 * 9) {
            image.pixels[i * 4] = UInt8(i * 37 % 256)
            image.pixels[i * 4 + 1] = UInt8(i * 91 % 256)
            image.pixels[i * 4 + 2] = UInt8(i * 53 % 256)
            image.pixels[i * 4 + 3] = UInt8(i * 29 % 256)
        }
        for (x, y) in [(7, 5), (-4, 3), (28, 20), (6, -2)] {
            let blended = P.pattern(34, 26, seed: 3)
            let drawn = P.pattern(34, 26, seed: 3)
            Compositor.blend(image, onto: blended, x: x, y: y, opacity: 0.8)
            Compositor.draw(image, onto: drawn, transform: .translation(x: Double(x), y: Double(y)), opacity: 0.8)
            #expect(P.maxDifference(blended, drawn) <= 1, "at (\(x), \(y))")
        }
    }

    /// A quarter turn about the image's centre: the wide bar stands upright, with its colour.
    @Test func imageDrawTurnsAWideBarUpright() {
        let red = YCbCr(red: 255, green: 0, blue: 0)
        let blue = YCbCr(red: 0, green: 0, blue: 255)
        let bar = RGBAImage(width: 20, height: 4, pixels: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 80).joined()))
        let picture = P.flat(40, 40, 0, 0, 255)
        let turn = AffineTransform.translation(x: -10, y: -2).concatenating(.rotation(degrees: 90)).concatenating(.translation(x: 20, y: 20))
        Compositor.draw(bar, onto: picture, transform: turn, opacity: 1)
        #expect(isColour(picture, 18, 12, red) && isColour(picture, 20, 26, red), "the bar covers x 18..<22, y 10..<30")
        #expect(isColour(picture, 12, 20, blue) && isColour(picture, 26, 20, blue) && isColour(picture, 20, 4, blue))
        // Soft edges: the pixels just outside the corners' diagonal neighbours are untouched.
        #expect(isColour(picture, 16, 8, blue, tolerance: 0) && isColour(picture, 23, 31, blue, tolerance: 0))
    }
}
