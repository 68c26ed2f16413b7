import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The folders beneath an output folder, reached one name at a time through descriptors
/// (`openat` with `O_NOFOLLOW`), so that no link, wherever it is planted among them, is followed.
enum LinkFreeWalk {
    /// Why a name on the way to an output, or at it, is refused: links first, then anything that
    /// is not what it must be.
    static func refusal(_ kind: FileKind, part: String, last: Bool, label: String) -> String {
        if kind == .link {
            return
                "\(last ? label : "'\(PathBytes.display(part))'") is a symbolic link; outputs in the output folder are never written through a link"
        }
        return last ? "\(label) must be a file, and this is \(kind.phrase)" : "'\(PathBytes.display(part))' is \(kind.phrase), not a folder"
    }

    /// A descriptor (`O_PATH`) of the folder `root/parts...`: `root` as named (a link to it is
    /// followed: it is the folder the person chose), each part beneath it a real folder, never a
    /// link; missing parts are made when `create`. The caller closes it.
    static func folder(_ root: String, _ parts: [String], create: Bool, file: String, operation: String) throws(FileAccessError) -> Int32 {
        var dir = PathBytes.withCString(root) { reel_open($0, reel_o_path | O_DIRECTORY | O_CLOEXEC, 0) }
        if dir < 0 { throw .system(errno, file: file, operation: operation) }
        for part in parts {
            let current = dir
            if create && kind(current, part) == nil, PathBytes.withCString(part, { mkdirat(current, $0, 0o777) }) != 0, errno != EEXIST {
                let code = errno
                close(dir)
                throw .system(code, file: file, operation: operation)
            }
            if let found = kind(dir, part), found != .folder {
                close(dir)
                throw FileAccessError(.notRegularFile, file: file, operation: operation, reason: refusal(found, part: part, last: false, label: ""))
            }
            let next = PathBytes.withCString(part) { reel_openat(current, $0, reel_o_path | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0) }
            let code = errno
            close(dir)
            if next < 0 {
                if code == ELOOP || code == ENOTDIR {
                    throw FileAccessError(
                        .notRegularFile, file: file, operation: operation, reason: refusal(.link, part: part, last: false, label: ""))
                }
                throw .system(code, file: file, operation: operation)
            }
            dir = next
        }
        return dir
    }

    /// What `name` in the folder `dir` is, a link not followed; nil when nothing is there.
    static func kind(_ dir: Int32, _ name: String) -> FileKind? {
        var st = stat()
        guard PathBytes.withCString(name, { fstatat(dir, $0, &st, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return FileKind(mode: st.st_mode)
    }

    /// The parts of `relative` (an output's name beneath its folder), or nil when it is not a plain
    /// name beneath it (empty, absolute, or with `.`, `..` or empty parts).
    static func parts(_ relative: String) -> [String]? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relative.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return parts
    }
}
