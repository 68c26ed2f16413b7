import MediaIO
import MediaTime
import ReelTestSupport
import Testing

@Suite struct FrameScalerTests {
    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 180 && p.g < 80 && p.b < 80 }
    func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 180 && p.r < 80 && p.g < 80 }

    /// Stored landscape with the marker bottom-left; turned a quarter clockwise it is top-left.
    @Test func exifOrientationSixComesOutUpright() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("photo.jpg")
        try TestMedia.jpeg(photo, width: 320, height: 180, marker: (0, 120, 60, "red"), exifOrientation: 6)
        let info = try MediaProbe.probe(photo)
        let v = try #require(info.video)
        let frame = try StillImage.load(photo)
        let picture = Picture(width: 180, height: 320)
        try FrameScaler().draw(
            frame, placement: Placement(rotation: v.rotation, mirrored: v.mirrored),
            into: picture, rect: PixelRect(x: 0, y: 0, width: 180, height: 320))
        let rgb = picture.rgbaImage()
        #expect(isRed(rgb.pixel(x: 20, y: 20)))
        #expect(isBlue(rgb.pixel(x: 160, y: 20)))
        #expect(isBlue(rgb.pixel(x: 20, y: 300)))
    }

    @Test func coverCropsAndContainLetterboxes() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("wide.jpg")
        // 400x100 blue with red squares at both ends.
        try TestMedia.jpeg(photo, width: 400, height: 100, marker: (0, 0, 100, "red"))
        let frame = try StillImage.load(photo)
        let cover = Picture(width: 100, height: 100)
        try FrameScaler().draw(frame, placement: Placement(cover: true), into: cover, rect: PixelRect(x: 0, y: 0, width: 100, height: 100))
        // Cover keeps the centre: all blue, the red end is cropped away.
        #expect(isBlue(cover.rgbaImage().pixel(x: 5, y: 50)))
        let contain = Picture(width: 100, height: 100)
        contain.fill(red: 0, green: 255, blue: 0)
        try FrameScaler().draw(frame, placement: Placement(cover: false), into: contain, rect: PixelRect(x: 0, y: 0, width: 100, height: 100))
        let img = contain.rgbaImage()
        #expect(img.pixel(x: 50, y: 5).g > 180)  // background above
        #expect(isRed(img.pixel(x: 5, y: 50)))  // whole picture visible: red end at the left
        #expect(isBlue(img.pixel(x: 80, y: 50)))
    }

    /// What a transparent pixel stores never shows: a PNG whose left half is white at alpha 0
    /// comes out black there, its opaque right half white; a palette PNG (its colours in the
    /// frame's second plane, which crashed swscale when handed as one plane) keeps its colours.
    @Test func transparencyIsFlattenedOverBlackAndAPaletteKeepsItsColours() throws {
        let dir = TemporaryFolder()
        let transparent = dir.file("transparent.png")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=white:s=64x32,format=rgba,geq=r=255:g=255:b=255:a='if(lt(X,32),0,255)'",
            "-frames:v", "1", "-pix_fmt", "rgba", transparent,
        ])
        let palette = dir.file("palette.png")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:s=64x32,drawbox=x=32:w=32:h=32:c=blue:t=fill", "-frames:v", "1", "-pix_fmt", "pal8", palette,
        ])
        for (file, left, right) in [(transparent, (0, 0, 0), (255, 255, 255)), (palette, (255, 0, 0), (0, 0, 255))] {
            let picture = Picture(width: 64, height: 32)
            try FrameScaler().draw(
                try StillImage.load(file), placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 64, height: 32))
            let rgb = picture.rgbaImage()
            for (x, want) in [(12, left), (52, right)] {
                let p = rgb.pixel(x: x, y: 16)
                let off = max(abs(Int(p.r) - want.0), abs(Int(p.g) - want.1), abs(Int(p.b) - want.2))
                #expect(off <= 8, "\(file) at x \(x): \(p), not \(want)")
            }
        }
    }
}
