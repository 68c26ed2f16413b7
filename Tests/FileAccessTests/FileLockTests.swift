import FileAccess
import Foundation
import MediaTime
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Locks order holders as asked (many shared, one exclusive), give up after their wait, follow a
/// file replaced while they waited, open only regular files, and remove only what they created
/// and left empty.
@Suite struct FileLockTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "reel-filelock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }
    let short = RationalTime(value: 1, timescale: 10)

    func inode(_ fd: Int32) -> UInt64 {
        var st = stat()
        fstat(fd, &st)
        return UInt64(st.st_ino)
    }

    @Test func sharedHoldersShareAndAnExclusiveOneWaitsThenGivesUp() throws {
        let lock = path("l")
        let a = try #require(try FileLock.acquire(lock, .shared, creating: true, wait: .zero, operation: "t"))
        #expect(a.created)
        let b = try #require(try FileLock.acquire(lock, .shared, creating: false, wait: .zero, operation: "t"))
        #expect(!b.created)
        let start = Date()
        #expect(try FileLock.acquire(lock, .exclusive, creating: true, wait: short, operation: "t") == nil)
        #expect(Date().timeIntervalSince(start) >= 0.09)
        withExtendedLifetime((a, b)) {}
    }

    @Test func aFileReplacedWhileWaitingIsOpenedAgain() throws {
        let lock = path("journal")
        try "old".write(toFile: lock, atomically: false, encoding: .utf8)
        var holder: FileLock? = try FileLock.acquire(lock, .exclusive, creating: false, wait: .zero, operation: "t")
        #expect(holder != nil)
        let got = LockBox()
        let waiter = Thread {
            got.set(try? FileLock.acquire(lock, .exclusive, creating: false, wait: RationalTime(seconds: 5), operation: "t"))
        }
        waiter.start()
        usleep(200_000)
        try "new".write(toFile: lock + ".tmp", atomically: false, encoding: .utf8)
        #expect(rename(lock + ".tmp", lock) == 0)
        holder = nil
        while !got.done { usleep(10_000) }
        let taken = try #require(got.lock)
        #expect(String(decoding: try taken.readAll(limit: 100), as: UTF8.self) == "new")
    }

    @Test func onlyARegularFileIsLockedAndALinkIsNotFollowed() throws {
        #expect(mkfifo(path("pipe"), 0o644) == 0)
        #expect { _ = try FileLock.acquire(path("pipe"), .exclusive, creating: true, wait: .zero, operation: "t") } throws: { error in
            (error as? FileAccessError)?.kind == .notRegularFile && "\(error)".contains("FIFO")
        }
        try "x".write(toFile: path("target"), atomically: false, encoding: .utf8)
        #expect(symlink(path("target"), path("link")) == 0)
        #expect { _ = try FileLock.acquire(path("link"), .exclusive, creating: true, wait: .zero, operation: "t") } throws: { error in
            (error as? FileAccessError)?.kind == .notRegularFile && "\(error)".contains("symbolic link")
        }
        #expect { _ = try FileLock.acquire(path("none"), .shared, creating: false, wait: .zero, operation: "t") } throws: { error in
            (error as? FileAccessError)?.kind == .notFound
        }
    }

    @Test func aFileCreatedAndLeftEmptyIsRemovedOnRelease() throws {
        do {
            let lock = try #require(try FileLock.acquire(path("empty"), .exclusive, creating: true, wait: .zero, operation: "t"))
            lock.removeWhenReleasedIfEmpty()
        }
        #expect(!FileManager.default.fileExists(atPath: path("empty")))
        do {
            let lock = try #require(try FileLock.acquire(path("written"), .exclusive, creating: true, wait: .zero, operation: "t"))
            lock.removeWhenReleasedIfEmpty()
            try lock.append(Array("entry\n".utf8))
        }
        #expect(FileManager.default.contents(atPath: path("written")) == Data("entry\n".utf8))
    }
}

private final class LockBox: @unchecked Sendable {
    private let mutex = NSLock()
    private var value: FileLock?
    private var finished = false
    func set(_ l: FileLock?) { mutex.withLock { (value, finished) = (l, true) } }
    var done: Bool { mutex.withLock { finished } }
    var lock: FileLock? { mutex.withLock { value } }
}
