import FileAccess

#if canImport(Glibc)
    import Glibc
#endif

/// The paths a glob in a `media` column names (`clips/*.mp4`, `day?/IMG_*.jpg`), in name order.
///
/// A path without `*`, `?` or `[` is taken as it is; a glob that matches nothing is an error of
/// its row rather than an empty list, so a typo never makes a video of the wrong media.
enum MediaGlob {
    static func isGlob(_ path: String) -> Bool { path.contains { $0 == "*" || $0 == "?" || $0 == "[" } }

    /// The matches of `pattern`, sorted; nil when there are none.
    static func expand(_ pattern: String) -> [String]? {
        var result = glob_t()
        defer { globfree(&result) }
        let status = PathBytes.withCString(pattern) { glob($0, 0, nil, &result) }
        guard status == 0, result.gl_pathc > 0 else { return nil }
        var paths: [String] = []
        for i in 0..<Int(result.gl_pathc) {
            if let p = result.gl_pathv[i] { paths.append(PathBytes.string(cString: p)) }
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
