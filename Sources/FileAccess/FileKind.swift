#if canImport(Glibc)
    import Glibc
#endif

/// What a path names in the file system, in the words Reel's messages use.
package enum FileKind: Sendable, Equatable {
    case regular, folder, fifo, socket, characterDevice, blockDevice, link, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .link
        default: self = .other
        }
    }

    /// The kind of what `path` names after following links, or nil when nothing is there.
    package static func of(_ path: String) -> FileKind? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return nil }
        return FileKind(mode: st.st_mode)
    }

    /// The kind of what `path` names itself, a link not followed (`.link`), or nil when nothing is there.
    package static func withoutFollowing(_ path: String) -> FileKind? {
        var st = stat()
        guard PathBytes.withCString(path, { lstat($0, &st) }) == 0 else { return nil }
        return FileKind(mode: st.st_mode)
    }

    /// The `stat` of an opened descriptor, which must be a regular file; otherwise the descriptor
    /// is closed and the error names `path` and what it is. Checking what was opened, not the
    /// name, is what makes a file swapped after a check harmless.
    static func requireRegular(_ fd: Int32, path: String, operation: String) throws(FileAccessError) -> stat {
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            throw .system(code, file: path, operation: operation)
        }
        let kind = FileKind(mode: st.st_mode)
        guard kind == .regular else {
            close(fd)
            throw FileAccessError(.notRegularFile, file: path, operation: operation, reason: "is \(kind.phrase), not a file")
        }
        return st
    }

    /// Whether this process may read `path` (`access(R_OK)`), by its bytes.
    static func isReadable(_ path: String) -> Bool {
        PathBytes.withCString(path) { access($0, R_OK) } == 0
    }

    /// "a FIFO", "a folder": for "is a FIFO, not a file".
    package var phrase: String {
        switch self {
        case .regular: return "a file"
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .link: return "a symbolic link"
        case .other: return "a special file"
        }
    }
}
