import Foundation
import ReelKit

/// Where `reel studio` finds its page's files, which ship as plain files (no build step): installed
/// by `scripts/install` beside the binary as `../share/reel/studio`, or, for a `swift build`, the
/// package's resource folder SwiftPM copies next to the binary (`Reel_reel.resources/Studio`).
enum StudioPageFolder {
    /// The folders looked in, first found wins: the installed one, then the build's.
    static func candidates() -> [String] {
        guard let folder = InstalledFiles.executableFolder else { return [] }
        return [PathText.folder(of: folder) + "/share/reel/studio", folder + "/Reel_reel.resources/Studio"]
    }

    /// The first candidate holding the page's `index.html`; nil when none does.
    static func find() -> String? {
        candidates().first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
    }

    /// The data folder when none is given: `$XDG_DATA_HOME/reel/studio`, else `~/.local/share/reel/studio`.
    static func defaultData() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/reel/studio" }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw UsageError(message: "neither XDG_DATA_HOME nor HOME is set: give the data folder with --data <folder>")
        }
        return home + "/.local/share/reel/studio"
    }
}
