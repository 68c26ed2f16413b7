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
}
