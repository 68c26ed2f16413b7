import FileAccess
import Foundation

/// Path arithmetic for media paths in timeline files, done on the text alone.
///
/// A timeline written next to its media should keep working when the folder moves, so media paths
/// are written relative to the timeline's folder and resolved against it when read. No file is
/// touched: `..` is resolved lexically and symbolic links are left as they are.
package enum MediaPathText {
    /// `path` without `.` components, repeated or trailing slashes, and with `a/..` pairs removed
    /// (leading `..` of a relative path stay; `/..` is `/`).
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        let body = parts.joined(separator: "/")
        if absolute { return "/" + body }
        return body.isEmpty ? "." : body
    }

    /// `path` made absolute against `directory` (the current directory when nil), standardized.
    package static func absolute(_ path: String, in directory: String? = nil) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        // The current folder by its bytes: Foundation's `currentDirectoryPath` loses those that are not UTF-8.
        let base = directory.map { absolute($0, in: nil) } ?? PathText.absolute(".")
        return standardized(base + "/" + path)
    }

    /// The relative path that leads from `folder` to `target`; both made absolute first.
    package static func relative(_ target: String, from folder: String) -> String {
        let to = absolute(target).split(separator: "/")
        let from = absolute(folder).split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let ups = Array(repeating: Substring(".."), count: from.count - common)
        let parts = ups + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` as read from a timeline in `folder`: absolute paths stay, relative ones are joined to
    /// the folder; standardized.
    package static func resolve(_ path: String, against folder: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return standardized(folder.isEmpty ? path : folder + "/" + path)
    }
}
