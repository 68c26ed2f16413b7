import FileAccess
import Foundation

/// Checks that a path written in a template names a file inside the template folder.
///
/// Templates are downloaded and untrusted: an asset path must be relative, must not climb with
/// `..`, and must still lie inside the folder once every symbolic link is resolved, so that a
/// template cannot make Reel read (and put into a video) a file elsewhere on the machine.
package enum AssetPath {
    enum Problem: Equatable {
        case empty
        /// A NUL byte, which the system would cut the path at.
        case holdsNUL
        case absolute
        case climbsOut
        /// A symbolic link on the way leads outside; carries where it leads.
        case linksOutside(String)
        case missing
        case notRegularFile
    }

    /// Nil when `relative` names a regular file inside `folder`.
    static func problem(with relative: String, in folder: String) -> Problem? {
        if relative.isEmpty { return .empty }
        if PathBytes.holdsNUL(relative) { return .holdsNUL }
        // `~` is not expanded by Reel; a path starting with it is meant as one from the home folder.
        if relative.hasPrefix("/") || relative == "~" || relative.hasPrefix("~/") { return .absolute }
        if relative.split(separator: "/").contains("..") { return .climbsOut }
        let joined = join(folder, relative)
        guard let root = realPath(folder) else { return .missing }
        guard let target = realPath(joined) else { return .missing }
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return .linksOutside(target) }
        guard let kind = FileKind.of(target) else { return .missing }
        return kind == .regular ? nil : .notRegularFile
    }

    /// Most files listed from a template folder: a folder with more is not a template anyone wrote by hand.
    static let maxListedFiles = 2000

    /// Relative paths of the regular files in `folder` and its subfolders, sorted; hidden files and
    /// folders are skipped, symbolic links are not followed. Names keep their bytes (`PathBytes`).
    static func files(in folder: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast(), found.count < maxListedFiles {
            for name in (FolderListing.names(join(folder, relative)) ?? []).sorted().reversed() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                switch FileKind.withoutFollowing(join(folder, path)) {
                case .regular: found.append(path)
                case .folder: pending.append(path)
                default: continue
                }
            }
        }
        return Array(found.sorted().prefix(maxListedFiles))
    }

    /// `folder/relative`, without doubling the separator.
    package static func join(_ folder: String, _ relative: String) -> String {
        if folder.isEmpty { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The absolute path with every symbolic link resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? { PathText.realPath(path) }
}
