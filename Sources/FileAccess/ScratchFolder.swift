import CSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private folder for files a run makes and throws away (placeholder pictures, the encoder's
/// two-pass statistics), created under the system's temporary folder with mode 0700 and removed
/// with everything in it when this object goes.
///
/// Files named through `file(_:)` are also registered with `TemporaryFiles`, so a run stopped by a
/// signal unlinks them on its way out. A run killed outright (`SIGKILL`) cannot, so the folder
/// holds a lock file (`.reel-<pid>.lock`) locked with `flock` for the folder's life, as the
/// partial files of outputs are (`PartialFiles`): each new scratch folder first removes those of
/// dead runs, whose lock file can be locked and whose process no longer exists. A folder with
/// nothing in it that has stood for a minute is removed too: a run killed between making the
/// folder and its lock leaves one, and a live run makes its lock at once. Anything else in doubt
/// (no lock file beside other files, a process alive, a folder inside) is left alone.
package final class ScratchFolder: @unchecked Sendable {
    /// The folder's absolute path; everything in it is removed when this object goes.
    package let path: String
    private var registered: [String] = []
    private let lock = Lock()
    private let lockFile: Int32

    /// Creates `reel-<purpose>-XXXXXX` in `base`, by default `$TMPDIR` (else `/tmp`), after
    /// removing the scratch folders of dead runs there.
    package init(purpose: String, in base: String? = nil) throws(FileAccessError) {
        let base = base ?? (NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory())
        Self.removeStale(in: base)
        let template = base + "/reel-\(purpose)-XXXXXX"
        var bytes = PathBytes.bytes(template).map { CChar(bitPattern: $0) } + [0]
        guard let made = mkdtemp(&bytes) else {
            throw FileAccessError(.failed, file: template, operation: "creating a temporary folder", reason: String(cString: strerror(errno)))
        }
        path = PathBytes.string(cString: made)
        let name = path + "/" + Self.lockName(getpid())
        let fd = PathBytes.withCString(name) { reel_open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        if fd < 0 {
            let error = FileAccessError.system(errno, file: name, operation: "creating a temporary folder")
            _ = PathBytes.withCString(path) { rmdir($0) }
            throw error
        }
        flock(fd, LOCK_EX | LOCK_NB)
        lockFile = fd
    }

    /// The path of `name` inside the folder, registered for removal on a signal (an error when
    /// the registry is full: a file a signal would leave behind is not made).
    package func file(_ name: String) throws(FileAccessError) -> String {
        let file = path + "/" + name
        let added = lock.withLock {
            if registered.contains(file) { return true }
            guard TemporaryFiles.shared.register(file) else { return false }
            registered.append(file)
            return true
        }
        if !added { throw TemporaryFiles.shared.full(file) }
        return file
    }

    deinit {
        for file in registered { TemporaryFiles.shared.unregister(file) }
        Self.removeFlat(path)
        close(lockFile)
    }

    static func lockName(_ pid: pid_t) -> String { ".reel-\(pid).lock" }

    /// The pid in a lock file's name, when the name has its form.
    static func lockPID(_ name: String) -> pid_t? {
        guard name.hasPrefix(".reel-"), name.hasSuffix(".lock") else { return nil }
        let digits = name.dropFirst(".reel-".count).dropLast(".lock".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return pid_t(digits)
    }

    /// How long an empty scratch folder stands before it is taken for a killed run's.
    package static let emptyFolderAge: time_t = 60

    /// Removes the scratch folders (`reel-*-XXXXXX`) of dead runs in `base`.
    static func removeStale(in base: String) {
        for name in FolderListing.names(base) ?? [] where name.hasPrefix("reel-") {
            let folder = base + "/" + name
            var st = stat()
            guard PathBytes.withCString(folder, { lstat($0, &st) }) == 0, FileKind(mode: st.st_mode) == .folder, st.st_uid == getuid(),
                let names = FolderListing.names(folder)
            else { continue }
            if names.isEmpty {
                // rmdir removes only an empty folder: a run that just made its lock keeps it.
                if time(nil) - st.st_mtim.tv_sec >= emptyFolderAge { _ = PathBytes.withCString(folder) { rmdir($0) } }
                continue
            }
            guard let lockName = names.first(where: { lockPID($0) != nil }),
                let pid = lockPID(lockName), pid != getpid(), kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            let fd = PathBytes.withCString(folder + "/" + lockName) { reel_open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0) }
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { removeFlat(folder) }
            close(fd)
        }
    }

    /// Removes the files directly in `folder`, then the folder (left when anything else is in it).
    static func removeFlat(_ folder: String) {
        for name in FolderListing.names(folder) ?? [] { _ = PathBytes.withCString(folder + "/" + name) { unlink($0) } }
        _ = PathBytes.withCString(folder) { rmdir($0) }
    }
}
