#if canImport(Glibc)
    import Glibc
#endif

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
    private static let lock = Lock()

    static func register(_ path: String) {
        lock.withLock {
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = PathBytes.withCString(path) { strdup($0) }
                return
            }
        }
    }

    static func unregister(_ path: String) {
        lock.withLock {
            for i in 0..<capacity {
                if let s = slots[i], PathBytes.string(cString: s) == path {
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
}
