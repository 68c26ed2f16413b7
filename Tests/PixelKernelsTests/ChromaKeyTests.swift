import MediaIO
import Testing

@testable import PixelKernels

/// The `chroma` key as ffmpeg's `chromakey` and `despill` define it, on flat regions.
@Suite struct ChromaKeyTests {
    static let green = YCbCr(red: 0, green: 255, blue: 0)
    static let defaults = ["similarity": 0.25, "smoothness": 0.08, "spill": 1.0]

    /// A picture whose left half is a real green screen (not pure green) and right half skin.
    static func screenAndSkin() -> Picture {
        let screen = YCbCr(red: 60, green: 180, blue: 75)
        let skin = YCbCr(red: 224, green: 172, blue: 140)
        return KernelTestPictures.make(32, 16) { c, x, _ in
            // Chroma columns count in 2x2 blocks.
            let colour = (c == 0 ? x : 2 * x) < 16 ? screen : skin
            return Int([colour.y, colour.cb, colour.cr][c])
        }
    }

    @Test func theScreenTurnsTransparentAndTheSubjectStays() throws {
        let image = KeyRenderer.key(
            try #require(KeyKernels.kernel("chroma")), color: Self.green, parameters: Self.defaults, picture: Self.screenAndSkin())
        #expect(image.pixel(x: 4, y: 8).a == 0, "the screen, 0.21 from pure green, is inside the similarity")
        let skin = image.pixel(x: 28, y: 8)
        #expect(skin.a == 255, "skin, 0.40 from pure green, is outside it")
        // Skin has no green excess (green under the mean of red and blue): despill leaves it.
        #expect(abs(Int(skin.r) - 224) <= 2 && abs(Int(skin.g) - 172) <= 2 && abs(Int(skin.b) - 140) <= 2, "\(skin)")
        // Beside the seam, the 3x3 mean of distances gives a soft edge.
        #expect(image.pixel(x: 15, y: 8).a < 255 && image.pixel(x: 16, y: 8).a > 0)
    }

    /// `smoothness` 0 cuts hard: every alpha is 0 or 255.
    @Test func noSmoothnessCutsHard() throws {
        var values = Self.defaults
        values["smoothness"] = 0
        let image = KeyRenderer.key(try #require(KeyKernels.kernel("chroma")), color: Self.green, parameters: values, picture: Self.screenAndSkin())
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 0 || image.pixels[$0] == 255 })
    }

    /// Despill holds green to the mean of red and blue, by `spill`: a greenish grey kept by the key
    /// (far enough from the key colour) loses its green cast.
    @Test func spillIsTakenOffWhatStays() throws {
        let tinted = YCbCr(red: 120, green: 160, blue: 110)
        let picture = KernelTestPictures.flat(8, 8, y: tinted.y, u: tinted.cb, v: tinted.cr)
        let kernel = try #require(KeyKernels.kernel("chroma"))
        var none = Self.defaults
        none["spill"] = 0
        none["similarity"] = 0.01
        var full = none
        full["spill"] = 1
        let kept = KeyRenderer.key(kernel, color: Self.green, parameters: none, picture: picture).pixel(x: 4, y: 4)
        let despilled = KeyRenderer.key(kernel, color: Self.green, parameters: full, picture: picture).pixel(x: 4, y: 4)
        #expect(kept.a == 255 && despilled.a == 255)
        #expect(abs(Int(kept.g) - 160) <= 2, "\(kept)")
        #expect(abs(Int(despilled.g) - (Int(despilled.r) + Int(despilled.b)) / 2) <= 1, "\(despilled)")
        #expect(abs(Int(despilled.r) - Int(kept.r)) <= 1 && abs(Int(despilled.b) - Int(kept.b)) <= 1)
    }

    @Test func theKernelsAreTheCatalogsKeys() {
        #expect(KeyKernels.all.map(\.id) == ["chroma"])
        #expect(KeyKernels.kernel("chroma")?.parameterNames == ["similarity", "smoothness", "spill"])
    }
}
