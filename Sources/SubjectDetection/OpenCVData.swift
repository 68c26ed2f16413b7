import Foundation
import MediaIO

/// Where the cascade files of OpenCV's face detector are found.
///
/// Debian's `opencv-data` installs them in `/usr/share/opencv4/haarcascades`; other systems put
/// OpenCV's data under another prefix. `REEL_OPENCV_DATA` names a folder to use instead: either
/// the `haarcascades` folder itself or the folder holding it.
package enum OpenCVData {
    /// The environment variable that overrides the standard locations.
    static let environmentKey = "REEL_OPENCV_DATA"
    /// OpenCV's data folders on Linux distributions and in a `/usr/local` build, in search order.
    static let standardFolders = [
        "/usr/share/opencv4", "/usr/local/share/opencv4", "/usr/share/opencv", "/usr/local/share/opencv",
    ]
    /// The frontal face cascade: `alt2` misfires less on textured backgrounds than `default`.
    static let frontalCascade = "haarcascade_frontalface_alt2.xml"
    /// Faces turned to one side (the detector mirrors the picture for the other side).
    static let profileCascade = "haarcascade_profileface.xml"

    /// The folder holding the cascades, or nil when none of the places has the frontal cascade.
    static func cascadeFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let custom = environment[environmentKey], !custom.isEmpty {
            // An override is taken alone: a wrong one should fail, not fall back silently.
            candidates = [custom, (custom as NSString).appendingPathComponent("haarcascades")]
        } else {
            candidates = standardFolders.map { ($0 as NSString).appendingPathComponent("haarcascades") }
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: ($0 as NSString).appendingPathComponent(frontalCascade)) }
    }

    /// The frontal and profile cascade files; a missing frontal one is a `missingComponent` error
    /// saying where Reel looked.
    static func cascades(environment: [String: String] = ProcessInfo.processInfo.environment) throws(FileAccessError) -> (
        frontal: String, profile: String?
    ) {
        guard let folder = cascadeFolder(environment: environment) else {
            let looked = environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 } ?? standardFolders.joined(separator: ", ")
            throw FileAccessError(
                .missingComponent, file: frontalCascade, operation: "loading the face detector",
                reason: "OpenCV's face cascades are not in \(looked) (install opencv-data, or set \(environmentKey) to its folder)")
        }
        let profile = (folder as NSString).appendingPathComponent(profileCascade)
        return ((folder as NSString).appendingPathComponent(frontalCascade), FileManager.default.isReadableFile(atPath: profile) ? profile : nil)
    }
}
