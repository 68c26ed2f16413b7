#if canImport(Glibc)
    import Glibc
#endif

/// Paths as text: made absolute and normalized lexically, without touching the file system
/// beyond the current directory.
package enum PathText {
    /// `path` from the root, with `.` and `..` components and repeated slashes removed.
    package static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buffer, buffer.count).map { _ in PathBytes.string(cString: buffer) } ?? "/"
            full = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The canonical path with every link resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// The folder part of a path: what comes before its last slash ("." for a bare name, "/" for
    /// a name at the root). A path that ends in a slash is a folder's own path and gives that
    /// folder back (`out/` gives `out`), so `folder(of:)`, a slash and `name(of:)` always make
    /// the path again; repeated slashes are kept as written. The one folder-of-a-path of Reel:
    /// the command line, the template and timeline readers and the file layer all agree on it.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of a path: what comes after its last slash (empty when it ends in one).
    package static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Where writing `path` lands: `path` itself, or when it is a symbolic link, what the link
    /// names (links to links followed, up to 40; what the last one names need not exist).
    package static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = PathBytes.withCString(current) { name in
                buffer.withUnsafeMutableBytes { readlink(name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
            }
            guard n > 0 else { return current }
            let link = PathBytes.string(buffer[0..<n])
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        return current
    }

    /// The real path `path` would have once created: the real path of its deepest existing
    /// folder (links resolved) followed by the components that do not exist yet. A link on the
    /// way whose target does not exist yet (`v -> out` before `out` is made) stands for what it
    /// names, found by `readlink`: writing through it, or reading through it later, reaches that.
    package static func resolvedLocation(_ path: String) -> String {
        resolvedLocation(path, links: 0)
    }

    private static func resolvedLocation(_ path: String, links: Int) -> String {
        if let real = realPath(path) { return real }
        if path == "/" || path == "." { return absolute(path) }
        if links < 40 {
            let target = linkTarget(path)
            if target != path { return resolvedLocation(target, links: links + 1) }
        }
        let parent = resolvedLocation(folder(of: path), links: links)
        switch name(of: path) {
        case "", ".": return parent
        case "..": return folder(of: parent)
        case let last: return (parent == "/" ? "" : parent) + "/" + last
        }
    }
}
