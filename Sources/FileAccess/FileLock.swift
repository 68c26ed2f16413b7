import CSystem
import MediaTime

#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock (`flock`) on a file, held from `acquire` until released, for work that reads,
/// changes and writes files another Reel process may be changing at the same time: an edit of a
/// timeline and its journal, a batch writing into its output folder.
///
/// `flock` orders Reel processes among themselves (other programs that do not ask for the lock are
/// not held back), and the kernel drops the lock when its process ends, however it ends, so a
/// killed run never leaves a stale lock behind. A lock belongs to the opened file: a file renamed
/// over or removed while a process waited would leave that process locking a file nobody else
/// opens, so once the lock is taken the path is checked to still name the locked file, and opened
/// again if not.
///
/// The locked file is opened as every file here is: never through a link, never blocking, and
/// refused unless it is a regular file. It is also where the locked work may keep its data (an
/// edit's journal is its own lock): `readAll`, `append` and `truncate` use the locked descriptor.
package final class FileLock: @unchecked Sendable {
    /// How the lock is shared: `flock`'s shared and exclusive locks.
    package enum Mode: Sendable {
        /// Many holders at once (readers; shards that each write their own files).
        case shared
        /// One holder, and no shared one.
        case exclusive
    }

    /// The path as the caller named it, for messages.
    package let path: String
    /// The open, locked descriptor; the lock lasts while it stays open, so callers must not close it.
    package let descriptor: Int32
    /// Whether `acquire` created the file (nothing was at the path).
    package let created: Bool
    private var removeIfLeftEmpty = false

    private init(path: String, descriptor: Int32, created: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.created = created
    }

    deinit {
        if removeIfLeftEmpty {
            var st = stat()
            var now = stat()
            if fstat(descriptor, &st) == 0, st.st_size == 0,
                PathBytes.withCString(path, { lstat($0, &now) }) == 0, FileIdentity(now) == FileIdentity(st)
            {
                _ = PathBytes.withCString(path) { unlink($0) }
            }
        }
        close(descriptor)
    }

    /// Takes the lock on `path`, waiting up to `wait` while another process holds it; nil when it
    /// is still held then. With `creating`, a missing file is created empty (mode 0644 less the
    /// umask); without it, a missing file is `notFound`. `waiting` is called once if the lock has
    /// not been taken after a second, so a person can be told why nothing happens yet.
    /// `operation` names what the caller does, for errors.
    package static func acquire(
        _ path: String, _ mode: Mode, creating: Bool, wait: RationalTime, operation: String, waiting: (() -> Void)? = nil
    ) throws(FileAccessError) -> FileLock? {
        let start = monotonicSeconds()
        let limit = wait.seconds
        var told = false
        while true {
            let (fd, created) = try open(path, writable: mode == .exclusive || creating, creating: creating, operation: operation)
            var held = false
            while true {
                if flock(fd, (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 {
                    held = true
                    break
                }
                let code = errno
                if code == EINTR { continue }
                guard code == EWOULDBLOCK else {
                    close(fd)
                    throw .system(code, file: path, operation: operation)
                }
                let elapsed = monotonicSeconds() - start
                if elapsed >= limit { break }
                if !told && elapsed >= 1 {
                    told = true
                    waiting?()
                }
                // A short sleep with a little jitter, so that waiters do not wake in step.
                usleep(UInt32(10_000 + Int.random(in: 0..<20_000)))
            }
            guard held else {
                close(fd)
                return nil
            }
            // Still the file at the path? (It may have been replaced or removed while we waited.)
            var locked = stat()
            var named = stat()
            if fstat(fd, &locked) == 0, PathBytes.withCString(path, { lstat($0, &named) }) == 0, FileIdentity(named) == FileIdentity(locked) {
                return FileLock(path: path, descriptor: fd, created: created)
            }
            close(fd)
            if monotonicSeconds() - start >= limit { return nil }
        }
    }

    /// Removes the file when the lock is released if it is then still empty and still at its path:
    /// for a file `acquire` created that the work ended up not needing.
    package func removeWhenReleasedIfEmpty() { removeIfLeftEmpty = true }

    /// Size of the locked file now.
    package var size: Int64 {
        var st = stat()
        return fstat(descriptor, &st) == 0 ? Int64(st.st_size) : 0
    }

    /// The whole locked file, refused when larger than `limit` bytes.
    package func readAll(limit: Int) throws(FileAccessError) -> [UInt8] {
        try WholeFileRead.bytes(of: descriptor, path: path, limit: limit)
    }

    /// Appends `bytes` in one `write` (the file is opened to append), then `fsync`s: an entry is
    /// either whole on disk or, after a crash mid-write, a cut-short last line.
    package func append(_ bytes: [UInt8]) throws(FileAccessError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno, file: path, operation: "appending to the file")
            }
            offset += n
        }
        if fsync(descriptor) != 0 { throw .system(errno, file: path, operation: "appending to the file") }
    }

    /// Cuts the file to its first `length` bytes (a journal's last line cut short by a crash).
    package func truncate(to length: Int64) throws(FileAccessError) {
        if ftruncate(descriptor, off_t(length)) != 0 || fsync(descriptor) != 0 {
            throw .system(errno, file: path, operation: "cutting the file short")
        }
    }

    /// Opens `path` for locking: existing, or created exclusively when `creating`, never through a
    /// link, never blocking; refused unless it is a regular file.
    private static func open(_ path: String, writable: Bool, creating: Bool, operation: String) throws(FileAccessError) -> (Int32, Bool) {
        let flags = (writable ? O_RDWR | O_APPEND : O_RDONLY) | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        while true {
            var fd = PathBytes.withCString(path) { reel_open($0, flags, 0) }
            var created = false
            if fd < 0 && errno == ENOENT && creating {
                fd = PathBytes.withCString(path) { reel_open($0, flags | O_CREAT | O_EXCL, 0o644) }
                // Another process created it meanwhile: open what it made.
                if fd < 0 && errno == EEXIST { continue }
                created = fd >= 0
            }
            if fd < 0 {
                let code = errno
                if code == ELOOP, FileKind.withoutFollowing(path) == .link {
                    throw FileAccessError(
                        .notRegularFile, file: path, operation: operation, reason: "is a symbolic link, which Reel does not follow here")
                }
                throw .system(code, file: path, operation: operation)
            }
            _ = try FileKind.requireRegular(fd, path: path, operation: operation)
            return (fd, created)
        }
    }

    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
