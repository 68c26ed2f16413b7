import Foundation
import Testing
@testable import MediaIO
import ReelTestSupport

/// HEIC photos (what phones take by default) are read through libheif.
@Suite struct HEIFTests {
    /// A grey and a red square side by side, as a PNG and as HEIC (HEVC inside) or AVIF (AV1
    /// inside), encoded by libheif's own `heif-enc`.
    func bars(_ dir: TemporaryFolder, avif: Bool = false) throws -> (png: String, heic: String) {
        let png = dir.file("bars.png"), heic = dir.file(avif ? "photo.avif" : "IMG_0001.HEIC")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0x808080:s=64x64[a];color=c=0xC83232:s=64x64[b];[a][b]hstack=2", "-frames:v", "1", png])
        _ = try Tools.run("heif-enc", (avif ? ["-A"] : []) + ["-q", "95", png, "-o", heic])
        return (png, heic)
    }

    func colours(_ path: String) throws -> [(Int, Int, Int)] {
        let frame = try StillImage.load(path)
        let picture = Picture(width: 128, height: 64)
        try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 128, height: 64))
        return [32, 96].map { x in
            let (u, v) = picture.chroma(x: x, y: 32)
            let c = YCbCr(y: picture.luma(x: x, y: 32), cb: u, cr: v).rgb
            return (Int(c.red), Int(c.green), Int(c.blue))
        }
    }

    @Test(arguments: [false, true]) func heicAndAvifAreProbedAndDrawnLikeThePNGTheyCameFrom(avif: Bool) throws {
        let dir = TemporaryFolder()
        let (png, heic) = try bars(dir, avif: avif)
        let info = try MediaProbe.probe(heic)
        #expect(info.isStillImage)
        #expect(info.container == "heif")
        #expect(info.video?.displayWidth == 128 && info.video?.displayHeight == 64)
        let expected = try colours(png), got = try colours(heic)
        for (e, g) in zip(expected, got) {
            #expect(max(abs(e.0 - g.0), abs(e.1 - g.1), abs(e.2 - g.2)) <= 8, "PNG \(e), HEIC \(g)")
        }
    }

    @Test func truncatedHeicIsAClearErrorNamingTheFile() throws {
        let dir = TemporaryFolder()
        let (_, heic) = try bars(dir)
        let cut = dir.file("cut.heic")
        let data = try Data(contentsOf: URL(fileURLWithPath: heic))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(HEIFImage.isHEIF(cut))
        do {
            _ = try StillImage.load(cut)
            Issue.record("a truncated HEIC loaded")
        } catch {
            #expect(error.description.contains("cut.heic"), "\(error)")
        }
    }

    @Test func videosAreNotMistakenForHeif() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, seconds: "0.2")
        #expect(!HEIFImage.isHEIF(clip))
        #expect(try MediaProbe.probe(clip).isStillImage == false)
    }

    /// EXIF as phones write it: the capture date is in the Exif sub-IFD, read in both byte orders.
    @Test(arguments: [false, true]) func exifDateIsReadFromARawBlock(bigEndian: Bool) {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xffff) : u16(v & 0xffff) + u16(v >> 16) }
        let date = Array("2024:07:14 18:03:22".utf8) + [0]
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8)
        // IFD0 at 8: one entry, the Exif IFD pointer (to 26).
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(26) + u32(0)
        // Exif IFD at 26: DateTimeOriginal, ASCII, 20 bytes at 44.
        tiff += u16(1) + u16(0x9003) + u16(2) + u32(date.count) + u32(44) + u32(0)
        tiff += date
        #expect(EXIFReader(tiff: tiff).date == "2024:07:14 18:03:22")
        #expect(EXIFReader(tiff: Array(tiff.prefix(30))).date == nil, "a cut block gives no date")
    }
}
