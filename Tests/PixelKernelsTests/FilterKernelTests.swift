import MediaIO
import RenderCore
import Testing

@testable import PixelKernels

@Suite struct FilterKernelTests {
    typealias P = KernelTestPictures
    let width = 64, height = 48

    /// Colourful content: a hue sweep across, brightness down.
    func colourful(_ w: Int = 64, _ h: Int = 48) -> Picture {
        P.make(w, h) { c, x, y in
            switch c {
            case 0: 40 + 3 * y
            case 1: 40 + 2 * x
            default: 200 - 2 * x
            }
        }
    }

    func applied(
        _ kind: FilterKernel, _ parameters: [String: Double], to picture: Picture,
        lut: LUT3D? = nil, frame: Int64 = 0
    ) -> Picture {
        let copy = Picture(width: picture.width, height: picture.height)
        copy.copy(from: picture)
        FilterRenderer.apply(kind, parameters: FilterParameters.complete(kind.id, parameters), to: copy, lut: lut, frame: frame)
        return copy
    }

    @Test func grayscaleRemovesChroma() {
        let out = applied(.grayscale, [:], to: colourful(65, 49))
        for y in 0..<out.chromaHeight {
            for x in 0..<out.chromaWidth { #expect(out.u[y * out.chromaStride + x] == 128 && out.v[y * out.chromaStride + x] == 128) }
        }
    }

    @Test func saturationScalesChromaAboutNeutral() {
        let input = colourful()
        let gray = applied(.saturation, ["amount": 0], to: input)
        #expect(P.chroma(gray, 10, 10) == (128, 128) && P.chroma(gray, 60, 40) == (128, 128))
        let vivid = applied(.saturation, ["amount": 2], to: input)
        for (x, y) in [(4, 4), (60, 40)] {
            let before = P.chroma(input, x, y)
            let after = P.chroma(vivid, x, y)
            #expect(abs(after.u - 128) > abs(before.u - 128) && abs(after.v - 128) > abs(before.v - 128))
            #expect(P.luma(vivid, x, y) == P.luma(input, x, y))
        }
    }

    @Test func brightnessAndContrastMoveLuma() {
        let gray = P.flat(width, height, 128, 128, 128)
        let y0 = P.luma(gray, 0, 0)
        #expect(abs(P.luma(applied(.brightness, ["amount": 0.2], to: gray), 5, 5) - (y0 + 44)) <= 1)
        #expect(abs(P.luma(applied(.brightness, ["amount": -0.2], to: gray), 5, 5) - (y0 - 44)) <= 1)
        #expect(P.maxDifference(applied(.brightness, ["amount": 1], to: colourful()), P.flat(width, height, y: 235)) <= 1)
        #expect(P.maxDifference(applied(.brightness, [:], to: colourful()), colourful()) == 0)

        let dark = P.flat(width, height, 60, 60, 60)
        let light = P.flat(width, height, 190, 190, 190)
        #expect(P.luma(applied(.contrast, ["amount": 2], to: dark), 1, 1) < P.luma(dark, 1, 1) - 20)
        #expect(P.luma(applied(.contrast, ["amount": 2], to: light), 1, 1) > P.luma(light, 1, 1) + 20)
        #expect(abs(P.luma(applied(.contrast, ["amount": 0], to: light), 1, 1) - 126) <= 1)
    }

    @Test func temperatureShiftsRedAndBlue() {
        let gray = P.flat(width, height, 128, 128, 128)
        let warm = P.chroma(applied(.temperature, ["amount": 0.8], to: gray), 3, 3)
        let cool = P.chroma(applied(.temperature, ["amount": -0.8], to: gray), 3, 3)
        #expect(warm.v > 132 && warm.u < 124)
        #expect(cool.v < 124 && cool.u > 132)
    }

    @Test func sepiaTurnsGrayBrown() {
        let out = applied(.sepia, [:], to: P.flat(width, height, 128, 128, 128))
        // Gray g becomes (g, 0.89 g, 0.69 g).
        let expected = YCbCr(red: 128, green: 114, blue: 89)
        #expect(abs(P.luma(out, 7, 7) - Int(expected.y)) <= 2)
        #expect(abs(P.chroma(out, 7, 7).u - Int(expected.cb)) <= 2 && abs(P.chroma(out, 7, 7).v - Int(expected.cr)) <= 2)
    }

    @Test func vignetteKeepsTheCentreAndDarkensCorners() {
        let input = P.flat(width, height, 180, 180, 180)
        let out = applied(.vignette, ["strength": 0.8], to: input)
        #expect(P.luma(out, width / 2, height / 2) == P.luma(input, 0, 0))
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)] {
            #expect(P.luma(out, x, y) < P.luma(input, x, y) - 40)
        }
    }

    @Test func blurSmoothsAndSharpenCrisps() {
        let checker = P.checkerboard(width, height, cell: 2)
        let blurred = applied(.blur, ["radius": 0.05], to: checker)
        #expect(P.lumaVariance(blurred) < P.lumaVariance(checker) / 10)
        let flat = P.flat(width, height, 90, 150, 30)
        #expect(P.maxDifference(applied(.blur, ["radius": 0.1], to: flat), flat) == 0)

        let edge = P.make(width, height) { c, x, _ in c == 0 ? (x < width / 2 ? 80 : 160) : 128 }
        let sharp = applied(.sharpen, ["amount": 1], to: edge)
        #expect(P.luma(sharp, width / 2 - 1, 10) < 80 && P.luma(sharp, width / 2, 10) > 160)
        #expect(P.luma(sharp, 5, 10) == 80 && P.luma(sharp, width - 5, 10) == 160)
    }

    @Test func lutsMapColours() {
        // Colours inside the R'G'B' gamut come back unchanged (others are clipped on the way).
        let colours: [(UInt8, UInt8, UInt8)] = [(200, 30, 40), (20, 60, 220), (128, 128, 128), (250, 240, 10)]
        for (r, g, b) in colours {
            let input = P.flat(8, 8, r, g, b)
            #expect(P.maxDifference(applied(.lut, [:], to: input, lut: .identity(size: 17)), input) <= 2)
        }
        let ramp = P.gradient(width, height)
        #expect(P.maxDifference(applied(.lut, [:], to: ramp, lut: .identity(size: 33)), ramp) <= 2)

        var inverting: [Float] = []
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { inverting += [Float(1 - r), Float(1 - g), Float(1 - b)] } } }
        for (r, g, b) in colours {
            let out = applied(.lut, [:], to: P.flat(8, 8, r, g, b), lut: LUT3D(size: 2, values: inverting))
            let expected = YCbCr(red: 255 - r, green: 255 - g, blue: 255 - b)
            #expect(abs(P.luma(out, 2, 2) - Int(expected.y)) <= 3, "inverse of \((r, g, b))")
            #expect(abs(P.chroma(out, 2, 2).u - Int(expected.cb)) <= 3 && abs(P.chroma(out, 2, 2).v - Int(expected.cr)) <= 3)
        }

        // Black everywhere but the white corner: trilinear interpolation gives r * g * b per channel.
        var corner = [Float](repeating: 0, count: 24)
        corner[21] = 1
        corner[22] = 1
        corner[23] = 1
        let product = applied(.lut, [:], to: P.flat(8, 8, 128, 128, 128), lut: LUT3D(size: 2, values: corner))
        let level = 128.0 / 255
        let expected = YCbCr(red: UInt8((level * level * level * 255).rounded()), green: 32, blue: 32)
        #expect(abs(P.luma(product, 1, 1) - Int(expected.y)) <= 2)
        // Half strength: halfway between.
        let half = applied(.lut, ["strength": 0.5], to: P.flat(8, 8, 200, 200, 200), lut: LUT3D(size: 2, values: inverting))
        #expect(abs(P.luma(half, 1, 1) - Int(YCbCr(red: 128, green: 128, blue: 128).y)) <= 2)
        // No LUT, or a malformed one: unchanged.
        let input = colourful()
        #expect(P.maxDifference(applied(.lut, [:], to: input), input) == 0)
        #expect(P.maxDifference(applied(.lut, [:], to: input, lut: LUT3D(size: 3, values: [0, 0])), input) == 0)
    }

    @Test func grainIsDeterministicPerFrame() {
        let input = P.flat(width, height, 128, 128, 128)
        let one = applied(.grain, [:], to: input, frame: 7)
        let again = applied(.grain, [:], to: input, frame: 7)
        let other = applied(.grain, [:], to: input, frame: 8)
        #expect(P.maxDifference(one, again) == 0)
        #expect(P.maxDifference(one, other) > 0)
        #expect(P.maxDifference(one, input) > 0 && P.maxDifference(one, input) <= 8)
        #expect(P.lumaVariance(one) > 1)
    }

    @Test func filmFadeLiftsBlack() {
        let black = P.flat(width, height, 0, 0, 0)
        let out = applied(.filmFade, [:], to: black)
        #expect(P.luma(out, 3, 3) > 16 + 10)
        let white = P.flat(width, height, 255, 255, 255)
        #expect(P.luma(applied(.filmFade, [:], to: white), 3, 3) < 235)
    }

    @Test(arguments: FilterKernels.all)
    func defaultsAreDocumentedAndNeutralParametersChangeNothing(kind: FilterKernel) {
        #expect(!kind.parameterNames.isEmpty)
        let input = colourful(33, 17)
        let neutral: [String: Double] =
            switch kind.id {
            case "brightness", "temperature": ["amount": 0]
            case "contrast", "saturation": ["amount": 1]
            case "sharpen": ["amount": 0]
            case "blur": ["radius": 0]
            default: ["strength": 0]
            }
        #expect(P.maxDifference(applied(kind, neutral, to: input, lut: .identity(size: 2)), input) == 0)
        // Defaults run on odd sizes.
        _ = applied(kind, [:], to: input, lut: .identity(size: 5), frame: 3)
    }
}
