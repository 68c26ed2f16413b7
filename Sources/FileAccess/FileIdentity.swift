#if canImport(Glibc)
    import Glibc
#endif

/// A file's identity in the file system (device and inode): two paths that reach one file, through
/// links, `..` or hard links, have the same identity.
package struct FileIdentity: Sendable, Hashable {
    /// The `st_dev` of the file system holding the file: an inode number is unique only within one device.
    package let device: UInt64
    let inode: UInt64

    init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// The identity of what `path` names after following links, or nil when nothing is there.
    package static func of(_ path: String) -> FileIdentity? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return nil }
        return FileIdentity(st)
    }
}
