import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Appends to a journal: one `write` with `O_APPEND`, then `fsync`, so an entry is either whole on
/// disk or (after a crash mid-write) a cut-short last line that its reader drops.
public enum AppendableFile {
    public static func append(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        let fd = PathBytes.withCString(path) { reel_open($0, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0) }
        if fd < 0 { throw .system(errno, file: path, operation: "appending to the file") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, FileKind(mode: st.st_mode) == .regular else {
            throw FileAccessError(.notRegularFile, file: path, operation: "appending to the file", reason: "not a regular file")
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno, file: path, operation: "appending to the file")
            }
            offset += n
        }
        if fsync(fd) != 0 { throw .system(errno, file: path, operation: "appending to the file") }
    }
}
