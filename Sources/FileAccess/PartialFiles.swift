import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files of outputs being written (`.<name>.<pid>-<n>.partial`), and the removal of
/// those whose writer is gone.
///
/// A writer holds an exclusive `flock` on its temporary file for as long as it writes; the kernel
/// drops the lock when the process ends, however it ends (a `SIGKILL` included). A leftover is
/// therefore one that can be locked and whose process no longer exists: both must hold, so a file
/// of a live run on this machine, or of a run on another machine sharing the folder (whose lock
/// the file server keeps), is never touched.
enum PartialFiles {
    static func name(for output: String) -> String {
        ".\(output).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial"
    }

    /// The pid in a temporary file's name, when the name has the form of one.
    static func writerPID(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return nil }
        let core = name.dropLast(".partial".count)
        guard let dot = core.lastIndex(of: "."), let dash = core[dot...].firstIndex(of: "-") else { return nil }
        let pidText = core[core.index(after: dot)..<dash]
        let randomText = core[core.index(after: dash)...]
        guard !pidText.isEmpty, pidText.allSatisfy(\.isASCII), randomText.allSatisfy({ $0.isNumber && $0.isASCII }),
            let pid = pid_t(pidText)
        else { return nil }
        return pid
    }

    /// Removes the leftovers of dead runs in `folder`; anything in doubt is left alone.
    static func removeStale(in folder: String) {
        guard let dir = PathBytes.withCString(folder, { opendir($0) }) else { return }
        defer { closedir(dir) }
        let dirfd = Glibc.dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { PathBytes.string(cString: $0) }
            }
            guard let pid = writerPID(name), pid != getpid() else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let fd = PathBytes.withCString(name) { reel_openat(dirfd, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0) }
            guard fd >= 0 else { continue }
            var st = stat()
            if fstat(fd, &st) == 0, FileKind(mode: st.st_mode) == .regular, flock(fd, LOCK_EX | LOCK_NB) == 0 {
                _ = PathBytes.withCString(name) { unlinkat(dirfd, $0, 0) }
            }
            close(fd)
        }
    }
}
