import FileAccess
import Foundation
import Testing

/// Scratch folders hold a lock for their life; a new one removes those of dead runs (lockable, their
/// process gone) and leaves anything in doubt.
@Suite struct ScratchFolderTests {
    let base: String

    init() throws {
        base = NSTemporaryDirectory() + "reel-scratch-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: base).sorted() }

    /// A pid no process has: one that has exited.
    func deadPID() throws -> Int32 {
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        return dead.processIdentifier
    }

    @Test func theFoldersOfDeadRunsAreSweptAndLiveOnesKept() throws {
        // What a run killed with SIGKILL leaves: its folder, its unlocked lock file, its files.
        let dead = base + "/reel-two-pass-AAAAAA"
        try FileManager.default.createDirectory(atPath: dead, withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: dead + "/.reel-\(try deadPID()).lock", contents: nil)
        FileManager.default.createFile(atPath: dead + "/x264.stats", contents: Data([1]))
        // In doubt: no lock file; a folder inside; an empty folder just made (its lock comes next).
        let unlocked = base + "/reel-placeholders-BBBBBB"
        try FileManager.default.createDirectory(atPath: unlocked, withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: unlocked + "/placeholder.png", contents: Data([1]))
        let fresh = base + "/reel-sound-DDDDDD"
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: false)
        // A run killed between making its folder and its lock: an empty folder, a minute old.
        let lockless = base + "/reel-two-pass-EEEEEE"
        try FileManager.default.createDirectory(atPath: lockless, withIntermediateDirectories: false)
        let then = timespec(tv_sec: time(nil) - ScratchFolder.emptyFolderAge, tv_nsec: 0)
        var old = [then, then]
        #expect(utimensat(AT_FDCWD, lockless, &old, 0) == 0)
        let nested = base + "/reel-two-pass-CCCCCC"
        try FileManager.default.createDirectory(atPath: nested + "/sub", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: nested + "/.reel-\(try deadPID()).lock", contents: nil)
        // A live one, of this process.
        let live = try ScratchFolder(purpose: "two-pass", in: base)
        let stats = try live.file("x264.stats")
        FileManager.default.createFile(atPath: stats, contents: Data([1]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: live.path).contains(".reel-\(getpid()).lock"))

        let next = try ScratchFolder(purpose: "placeholders", in: base)
        let left = try names()
        #expect(!left.contains("reel-two-pass-AAAAAA"), "the dead run's folder is swept: \(left)")
        #expect(left.contains("reel-placeholders-BBBBBB") && left.contains("reel-two-pass-CCCCCC"), "\(left)")
        #expect(left.contains("reel-sound-DDDDDD") && !left.contains("reel-two-pass-EEEEEE"), "an old empty folder is swept, a new one kept: \(left)")
        #expect(FileManager.default.fileExists(atPath: stats), "the live folder is kept")
        #expect(FileManager.default.fileExists(atPath: next.path))
        let nextPath = next.path
        _ = consume next
        #expect(!FileManager.default.fileExists(atPath: nextPath), "a scratch folder goes with its object")
        withExtendedLifetime(live) {}
    }
}
