import FileAccess
import Foundation
import ReelTestSupport
import Testing

@testable import MediaIO

/// HEIC photos (what phones take by default) are read through libheif.
@Suite struct HEIFTests {
    /// A grey and a red square side by side, as a PNG and as HEIC (HEVC inside) or AVIF (AV1
    /// inside), encoded by libheif's own `heif-enc`.
    func bars(_ dir: TemporaryFolder, avif: Bool = false) throws -> (png: String, heic: String) {
        let png = dir.file("bars.png")
        let heic = dir.file(avif ? "photo.avif" : "IMG_0001.HEIC")
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
        let expected = try colours(png)
        let got = try colours(heic)
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
        #expect(HEIFImage.isHEIF(try ReadableFile(path: cut)))
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
        #expect(!HEIFImage.isHEIF(try ReadableFile(path: clip)))
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

    /// Writes a Display P3 ICC profile (matrix/TRC, as phones and editors write it) and a PNG of
    /// one colour that carries it in `iCCP`; python3 builds both with nothing but its standard library.
    func p3PNG(_ dir: TemporaryFolder, colour: (Int, Int, Int)) throws -> (png: String, icc: String) {
        let png = dir.file("p3.png")
        let icc = dir.file("p3.icc")
        let script = """
            import struct, sys, zlib
            def s15(v): return struct.pack('>i', int(round(v * 65536)))
            def xyz(x, y, z): return b'XYZ ' + bytes(4) + s15(x) + s15(y) + s15(z)
            para = b'para' + bytes(4) + struct.pack('>H', 3) + bytes(2) + s15(2.4) + s15(1/1.055) + s15(0.055/1.055) + s15(1/12.92) + s15(0.04045)
            tags = [(b'rXYZ', xyz(0.5151, 0.2412, -0.0011)), (b'gXYZ', xyz(0.2919, 0.6922, 0.0419)), (b'bXYZ', xyz(0.1572, 0.0666, 0.7841)),
                    (b'rTRC', para), (b'gTRC', para), (b'bTRC', para), (b'wtpt', xyz(0.9642, 1.0, 0.8249))]
            start = 128 + 4 + 12 * len(tags); table = b''; data = b''
            for sig, body in tags:
                data += bytes(-(start + len(data)) % 4)
                table += sig + struct.pack('>II', start + len(data), len(body)); data += body
            body = struct.pack('>I', len(tags)) + table + data
            header = struct.pack('>I', 128 + len(body)) + b'none' + struct.pack('>I', 0x02100000) + b'mntrRGB XYZ ' + bytes(12) + b'acsp' + bytes(28) + s15(0.9642) + s15(1.0) + s15(0.8249) + bytes(128 - 80)
            icc = header + body
            open(sys.argv[2], 'wb').write(icc)
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
            raw = b''.join(b'\\0' + bytes([\(colour.0), \(colour.1), \(colour.2)]) * 16 for _ in range(16))
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 16, 16, 8, 2, 0, 0, 0))
                + chunk(b'iCCP', b'P3\\0\\0' + zlib.compress(icc)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
            """
        let r = try Tools.run("python3", ["-c", script, png, icc])
        try #require(r.status == 0, "\(r.stderr)")
        return (png, icc)
    }

    func centre(_ path: String) throws -> (Int, Int, Int) {
        let frame = try StillImage.load(path)
        let picture = Picture(width: 16, height: 16)
        try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 16, height: 16))
        let (u, v) = picture.chroma(x: 8, y: 8)
        let c = YCbCr(y: picture.luma(x: 8, y: 8), cb: u, cr: v).rgb
        return (Int(c.red), Int(c.green), Int(c.blue))
    }

    /// sRGB's pure red is (234, 51, 35) in Display P3. A P3 photo of it tagged with an ICC profile
    /// (as iPhones tag theirs), in HEIC or in a PNG read through FFmpeg, must come out pure red, not
    /// the duller (234, 51, 35) an untagged file means.
    @Test func displayP3PhotosAreBroughtIntoSRGB() throws {
        let dir = TemporaryFolder()
        let (png, _) = try p3PNG(dir, colour: (234, 51, 35))
        let plainPNG = dir.file("plain.png")
        let tagged = dir.file("tagged.heic")
        let untagged = dir.file("untagged.heic")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xEA3323:s=16x16", "-frames:v", "1", plainPNG])
        _ = try Tools.run("heif-enc", ["-q", "98", png, "-o", tagged])
        _ = try Tools.run("heif-enc", ["-q", "98", plainPNG, "-o", untagged])
        // A JPEG with the profile in APP2 segments, as cameras and phones write it.
        let (_, icc) = try p3PNG(dir, colour: (234, 51, 35))
        let plainJPEG = dir.file("plain.jpg")
        let jpeg = dir.file("p3.jpg")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xEA3323:s=16x16", "-frames:v", "1", "-q:v", "1", plainJPEG])
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: icc)))
        let segment = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let app2: [UInt8] = [0xFF, 0xE2, UInt8((segment.count + 2) >> 8), UInt8((segment.count + 2) & 0xFF)] + segment
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plainJPEG)))
        try Data(original.prefix(2) + app2 + original.dropFirst(2)).write(to: URL(fileURLWithPath: jpeg))
        let jpegRed = try centre(jpeg)
        #expect(jpegRed.0 >= 236 && jpegRed.1 <= 28 && jpegRed.2 <= 28, "the P3 JPEG drawn as \(jpegRed)")
        let red = try centre(tagged)
        let plain = try centre(untagged)
        let pngRed = try centre(png)
        #expect(red.0 >= 240 && red.1 <= 24 && red.2 <= 24, "P3 (234, 51, 35) drawn as \(red)")
        #expect(pngRed.0 >= 240 && pngRed.1 <= 24 && pngRed.2 <= 24, "the P3 PNG itself (read by FFmpeg) drawn as \(pngRed)")
        #expect(abs(plain.0 - 234) <= 8 && abs(plain.1 - 51) <= 8 && abs(plain.2 - 35) <= 8, "untagged drawn as \(plain)")
    }

    /// The `nclx` route (H.273 code points; `heif-enc` here writes no `nclx` box, so the conversion is
    /// checked on pixels directly): P3 and BT.2020 primaries move into sRGB, sRGB stays.
    @Test func nclxPrimariesConvertPixels() throws {
        func convert(_ primaries: Int, _ rgb: [UInt8]) throws -> [UInt8] {
            let conversion = try #require(GamutConversion(primaries: primaries, transfer: 13))
            var pixel = rgb
            pixel.withUnsafeMutableBufferPointer { conversion.apply($0.baseAddress!, width: 1, height: 1, stride: 3, bytesPerPixel: 3) }
            return pixel
        }
        let red = try convert(12, [234, 51, 35])
        #expect(red[0] >= 250 && red[1] <= 8 && red[2] <= 8, "P3 (234, 51, 35) is sRGB red: \(red)")
        let grey = try convert(12, [128, 128, 128])
        #expect(grey.allSatisfy { abs(Int($0) - 128) <= 1 }, "greys stay grey: \(grey)")
        let green2020 = try convert(9, [100, 180, 100])
        #expect(Int(green2020[1]) - Int(green2020[0]) > 80, "BT.2020 green gets greener in sRGB: \(green2020)")
        #expect(GamutConversion(primaries: 1, transfer: 13) == nil)
    }

    @Test func iccProfilesAreReadAndBrokenOnesRefused() throws {
        let dir = TemporaryFolder()
        let (_, icc) = try p3PNG(dir, colour: (0, 0, 0))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: icc)))
        let profile = try #require(ICCProfile(bytes))
        #expect(abs(profile.colorants.m[0] - 0.5151) < 1e-4 && abs(profile.colorants.m[4] - 0.6922) < 1e-4)
        #expect(abs(profile.curve.linear(0.5) - 0.2140) < 1e-3, "sRGB curve: 0.5 is 21.4% light")
        #expect(ICCProfile(Array(bytes.prefix(200))) == nil)
        #expect(ICCProfile(Array(repeating: 0, count: 300)) == nil)
    }
}
