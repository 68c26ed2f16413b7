#if canImport(Glibc)
    import Glibc
#endif

/// Folders whose files are opened beneath them, at open time.
///
/// A template is shared and downloaded, so its folder is untrusted: validation checks that every
/// asset path stays inside it, but a file swapped for a link after validation (during a render)
/// would escape a check made earlier. Registering the folder makes every later open of a path
/// inside it resolve beneath the folder's descriptor (`openat2` with `RESOLVE_BENEATH`), so a link
/// that leaves the folder is refused whenever it appears.
package enum ConfinedFolders {
    nonisolated(unsafe) private static var roots: [String] = []
    private static let lock = Lock()

    /// Confines every later open of a path inside `folder` to it.
    package static func confine(_ folder: String) {
        let absolute = PathText.absolute(folder)
        lock.withLock {
            if !roots.contains(absolute) { roots.append(absolute) }
            if let real = PathText.realPath(folder), real != absolute, !roots.contains(real) { roots.append(real) }
        }
    }

    /// Forgets every confinement (for tests that reuse a process).
    package static func reset() {
        lock.withLock { roots.removeAll() }
    }

    /// The confining folder that lexically contains `path`, and the path relative to it.
    static func root(containing path: String) -> (root: String, relative: String)? {
        let absolute = PathText.absolute(path)
        return lock.withLock {
            // The innermost root wins, so a template inside another's folder is confined to itself.
            var best: (String, String)?
            for root in roots {
                let prefix = root.hasSuffix("/") ? root : root + "/"
                guard absolute.hasPrefix(prefix) else { continue }
                let rest = String(absolute.dropFirst(prefix.count))
                if !rest.isEmpty, best.map({ root.count > $0.0.count }) ?? true { best = (root, rest) }
            }
            return best
        }
    }
}

/// A mutex for the module's small shared tables.
final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
