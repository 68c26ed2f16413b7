import FileAccess
import Testing

/// The folder and the name of a path, as text: one rule for every layer.
@Suite struct PathTextTests {
    @Test func folderIsWhatComesBeforeTheLastSlash() {
        #expect(PathText.folder(of: "clips/a.mp4") == "clips")
        #expect(PathText.folder(of: "/work/clips/a.mp4") == "/work/clips")
        #expect(PathText.folder(of: "/a.mp4") == "/")
        #expect(PathText.folder(of: "a.mp4") == ".")
        // A one-letter name: Foundation's `deletingLastPathComponent`, used once for this, traps on it.
        #expect(PathText.folder(of: "a") == ".")
        #expect(PathText.name(of: "a") == "a")
    }

    /// A path ending in a slash is a folder's own path: its folder part is that folder and its
    /// name is empty, so folder, slash and name give the path back.
    @Test func trailingSlashGivesTheFolderItself() {
        #expect(PathText.folder(of: "out/") == "out")
        #expect(PathText.name(of: "out/") == "")
        #expect(PathText.folder(of: "videos/2026/") == "videos/2026")
        #expect(PathText.folder(of: "/") == "/")
        for path in ["out/", "videos/2026/", "clips/a.mp4", "/a.mp4", "x//t.json"] {
            let folder = PathText.folder(of: path)
            #expect((folder == "/" ? "" : folder) + "/" + PathText.name(of: path) == path, "\(path)")
        }
    }
}
