import FileAccess
import Foundation
import Testing

/// Outputs beneath a batch's output folder never follow a link: one at the name, among the
/// subfolders, or planted while the file is written, is refused and what it leads to is kept.
/// And no path holding a NUL byte reaches a file.
@Suite struct LinkFreeOutputTests {
    let folder: String
    let victim: String

    init() throws {
        folder = NSTemporaryDirectory() + "reel-linkfree-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        victim = folder + "/victim.txt"
        try "kept".write(toFile: victim, atomically: false, encoding: .utf8)
    }

    var out: String { folder + "/out" }
    func victimText() throws -> String { try String(contentsOfFile: victim, encoding: .utf8) }
    func names(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test func aLinkAtTheNameIsRefusedAtOpenAndByTheCheck() throws {
        try FileManager.default.createSymbolicLink(atPath: out + "/a.mp4", withDestinationPath: victim)
        #expect(throws: FileAccessError.self) { try AtomicFile(beneath: out, name: "a.mp4") }
        #expect(throws: FileAccessError.self) { try AtomicFile.checkFileOutput(beneath: out, name: "a.mp4", label: "the output") }
        // The same path through the plain initializer follows the link, as `cp` does, unless the folder is held.
        OutputFolders.hold(out)
        #expect(throws: FileAccessError.self) { try AtomicFile(path: out + "/a.mp4") }
        OutputFolders.release(out)
        #expect(try victimText() == "kept")
        #expect(try names(out) == ["a.mp4"])
    }

    @Test func aLinkPlantedWhileWritingIsRefusedAtTheRename() throws {
        let output = try AtomicFile(beneath: out, name: "a.mp4")
        try output.write(Array("video".utf8))
        try FileManager.default.createSymbolicLink(atPath: out + "/a.mp4", withDestinationPath: victim)
        #expect(throws: FileAccessError.self) { try output.commit() }
        #expect(try victimText() == "kept")
        #expect(try names(out) == ["a.mp4"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/a.mp4") == victim)
    }

    @Test func subfoldersAreMadeBeneathAndALinkAmongThemIsRefused() throws {
        try FolderMaking.create(beneath: out, "videos/2026")
        let output = try AtomicFile(beneath: out, name: "videos/2026/a.mp4")
        try output.write(Array("video".utf8))
        try output.commit()
        #expect(try String(contentsOfFile: out + "/videos/2026/a.mp4", encoding: .utf8) == "video")

        let elsewhere = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/linked", withDestinationPath: elsewhere)
        #expect(throws: FileAccessError.self) { try FolderMaking.create(beneath: out, "linked/sub") }
        #expect(throws: FileAccessError.self) { try AtomicFile(beneath: out, name: "linked/a.mp4") }
        #expect(throws: FileAccessError.self) { try AtomicFile.checkFileOutput(beneath: out, name: "linked/a.mp4", label: "the output") }
        #expect(try names(elsewhere) == [])
    }

    @Test func aPathHoldingANULByteReachesNoFile() throws {
        let cut = victim + "\0.mp4"
        #expect(PathBytes.holdsNUL(cut) && PathBytes.holdsNUL(victim + "\u{10FF00}x"))
        #expect(throws: FileAccessError.self) { try AtomicFile(path: cut) }
        #expect(throws: FileAccessError.self) { try ReadableFile(path: cut) }
        #expect(FileKind.of(cut) == nil)
        #expect(try victimText() == "kept")
    }
}
