/// Folders whose outputs are created beneath the folder's descriptor and never through a link.
///
/// A single command's output that is a link is written where the link leads, as `cp` does: the
/// person named it. A batch's outputs are different: their names come from a jobs file and they
/// live in an output folder that others may write too, so a link planted at a row's name (or in
/// one of its subfolders) must never carry the video elsewhere. Holding the folder makes every
/// `AtomicFile` inside it use `AtomicFile(beneath:name:)`, however the writer was reached (the
/// exporter, the MP4 writer), without threading the folder through every layer.
package enum OutputFolders {
    nonisolated(unsafe) private static var held: [String: Int] = [:]
    private static let lock = Lock()

    /// Makes every output inside `folder` link-free until `release(folder)` (holds are counted).
    package static func hold(_ folder: String) {
        let absolute = PathText.absolute(folder)
        lock.withLock { held[absolute, default: 0] += 1 }
    }

    /// Ends one `hold(folder)`.
    package static func release(_ folder: String) {
        let absolute = PathText.absolute(folder)
        lock.withLock {
            let count = (held[absolute] ?? 1) - 1
            held[absolute] = count > 0 ? count : nil
        }
    }

    /// The held folder that lexically contains `path` (innermost), and `path` relative to it.
    static func root(containing path: String) -> (root: String, relative: String)? {
        let absolute = PathText.absolute(path)
        return lock.withLock {
            var best: (String, String)?
            for root in held.keys {
                let prefix = root == "/" ? "/" : root + "/"
                guard absolute.hasPrefix(prefix) else { continue }
                let rest = String(absolute.dropFirst(prefix.count))
                if !rest.isEmpty, best.map({ root.count > $0.0.count }) ?? true { best = (root, rest) }
            }
            return best
        }
    }
}
