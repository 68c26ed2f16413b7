import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe's two descriptors, closed on exec (a render's bytes on their way to a reader, kept from
/// the child processes a server runs). The caller closes each end.
package struct PipeEnds: Sendable {
    /// Where the bytes are read.
    package let read: Int32
    /// Where the bytes are written.
    package let write: Int32

    /// A new pipe; `name` labels errors.
    package init(name: String) throws(FileAccessError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system(errno, file: name, operation: "making a pipe") }
        for fd in ends { _ = reel_fcntl_int(fd, F_SETFD, FD_CLOEXEC) }
        read = ends[0]
        write = ends[1]
    }
}
