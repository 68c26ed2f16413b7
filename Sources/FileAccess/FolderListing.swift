#if canImport(Glibc)
    import Glibc
#endif

/// The names in a folder, their bytes kept (`PathBytes`), without `.` and `..`.
package enum FolderListing {
    /// Nil when the folder cannot be read.
    package static func names(_ folder: String) -> [String]? {
        guard let dir = PathBytes.withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { PathBytes.string(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
