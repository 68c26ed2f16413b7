#if canImport(Glibc)
import Glibc
#endif

/// An output written under a temporary name in its final folder and renamed when complete.
///
/// A failed, cancelled or interrupted run therefore never leaves a half-written file at the
/// output path, and an existing file there is replaced only by a complete one.
public final class AtomicFile {
    /// The path the caller asked for.
    public let path: String
    /// Where the data is written until `commit()`.
    public let temporaryPath: String
    private var done = false

    public init(path: String) throws(MediaError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else {
            throw MediaError(.writeFailed, file: path, operation: "creating the output", reason: "the path names a folder, not a file")
        }
        var st = stat()
        if stat(folder.isEmpty ? "/" : folder, &st) != 0 || (st.st_mode & S_IFMT) != S_IFDIR {
            throw MediaError(.writeFailed, file: path, operation: "creating the output", reason: "folder \(folder) does not exist")
        }
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw MediaError(.writeFailed, file: path, operation: "creating the output", reason: "a folder has that name")
        }
        let prefix = slash.map { String(path[...$0]) } ?? ""
        temporaryPath = "\(prefix).\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial"
        TemporaryFiles.register(temporaryPath)
    }

    deinit {
        if !done { discard() }
    }

    /// Moves the finished file into place.
    public func commit() throws(MediaError) {
        guard !done else { return }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw MediaError(.writeFailed, file: path, operation: "moving the finished output into place", reason: reason)
        }
        done = true
        TemporaryFiles.unregister(temporaryPath)
    }

    /// Removes the temporary file; the output path is left untouched.
    public func discard() {
        done = true
        unlink(temporaryPath)
        TemporaryFiles.unregister(temporaryPath)
    }
}

/// Temporary outputs currently being written, so a signal handler can remove them before exiting.
///
/// Kept in fixed C-string slots because a signal handler may call only async-signal-safe code.
public enum TemporaryFiles {
    private static let capacity = 32
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    nonisolated(unsafe) private static var lockReady = false

    static func register(_ path: String) {
        withLock {
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = strdup(path)
                return
            }
        }
    }

    static func unregister(_ path: String) {
        withLock {
            for i in 0..<capacity {
                if let s = slots[i], String(cString: s) == path {
                    slots[i] = nil
                    free(s)
                }
            }
        }
    }

    /// Unlinks every registered temporary file. Async-signal-safe: only `unlink` on prepared strings.
    public static func removeAllForSignal() {
        for i in 0..<capacity {
            if let s = slots[i] { unlink(s) }
        }
    }

    private static func withLock(_ body: () -> Void) {
        if !lockReady {
            pthread_mutex_init(&lock, nil)
            lockReady = true
        }
        pthread_mutex_lock(&lock)
        body()
        pthread_mutex_unlock(&lock)
    }
}
