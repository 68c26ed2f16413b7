import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file opened for reading, checked on the opened descriptor.
///
/// Media, assets, templates and timelines are untrusted: a FIFO or a device named as a clip would
/// block a reader forever, and a link swapped into a template folder could lead out of it. So
/// every file Reel reads is opened here first: without blocking, beneath its template folder when
/// it lies in one (`ConfinedFolders`), and refused unless `fstat` on the descriptor says it is a
/// regular file. Libraries that open by name (FFmpeg, libheif, libpng, FreeType) are then given
/// `descriptorPath`, which names this very file however the path changes meanwhile.
package final class ReadableFile: @unchecked Sendable {
    /// The path as the caller named it, for messages.
    package let path: String
    /// The open descriptor, closed with this object; read it with `pread` so no shared offset moves.
    package let descriptor: Int32
    /// Size in bytes when opened.
    package let size: Int64
    /// Device and inode of the opened file, from `fstat`: compared to find an output that is an input under another name.
    package let identity: FileIdentity

    /// Opens `path` for reading; `operation` names what the caller is doing, for errors.
    package init(path: String, operation: String = "opening") throws(FileAccessError) {
        self.path = path
        let fd = try Self.open(path, operation: operation)
        let st = try FileKind.requireRegular(fd, path: path, operation: operation)
        // Reads of a regular file never block; clear the flag so libraries see an ordinary descriptor.
        let flags = reel_fcntl_int(fd, F_GETFL, 0)
        if flags >= 0 { _ = reel_fcntl_int(fd, F_SETFL, flags & ~O_NONBLOCK) }
        descriptor = fd
        size = Int64(st.st_size)
        identity = FileIdentity(st)
    }

    deinit { close(descriptor) }

    /// A name for this opened file that libraries can open (Linux's `/proc/self/fd`): it reaches the
    /// same file even if `path` is replaced, and never leads anywhere else.
    package var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// The whole file, refused when larger than `limit` bytes.
    package func readAll(limit: Int) throws(FileAccessError) -> [UInt8] {
        try WholeFileRead.bytes(of: descriptor, path: path, limit: limit)
    }

    /// Up to `count` bytes from the start (fewer when the file is shorter or a read fails).
    package func prefix(_ count: Int) -> [UInt8] { bytes(at: 0, count: count) }

    /// Up to `count` bytes from `offset` (fewer when the file ends before, none when a read fails):
    /// for walking a header's parts without reading the file whole.
    package func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return Array(bytes.prefix(done))
    }

    /// The whole file as UTF-8 text.
    package func readText(limit: Int) throws(FileAccessError) -> String {
        let bytes = try readAll(limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileAccessError(.failed, file: path, operation: "reading", reason: "not UTF-8 text")
        }
        return text
    }

    /// Reads `path` whole as UTF-8 text, with every check of `init`.
    package static func text(_ path: String, limit: Int, operation: String = "reading") throws(FileAccessError) -> String {
        try ReadableFile(path: path, operation: operation).readText(limit: limit)
    }

    private static func open(_ path: String, operation: String) throws(FileAccessError) -> Int32 {
        if PathBytes.holdsNUL(path) { throw FileAccessError(.notFound, file: path, operation: operation, reason: PathBytes.nulReason) }
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        guard let (root, relative) = ConfinedFolders.root(containing: path) else {
            let fd = PathBytes.withCString(path) { reel_open($0, flags, 0) }
            if fd < 0 { throw .system(errno, file: path, operation: operation) }
            return fd
        }
        let dir = PathBytes.withCString(root) { reel_open($0, reel_o_path | O_DIRECTORY | O_CLOEXEC, 0) }
        if dir < 0 { throw .system(errno, file: path, operation: operation) }
        defer { close(dir) }
        var fd = PathBytes.withCString(relative) { reel_openat2(dir, $0, UInt64(flags), 0, reel_resolve_beneath | reel_resolve_no_magiclinks) }
        if fd < 0 && errno == ENOSYS { fd = openWithoutLinks(dir, relative, flags) }
        if fd < 0 { throw .system(errno, file: path, operation: operation) }
        return fd
    }

    /// Before `openat2` (Linux 5.6): a walk, component by component, that follows no link at all.
    private static func openWithoutLinks(_ dir: Int32, _ relative: String, _ flags: Int32) -> Int32 {
        let parts = relative.split(separator: "/").map(String.init)
        guard !parts.contains("..") else {
            errno = EXDEV
            return -1
        }
        var current = reel_fcntl_int(dir, F_DUPFD_CLOEXEC, 0)
        for (i, part) in parts.enumerated() {
            let last = i == parts.count - 1
            let next = PathBytes.withCString(part) {
                reel_openat(current, $0, last ? flags | O_NOFOLLOW : reel_o_path | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0)
            }
            let code = errno
            close(current)
            // A link anywhere is refused here (no link is followed): report it as leaving the folder.
            if next < 0 {
                errno = code == ELOOP ? EXDEV : code
                return -1
            }
            current = next
        }
        return current
    }
}
