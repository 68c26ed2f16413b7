import Foundation
import ReelTestSupport
import Testing

@testable import MediaIO

/// Photos and videos of one day sort by when they were taken, whatever form their files write it in.
@Suite struct CaptureDateTests {
    @Test func formsAreNormalizedAndOffsetsApplied() {
        #expect(CaptureDate.normalized("2024:07:14 18:03:22") == "2024-07-14T18:03:22")
        #expect(CaptureDate.normalized("2024:07:14 18:03:22", offset: "+02:00") == "2024-07-14T16:03:22Z")
        #expect(CaptureDate.normalized("2024-07-14T16:03:22.000000Z") == "2024-07-14T16:03:22Z")
        #expect(CaptureDate.normalized("2024-07-14T18:03:22+0200") == "2024-07-14T16:03:22Z")
        #expect(CaptureDate.normalized("2024:07:14 01:00:00", offset: "+02:00") == "2024-07-13T23:00:00Z", "across midnight")
        #expect(CaptureDate.normalized("2024-07-14T20:00:00-0500") == "2024-07-15T01:00:00Z")
        // Cameras write zeros when their clock was never set.
        #expect(CaptureDate.normalized("0000:00:00 00:00:00") == nil)
        #expect(CaptureDate.normalized("1970-01-01T00:00:00.000000Z") == nil)
        #expect(CaptureDate.normalized("1904-01-01T00:00:00.000000Z") == nil)
        #expect(CaptureDate.normalized("") == nil)
        #expect(CaptureDate.normalized("yesterday") == nil)
    }

    /// A JPEG whose EXIF says 18:00 at +02:00 (16:00 UTC) was taken before a video whose container
    /// says 16:30 UTC; as written, "2024:07:14" sorted after "2024-07-14" whatever the hour.
    @Test func aPhotoAndAVideoOfOneDayCompareByTime() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("photo.jpg")
        let clip = dir.file("clip.mp4")
        try TestMedia.jpeg(photo + ".plain.jpg")
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo + ".plain.jpg")))
        jpeg.insert(contentsOf: Self.exifSegment(date: "2024:07:14 18:00:00", offset: "+02:00"), at: 2)
        try Data(jpeg).write(to: URL(fileURLWithPath: photo))
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=blue:s=64x64:r=30:d=0.3", "-metadata", "creation_time=2024-07-14T16:30:00.000000Z",
            "-pix_fmt", "yuv420p", clip,
        ])
        let photoDate = try #require(try MediaProbe.probe(photo).creationTime)
        let clipDate = try #require(try MediaProbe.probe(clip).creationTime)
        #expect(photoDate == "2024-07-14T16:00:00Z")
        #expect(clipDate == "2024-07-14T16:30:00Z")
        #expect(photoDate < clipDate)
    }

    /// APP1 "Exif": big-endian TIFF, IFD0 pointing to an Exif IFD with DateTimeOriginal and OffsetTimeOriginal.
    static func exifSegment(date: String, offset: String) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        let dateBytes = Array(date.utf8) + [0]
        let offsetBytes = Array(offset.utf8) + [0]
        var tiff: [UInt8] = [0x4D, 0x4D] + u16(42) + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(26) + u32(0)  // IFD0 at 8
        let dataStart = 26 + 2 + 2 * 12 + 4
        tiff += u16(2) + u16(0x9003) + u16(2) + u32(dateBytes.count) + u32(dataStart)  // Exif IFD at 26
        tiff += u16(0x9011) + u16(2) + u32(offsetBytes.count) + u32(dataStart + dateBytes.count) + u32(0)
        tiff += dateBytes + offsetBytes
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + u16(payload.count + 2) + payload
    }
}
