import MediaIO
import PixelKernels
import Testing

/// The kernels run without bounds checks in release builds, so a wrong call must stop at the
/// entry point instead of reaching memory it does not own.
@Suite struct EntryCheckTests {
    @Test func anImageShorterThanItsSizeTraps() async {
        await #expect(processExitsWith: .failure) {
            var image = RGBAImage(width: 64, height: 64)
            image.pixels = [UInt8](repeating: 255, count: 16)
            Compositor.blend(image, onto: Picture(width: 32, height: 32), x: 0, y: 0, opacity: 1)
        }
        await #expect(processExitsWith: .failure) {
            var image = RGBAImage(width: 8, height: 8)
            image.pixels.removeLast()
            _ = Compositor.scaled(image, width: 100, height: 100)
        }
    }

    @Test func picturesOfDifferentSizesTrapInATransition() async {
        await #expect(processExitsWith: .failure) {
            TransitionRenderer.render(
                .crossfade, from: Picture(width: 64, height: 64), to: Picture(width: 32, height: 64),
                into: Picture(width: 64, height: 64), inputs: TransitionInputs(progress: 0.5, softness: 0))
        }
    }

    /// A luma wipe is never drawn as something else: without its mask, or with one of another
    /// size, it stops (the render core reports a missing mask as an error before it gets here).
    @Test func aLumaWipeWithoutItsMaskTraps() async {
        await #expect(processExitsWith: .failure) {
            TransitionRenderer.render(
                .lumaWipe, from: Picture(width: 64, height: 64), to: Picture(width: 64, height: 64),
                into: Picture(width: 64, height: 64), inputs: TransitionInputs(progress: 0.5, softness: 0.02))
        }
        await #expect(processExitsWith: .failure) {
            TransitionRenderer.render(
                .lumaWipe, from: Picture(width: 64, height: 64), to: Picture(width: 64, height: 64),
                into: Picture(width: 64, height: 64), inputs: TransitionInputs(progress: 0.5, softness: 0.02, mask: Picture(width: 32, height: 64)))
        }
    }

    @Test func aScaleWhoseSizeOverflowsTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Compositor.scaled(RGBAImage(width: 2, height: 2), width: 1 << 62, height: 1 << 62)
        }
    }

    @Test func rightCallsPass() {
        let image = RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 256))
        let picture = Picture(width: 16, height: 16)
        picture.fill(y: 16, u: 128, v: 128)
        Compositor.blend(image, onto: picture, x: 4, y: 4, opacity: 1)
        #expect(picture.luma(x: 6, y: 6) > 16 && picture.luma(x: 0, y: 0) == 16)
        #expect(Compositor.scaled(image, width: 4, height: 4).pixels.count == 64)
    }
}
