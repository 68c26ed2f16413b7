import Foundation
import ReelServer
import ReelTestSupport
import Testing

/// The inotify watch of author mode: a save by rename, a file in a folder made after the watch
/// began, and a burst of writes told once; each seen within a bounded wait.
@Suite struct FolderWatchTests {
    /// Counts the calls of a watch, and waits for the count to reach a number.
    final class Calls: @unchecked Sendable {
        private let condition = NSCondition()
        private var count = 0

        func add() {
            condition.lock()
            count += 1
            condition.broadcast()
            condition.unlock()
        }

        /// The count once it reaches `n`, or as it is after `seconds`.
        func wait(for n: Int, seconds: Double = 2) -> Int {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while count < n && condition.wait(until: deadline) {}
            return count
        }
    }

    /// Writes `text` beside `path` and renames it over `path`, as editors save.
    static func saveByRename(_ text: String, to path: String) throws {
        let temporary = path + ".swp~"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, path) == 0)
    }

    @Test func aSaveByRenameAndANewSubfolderAreSeenAndABurstIsToldOnce() throws {
        let dir = TemporaryFolder("reel-folder-watch")
        let folder = dir.file("mine")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{}".write(toFile: folder + "/template.json", atomically: false, encoding: .utf8)
        let calls = Calls()
        let watch = try FolderWatch(folder: folder, debounce: 0.1) { calls.add() }
        defer { watch.stop() }
        // Nothing changed: nothing told.
        #expect(calls.wait(for: 1, seconds: 0.3) == 0)

        // A save by rename (a temporary file written, renamed over the template): told once, within a second.
        let saved = Date()
        try Self.saveByRename("{ \"format\": 1 }", to: folder + "/template.json")
        #expect(calls.wait(for: 1, seconds: 1) == 1)
        #expect(Date().timeIntervalSince(saved) < 1)
        #expect(calls.wait(for: 2, seconds: 0.3) == 1, "the write and the rename are one burst")

        // A folder made after the watch began, and a file saved in it later.
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        #expect(calls.wait(for: 2) == 2)
        usleep(200_000)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/assets/logo.png"))
        #expect(calls.wait(for: 3) == 3)

        // Ten writes 20 ms apart are one burst: told once, after the last.
        for i in 0..<10 {
            try "{ \"n\": \(i) }".write(toFile: folder + "/template.json", atomically: false, encoding: .utf8)
            usleep(20_000)
        }
        #expect(calls.wait(for: 4) == 4)
        #expect(calls.wait(for: 5, seconds: 0.4) == 4)

        // Stopped: the thread has ended and later saves are not told.
        watch.stop()
        try Self.saveByRename("{}", to: folder + "/template.json")
        #expect(calls.wait(for: 5, seconds: 0.4) == 4)
    }

    @Test func aFolderThatIsNotThereIsAnError() {
        #expect(throws: (any Error).self) { try FolderWatch(folder: "/nonexistent/reel-folder-watch") {} }
    }
}
