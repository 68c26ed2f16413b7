import MediaIO
import MediaTime
import ReelTestSupport
import Testing

/// HDR phone video is tone-mapped to SDR: it looks like the scene, not flat and grey.
@Suite struct HDRTests {
    /// Four bars (grey, red, green, light grey), 64 pixels each, as an SDR BT.709 clip.
    func sdrBars(_ path: String) throws {
        let bars =
            "color=c=0x808080:s=64x64:r=30:d=0.2[a];color=c=0xC83232:s=64x64:r=30:d=0.2[b];"
            + "color=c=0x32B432:s=64x64:r=30:d=0.2[c];color=c=0xD0D0D0:s=64x64:r=30:d=0.2[d];[a][b][c][d]hstack=4,format=yuv420p"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", bars, "-c:v", "libx264", "-qp", "0", "-color_primaries", "bt709",
            "-color_trc", "bt709", "-colorspace", "bt709", path,
        ])
    }

    /// The same bars converted to HDR by an independent library (zimg, through ffmpeg's `zscale`)
    /// and stored as 10-bit HEVC tagged the way phones tag their HDR video.
    func hdrBars(from sdr: String, to path: String, transfer: String) throws {
        let convert = "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=\(transfer):m=2020_ncl:p=2020:r=tv:npl=203,format=yuv420p10le"
        try Tools.ffmpeg([
            "-i", sdr, "-vf", convert, "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error",
            "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc", path,
        ])
    }

    /// R'G'B' at the centre of each bar, as Reel draws the clip.
    func barColours(_ path: String) throws -> [(Int, Int, Int)] {
        let frame = try VideoDecoder(path: path).frame(at: .zero)
        let picture = Picture(width: 256, height: 64)
        try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 256, height: 64))
        return [32, 96, 160, 224].map { x in
            let (u, v) = picture.chroma(x: x, y: 32)
            let c = YCbCr(y: picture.luma(x: x, y: 32), cb: u, cr: v).rgb
            return (Int(c.red), Int(c.green), Int(c.blue))
        }
    }

    @Test(arguments: ["arib-std-b67", "smpte2084"]) func hdrIsToneMappedToLookLikeTheScene(transfer: String) throws {
        let dir = TemporaryFolder()
        let sdr = dir.file("sdr.mp4")
        let hdr = dir.file("hdr.mp4")
        try sdrBars(sdr)
        try hdrBars(from: sdr, to: hdr, transfer: transfer)
        let info = try MediaProbe.probe(hdr)
        #expect(info.video?.dynamicRange == (transfer == "smpte2084" ? .pq : .hlg))
        let expected = try barColours(sdr)
        let got = try barColours(hdr)
        // Untouched, these signals would read 20 to 45 levels darker. Greys come back within a few
        // levels; saturated HLG colours within 30, as zimg's OOTF differs from BT.2100's luminance one.
        let grey = [true, false, false, true]
        for (bar, (e, g)) in zip(expected, got).enumerated() {
            let worst = max(abs(e.0 - g.0), abs(e.1 - g.1), abs(e.2 - g.2))
            let allowed = grey[bar] ? 4 : transfer == "smpte2084" ? 6 : 30
            #expect(worst <= allowed, "\(transfer) bar \(bar): SDR \(e), HDR drawn as \(g)")
        }
        // Saturation survives (BT.2020 primaries mapped to BT.709, not read as if they were).
        let red = got[1]
        #expect(red.0 - max(red.1, red.2) > 100, "\(transfer) red bar \(red)")
    }

    /// Brightness is kept below reference white and rolled off above it: 100 nits stays a mid
    /// tone, 203 nits (BT.2408 reference white) is just under SDR white, and 1000 and 4000 nits
    /// both land on white instead of wrapping or clipping early.
    @Test func pqHighlightsRollOffToWhite() throws {
        let dir = TemporaryFolder()
        // 10-bit limited-range PQ code values for 100, 203, 1000 and 4000 nits (SMPTE ST 2084).
        let codes = [509, 573, 723, 855]
        var lumas: [Int] = []
        for code in codes {
            let path = dir.file("pq\(code).mp4")
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", "nullsrc=s=64x64:r=30:d=0.1,format=yuv420p10le,geq=lum=\(code):cb=512:cr=512",
                "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error", "-color_primaries", "bt2020",
                "-color_trc", "smpte2084", "-colorspace", "bt2020nc", path,
            ])
            let frame = try VideoDecoder(path: path).frame(at: .zero)
            let picture = Picture(width: 64, height: 64)
            try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 64, height: 64))
            lumas.append(Int(picture.luma(x: 32, y: 32)))
        }
        #expect((160...200).contains(lumas[0]), "100 nits: \(lumas)")
        #expect(lumas[0] < lumas[1] && lumas[1] < lumas[2], "monotonic: \(lumas)")
        #expect((215...232).contains(lumas[1]), "reference white: \(lumas)")
        #expect(lumas[2] >= 233 && lumas[3] >= 233, "highlights reach white: \(lumas)")
    }
}
