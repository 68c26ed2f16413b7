import Foundation
import MediaFacts
import MediaIO
import ReelTestSupport
import RenderCore
import TemplateFormat
import Testing

/// A luma-wipe mask stored as RGBA counts as grayscale when every pixel is gray, so that the fix
/// note for a missing mask proposes it; a coloured sticker never does.
@Suite struct GrayscaleMaskTests {
    static func picture(_ path: String, gray: Bool) throws {
        var image = RGBAImage(width: 4, height: 2)
        for i in 0..<8 {
            let level = UInt8(i * 30)
            image.pixels.replaceSubrange(i * 4..<i * 4 + 4, with: gray ? [level, level, level, 255] : [level, 200, 40, 255])
        }
        try PNGFile.write(image, to: path)
    }

    @Test func theInspectorTellsGrayPicturesStoredAsRGBA() throws {
        let dir = TemporaryFolder()
        try Self.picture(dir.file("mask.png"), gray: true)
        try Self.picture(dir.file("sticker.png"), gray: false)
        let inspector = TemplateAssetInspector()
        #expect(inspector.isGrayscalePicture(dir.file("mask.png")) == true)
        #expect(inspector.isGrayscalePicture(dir.file("sticker.png")) == false)
        #expect(inspector.isGrayscalePicture(dir.file("missing.png")) == nil)
        // Without the inspector only the header tells, and an RGBA header is not gray.
        #expect(AssetRole.mask.candidates(in: dir.path, inspector: nil).isEmpty)
        #expect(AssetRole.mask.candidates(in: dir.path, inspector: inspector) == ["mask.png"])
    }
}
