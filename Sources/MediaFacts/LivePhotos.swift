import Foundation

/// Live Photos, as phones export them: a photo and a short video of the same name
/// (`IMG_0042.HEIC` and `IMG_0042.MOV`). Both files are one moment; taken from a folder, the pair
/// counts once, as its photo, so a slideshow does not show the same moment twice.
package enum LivePhotos {
    static let photoExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    static let motionExtensions: Set<String> = ["mov", "mp4"]

    /// `names` without the videos that are the motion half of a Live Photo in the same list.
    static func withoutMotionHalves(_ names: [String]) -> [String] {
        func split(_ name: String) -> (stem: String, ext: String) {
            let n = name as NSString
            return (n.deletingPathExtension.lowercased(), n.pathExtension.lowercased())
        }
        let photoStems = Set(names.map(split).filter { photoExtensions.contains($0.ext) }.map(\.stem))
        return names.filter { name in
            let (stem, ext) = split(name)
            return !(motionExtensions.contains(ext) && photoStems.contains(stem))
        }
    }
}
