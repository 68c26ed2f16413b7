import Foundation
import Testing

@testable import DocumentJSON
@testable import TemplateFormat

/// Fix notes that propose a file propose one fit for what it is used for, and a file a note
/// proposes is not called unused in the same report.
@Suite struct FixNoteTests {
    /// The first bytes of a PNG: signature and IHDR of a 2×2 picture of `colorType` (0 gray,
    /// 4 gray and alpha, 2 RGB, 6 RGBA). Enough for the header check, which reads nothing more.
    static func pngHeader(colorType: UInt8) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 2, 0, 0, 0, 2, 8, colorType, 0, 0, 0])
    }

    /// The rich template with one change (by default, without its mask), its pictures replaced by PNG
    /// headers of the given colour types.
    static func findings(
        pictures: [String: UInt8], replacing original: String = ", \"mask\": \"masks/wipe.png\"",
        with replacement: String = ""
    ) throws -> [Diagnostic] {
        let fixture = try RichFixture.fixture(replacing: original, with: replacement, files: RichFixture.files.filter { !$0.key.hasSuffix(".png") })
        defer { fixture.remove() }
        for (path, type) in pictures {
            try FileManager.default.createDirectory(
                atPath: (fixture.folder + "/" + path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try pngHeader(colorType: type).write(to: URL(fileURLWithPath: fixture.folder + "/" + path))
        }
        return try fixture.load().diagnostics
    }

    @Test func aMissingMaskProposesTheFoldersGrayscalePicturesNotASticker() throws {
        let diagnostics = try Self.findings(pictures: ["masks/wipe.png": 0, "masks/soft.png": 4, "overlays/logo.png": 6, "overlays/spare.png": 2])
        let missing = try #require(diagnostics.first(.missingKey), "\(diagnostics.rendered())")
        #expect(missing.location.path?.pointer == "/slots/1/transition")
        #expect(
            missing.notes == ["add \"mask\": \"masks/soft.png\" (or 'masks/wipe.png'), each a grayscale PNG of the template folder"],
            "\(missing.notes)")
        #expect(!missing.notes.joined().contains("overlays/"), "a sticker is not a mask")
        // The proposed masks are not called unused; the colour picture nobody uses is.
        let unused = diagnostics.filter { $0.code == .assetUnused }.map(\.message)
        #expect(!unused.contains { $0.contains("masks/") }, "\(unused)")
        #expect(unused.contains { $0.contains("overlays/spare.png") }, "\(unused)")
    }

    @Test func withoutAGrayscalePictureTheNoteNamesWhatToAdd() throws {
        let diagnostics = try Self.findings(pictures: ["overlays/logo.png": 6, "masks/colour.png": 2])
        let missing = try #require(diagnostics.first(.missingKey), "\(diagnostics.rendered())")
        #expect(missing.notes == ["add \"mask\": \"masks/wipe.png\" and put a grayscale PNG there in the template folder"], "\(missing.notes)")
        // Nothing was proposed, so the colour picture nobody uses is unused.
        #expect(diagnostics.contains { $0.code == .assetUnused && $0.message.contains("masks/colour.png") }, "\(diagnostics.rendered())")
    }

    @Test func aMissingFileIsMeantToBeOneOfItsKind() throws {
        // The music is missing; a picture of nearly the same name is not what was meant.
        let fixture = try RichFixture.fixture(
            files: RichFixture.files.filter { $0.key != "music/track.m4a" }
                .merging(["music/track.png": "png", "music/trak.m4a": "audio"]) { $1 })
        defer { fixture.remove() }
        let diagnostics = try fixture.load().diagnostics
        let missing = try #require(diagnostics.first(.assetMissing))
        #expect(missing.notes.first == "did you mean 'music/trak.m4a'?", "\(missing.notes)")
        // The proposed track is not called unused; the picture is.
        let unused = diagnostics.filter { $0.code == .assetUnused }.map(\.message)
        #expect(unused == ["'music/track.png' is in the template folder but nothing uses it"], "\(unused)")
    }

    @Test func aMissingLutProposesTheFoldersCubeFiles() throws {
        let fixture = try RichFixture.fixture(
            replacing: "{ \"kind\": \"lut\", \"file\": \"looks/warm.cube\", \"strength\": 0.7 }",
            with: "{ \"kind\": \"lut\", \"strength\": 0.7 }")
        defer { fixture.remove() }
        let diagnostics = try fixture.load().diagnostics
        let missing = try #require(diagnostics.first(.missingKey))
        #expect(missing.notes == ["add \"file\": \"looks/warm.cube\", a .cube file of the template folder"], "\(missing.notes)")
        #expect(diagnostics.first(.assetUnused) == nil, "\(diagnostics.rendered())")
    }

    @Test func theHeaderTellsGrayscalePictures() throws {
        let fixture = try TemplateFixture(json: nil, files: ["text.png": "not a png"])
        defer { fixture.remove() }
        for (name, type) in [("g.png", UInt8(0)), ("ga.png", 4), ("rgb.png", 2)] {
            try Self.pngHeader(colorType: type).write(to: URL(fileURLWithPath: fixture.folder + "/" + name))
        }
        #expect(AssetRole.mask.candidates(in: fixture.folder, inspector: nil) == ["g.png", "ga.png"])
        #expect(AssetRole.picture.candidates(in: fixture.folder, inspector: nil) == ["g.png", "ga.png", "rgb.png", "text.png"])
    }
}
