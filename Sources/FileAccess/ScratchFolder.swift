import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private folder for files a run makes and throws away (placeholder pictures, the encoder's
/// two-pass statistics), created under the system's temporary folder with mode 0700 and removed
/// with everything in it when this object goes.
///
/// Files named through `file(_:)` are also registered with `TemporaryFiles`, so a run stopped by a
/// signal unlinks them on its way out; only the empty folder can be left behind then.
public final class ScratchFolder: @unchecked Sendable {
    public let path: String
    private var registered: [String] = []
    private let lock = Lock()

    /// Creates `reel-<purpose>-XXXXXX` in `$TMPDIR` (else `/tmp`).
    public init(purpose: String) throws(FileAccessError) {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("reel-\(purpose)-XXXXXX")
        var bytes = Array(base.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw FileAccessError(.failed, file: base, operation: "creating a temporary folder", reason: String(cString: strerror(errno)))
        }
        path = String(cString: made)
    }

    /// The path of `name` inside the folder, registered for removal on a signal (an error when
    /// the registry is full: a file a signal would leave behind is not made).
    public func file(_ name: String) throws(FileAccessError) -> String {
        let file = (path as NSString).appendingPathComponent(name)
        let added = lock.withLock {
            if registered.contains(file) { return true }
            guard TemporaryFiles.register(file) else { return false }
            registered.append(file)
            return true
        }
        if !added { throw TemporaryFiles.full(file) }
        return file
    }

    deinit {
        for file in registered { TemporaryFiles.unregister(file) }
        try? FileManager.default.removeItem(atPath: path)
    }
}
