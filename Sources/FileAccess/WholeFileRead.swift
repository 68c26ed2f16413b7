import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a whole open file into memory within a size limit: one loop for every reader that
/// holds a descriptor (an input checked at open, a locked journal).
enum WholeFileRead {
    /// The file's bytes, refused when larger than `limit`; `path` names it in errors. Reads one
    /// byte past the size seen at open, to notice a file that grew meanwhile.
    static func bytes(of descriptor: Int32, path: String, limit: Int) throws(FileAccessError) -> [UInt8] {
        var st = stat()
        let size = fstat(descriptor, &st) == 0 ? Int64(st.st_size) : 0
        if size > Int64(limit) { throw tooLarge(path, limit) }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        bytes.reserveCapacity(Int(size) + 4096)
        var done = 0
        while true {
            if done == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let n = bytes.withUnsafeMutableBytes { buf in pread(descriptor, buf.baseAddress! + done, buf.count - done, off_t(done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno, file: path, operation: "reading")
            }
            if n == 0 { break }
            done += n
            if done > limit { throw tooLarge(path, limit) }
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    private static func tooLarge(_ path: String, _ limit: Int) -> FileAccessError {
        FileAccessError(.tooLarge, file: path, operation: "reading", reason: "larger than the \(limit) bytes Reel reads")
    }
}
