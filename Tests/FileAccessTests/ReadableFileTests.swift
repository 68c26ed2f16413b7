import FileAccess
import Foundation
import Testing

/// Only regular files are read, without ever blocking, and a confined folder's files are opened
/// beneath it at open time, whatever was swapped in after it was checked.
@Suite struct ReadableFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "reel-fileaccess-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    @Test func aRegularFileIsReadWhole() throws {
        try "hello".write(toFile: path("a.txt"), atomically: false, encoding: .utf8)
        let file = try ReadableFile(path: path("a.txt"))
        #expect(file.size == 5)
        #expect(try file.readText(limit: 100) == "hello")
        #expect(try String(contentsOfFile: file.descriptorPath, encoding: .utf8) == "hello")
    }

    @Test func aFIFOIsRefusedAtOnceInsteadOfWaitedOn() throws {
        #expect(mkfifo(path("pipe.mp4"), 0o644) == 0)
        let started = Date()
        #expect { try ReadableFile(path: path("pipe.mp4")) } throws: { error in
            (error as? FileAccessError)?.kind == .notRegularFile && "\(error)".contains("FIFO")
        }
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func foldersAndDevicesAreRefused() throws {
        #expect { try ReadableFile(path: folder) } throws: { ($0 as? FileAccessError)?.kind == .notRegularFile }
        #expect { try ReadableFile(path: "/dev/zero") } throws: { "\($0)".contains("character device") }
        #expect { try ReadableFile(path: path("missing")) } throws: { ($0 as? FileAccessError)?.kind == .notFound }
    }

    @Test func aFileLargerThanTheLimitIsRefused() throws {
        try String(repeating: "x", count: 1000).write(toFile: path("big.txt"), atomically: false, encoding: .utf8)
        #expect { try ReadableFile.text(path("big.txt"), limit: 999) } throws: { ($0 as? FileAccessError)?.kind == .tooLarge }
    }

    /// A link swapped in for an asset after its template was checked is refused when opened.
    @Test func aLinkThatLeavesAConfinedFolderIsRefusedAtOpenTime() throws {
        let template = path("tpl")
        try FileManager.default.createDirectory(atPath: template + "/fonts", withIntermediateDirectories: true)
        try "secret".write(toFile: path("outside.txt"), atomically: false, encoding: .utf8)
        try "font".write(toFile: template + "/fonts/Title.ttf", atomically: false, encoding: .utf8)
        try "inner".write(toFile: template + "/inner.txt", atomically: false, encoding: .utf8)
        ConfinedFolders.confine(template)
        #expect(try ReadableFile.text(template + "/fonts/Title.ttf", limit: 100) == "font")
        // Swapped after the check: now a link out of the folder.
        try FileManager.default.removeItem(atPath: template + "/fonts/Title.ttf")
        try FileManager.default.createSymbolicLink(atPath: template + "/fonts/Title.ttf", withDestinationPath: "../../outside.txt")
        #expect { try ReadableFile(path: template + "/fonts/Title.ttf") } throws: { ($0 as? FileAccessError)?.kind == .escapesFolder }
        try FileManager.default.createSymbolicLink(atPath: template + "/abs.txt", withDestinationPath: path("outside.txt"))
        #expect { try ReadableFile(path: template + "/abs.txt") } throws: { ($0 as? FileAccessError)?.kind == .escapesFolder }
        // A link that stays inside is followed, and the same file outside the folder reads as usual.
        try FileManager.default.createSymbolicLink(atPath: template + "/fonts/alias.txt", withDestinationPath: "../inner.txt")
        #expect(try ReadableFile.text(template + "/fonts/alias.txt", limit: 100) == "inner")
        #expect(try ReadableFile.text(path("outside.txt"), limit: 100) == "secret")
    }
}

/// Names that are not UTF-8 keep their bytes from the command line to the system call and back.
@Suite struct PathBytesTests {
    @Test func invalidBytesRoundTripAndValidTextIsUntouched() {
        let raw: [UInt8] = Array("bad".utf8) + [0xFF] + Array("name-é".utf8) + [0xC3] + Array(".jpg".utf8)
        let name = PathBytes.string(raw)
        #expect(PathBytes.bytes(name) == raw)
        #expect(PathBytes.display(name) == "bad\\xFFname-é\\xC3.jpg")
        #expect(PathBytes.string(Array("Lisbon 2026 ☀.jpg".utf8)) == "Lisbon 2026 ☀.jpg")
    }

    @Test func aFileWithSuchANameIsFoundListedAndRead() throws {
        let folder = NSTemporaryDirectory() + "reel-bytes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let raw: [UInt8] = Array(folder.utf8) + Array("/p".utf8) + [0xFF] + Array(".txt".utf8)
        let fd = open(raw.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        _ = write(fd, "x", 1)
        close(fd)
        let names = try #require(FolderListing.names(folder))
        #expect(names.count == 1)
        let path = folder + "/" + names[0]
        #expect(PathBytes.bytes(path) == raw)
        #expect(FileKind.of(path) == .regular)
        #expect(try ReadableFile.text(path, limit: 10) == "x")
        let output = try AtomicFile(path: folder + "/o" + PathBytes.string([0xFE]) + ".txt")
        try output.write([1])
        try output.commit()
        #expect(FolderListing.names(folder)?.map { PathBytes.bytes($0) }.contains(Array("o".utf8) + [0xFE] + Array(".txt".utf8)) == true)
    }
}
