#if canImport(Glibc)
    import Glibc
#endif

/// Folders made for outputs (`mkdir -p`), their names' bytes kept (`PathBytes`): Foundation's
/// `createDirectory` turns a byte that is not UTF-8 into another name.
package enum FolderMaking {
    /// Makes `path` and any missing folder above it (mode 0777 less the umask), and returns those
    /// it made, outermost first, so a caller that fails can remove what it made and nothing else.
    @discardableResult
    package static func create(_ path: String) throws(FileAccessError) -> [String] {
        if FileKind.of(path) == .folder { return [] }
        var missing: [String] = []
        var current = path
        while FileKind.of(current) == nil, current != "/", current != "." {
            missing.insert(current, at: 0)
            current = PathText.folder(of: current)
        }
        var made: [String] = []
        for folder in missing {
            if PathBytes.withCString(folder, { mkdir($0, 0o777) }) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                let error = FileAccessError.system(errno, file: folder, operation: "making the folder")
                removeEmpty(made)
                throw error
            }
        }
        guard FileKind.of(path) == .folder else {
            throw FileAccessError(
                .failed, file: path, operation: "making the folder", reason: "\(FileKind.of(path)?.phrase ?? "something") has that name")
        }
        return made
    }

    /// Makes the folders of `relative` (`videos/2026`) beneath `root`, one at a time through
    /// descriptors, never through a link: a link among them is refused, not followed (the
    /// subfolders of a batch's outputs, see `AtomicFile(beneath:name:)`). An empty `relative` makes nothing.
    package static func create(beneath root: String, _ relative: String) throws(FileAccessError) {
        guard !relative.isEmpty else { return }
        let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
        guard let parts = LinkFreeWalk.parts(relative) else {
            throw FileAccessError(.failed, file: path, operation: "making the folder", reason: "not a plain name beneath \(root)")
        }
        close(try LinkFreeWalk.folder(root, parts, create: true, file: path, operation: "making the folder"))
    }

    /// Removes the folders `made` listed (innermost first) that are still empty; a folder that
    /// holds anything is left as it is.
    package static func removeEmpty(_ made: [String]) {
        for folder in made.reversed() { _ = PathBytes.withCString(folder) { rmdir($0) } }
    }
}
