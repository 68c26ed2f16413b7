import FileAccess
import Foundation

/// Folders that ship with reel beside its executable: the template library (`templates`), found
/// where `scripts/install` puts it (`<prefix>/share/reel/<name>`) or, for a reel run from its
/// build folder, in the repository it was built from. So `reel serve` offers the shipped templates
/// wherever it is started, as an installed program should.
public enum InstalledFiles {
    /// The folder `name` that ships with this reel, or nil when there is none.
    public static func folder(_ name: String) -> String? {
        guard let executable = PathText.realPath("/proc/self/exe") else { return nil }
        let bin = PathText.folder(of: executable)
        let installed = PathText.folder(of: bin) + "/share/reel/" + name
        if FileKind.of(installed) == .folder { return installed }
        // A development build (.build/<triple>/debug/reel): the repository holds the folder.
        var folder = bin
        for _ in 0..<6 {
            folder = PathText.folder(of: folder)
            if FileKind.of(folder + "/Package.swift") == .regular, FileKind.of(folder + "/" + name) == .folder { return folder + "/" + name }
            if folder == "/" { break }
        }
        return nil
    }
}
