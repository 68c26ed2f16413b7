import Foundation
import MediaFacts
import ReelTestSupport
import RenderCore
import Testing

/// A Live Photo exported from a phone is a photo and a short video of the same name: from a
/// folder it counts once, as its photo.
@Suite struct LivePhotoTests {
    @Test func aLivePhotoCountsOnceAsItsPhoto() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("export")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func file(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        try TestMedia.jpeg(file("IMG_0001.JPG"))
        try TestMedia.colorClip(file("IMG_0001.MOV"), seconds: "0.5")
        try TestMedia.colorClip(file("IMG_0002.MOV"), seconds: "0.5")
        try TestMedia.jpeg(file("IMG_0003.jpeg"))
        try TestMedia.colorClip(file("img_0003.mp4"), seconds: "0.5")
        #expect(try AssetProbe.expand([folder]) == [file("IMG_0001.JPG"), file("IMG_0002.MOV"), file("IMG_0003.jpeg")])
        // Named one by one, every file is taken as given.
        #expect(try AssetProbe.expand([file("IMG_0001.JPG"), file("IMG_0001.MOV")]).count == 2)
    }
}
