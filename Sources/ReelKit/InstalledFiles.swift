import FileAccess
import Foundation

/// Folders that ship with reel beside its executable: the template library (`templates`) and the
/// studio's page (`studio`), found where `scripts/install` puts them (`<prefix>/share/reel/<name>`)
/// or, for a reel run from its build folder, where the build or the repository keeps them. So
/// `reel serve` and `reel studio` offer the shipped templates wherever they are started.
public enum InstalledFiles {
    /// The folder holding this reel's executable (links resolved), or nil when it cannot be told.
    public static var executableFolder: String? {
        PathText.realPath("/proc/self/exe").map { PathText.folder(of: $0) }
    }

    /// The folder `name` that ships with this reel: installed beside it, else in the repository a
    /// development build (`.build/<triple>/debug/reel`) was made from; nil when there is none.
    public static func folder(_ name: String) -> String? {
        guard let bin = executableFolder else { return nil }
        let installed = PathText.folder(of: bin) + "/share/reel/" + name
        if FileKind.of(installed) == .folder { return installed }
        var folder = bin
        for _ in 0..<6 {
            folder = PathText.folder(of: folder)
            if FileKind.of(folder + "/Package.swift") == .regular, FileKind.of(folder + "/" + name) == .folder { return folder + "/" + name }
            if folder == "/" { break }
        }
        return nil
    }
}
