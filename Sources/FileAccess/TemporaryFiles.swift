import DocumentLimits
import MediaTime

#if canImport(Glibc)
    import Glibc
#endif

/// Temporary outputs currently being written, so a signal handler can remove them before exiting.
///
/// Kept in fixed C-string slots because a signal handler may call only async-signal-safe code.
/// The process's registry (`shared`) has slots for every file of the most rows a batch renders at
/// once (`Limits.batchJobs`: each row's output, a first pass's output and the encoder's statistics)
/// and for a template's placeholder pictures; a file that finds no slot is refused (`register`
/// returns false), never left off the list in silence. A registry of its own can be given to an
/// `AtomicFile`, so code that empties or fills one (its tests) leaves the process's alone.
package final class TemporaryFiles: @unchecked Sendable {
    /// Temporary files one row of a batch may have at once: its output's, a two-pass first
    /// pass's and the scratch files naming them, and the four files of x264's statistics.
    static let filesPerRow = 8
    /// The slots of the process's registry.
    static let defaultCapacity = Limits.batchJobs.upperBound * filesPerRow + Limits.slotCount.upperBound + 64

    /// The registry the signal handler empties.
    package static let shared = TemporaryFiles()

    /// How many files can be registered at once; `register` refuses beyond it.
    package let capacity: Int
    private let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let lock = Lock()

    /// Allocates every slot up front, so the signal handler never allocates; tests pass a small capacity.
    package init(capacity: Int = defaultCapacity) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
    }

    deinit {
        for i in 0..<capacity { free(slots[i]) }
        slots.deallocate()
    }

    /// Adds `path`; false when every slot is taken (the caller must then not create the file).
    func register(_ path: String) -> Bool {
        lock.withLock {
            for i in 0..<capacity where slots[i] == nil {
                slots[i] = PathBytes.withCString(path) { strdup($0) }
                return true
            }
            return false
        }
    }

    /// The error of a file `register` found no slot for.
    func full(_ path: String) -> FileAccessError {
        FileAccessError(
            .failed, file: path, operation: "creating a temporary file",
            reason: "more than \(capacity) temporary files are being written at once")
    }

    func unregister(_ path: String) {
        PathBytes.withCString(path) { name in
            lock.withLock {
                for i in 0..<capacity {
                    if let s = slots[i], strcmp(s, name) == 0 {
                        slots[i] = nil
                        free(s)
                    }
                }
            }
        }
    }

    /// Unlinks every registered temporary file. Async-signal-safe: only `unlink` on prepared strings.
    package func removeAllForSignal() {
        for i in 0..<capacity {
            if let s = slots[i] { unlink(s) }
        }
    }
}
