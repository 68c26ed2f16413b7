import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when anything in a folder or its subfolders was saved, made, removed or renamed in, through
/// inotify: the folder is watched rather than its files, since editors save by writing a new file
/// and renaming it over the old one. Bursts of events are gathered into one call (`debounce`).
///
/// `changed` runs on the watch's own thread, never two at once; `stop()` ends that thread and
/// returns once it has ended. No inotify type leaves this file.
package final class FolderWatch: @unchecked Sendable {
    /// The folder watched, as given.
    package let folder: String
    private let inotify: Int32
    /// The read and write ends of a pipe: a byte written wakes the thread to stop.
    private let wake: (read: Int32, write: Int32)
    private let debounce: Double
    private let changed: @Sendable () -> Void
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false

    /// What a watched folder is told of: a file written and closed, one renamed in or out, made, removed.
    static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    /// Watches `folder` and every folder beneath it (and those made later); `changed` is called
    /// `debounce` seconds after the last event of a burst. Throws when the folder cannot be watched.
    package init(folder: String, debounce: Double = 0.1, changed: @escaping @Sendable () -> Void) throws(ServerError) {
        self.folder = folder
        self.debounce = debounce
        self.changed = changed
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { throw ServerError(folder, "cannot be watched: \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(inotify)
            throw ServerError(folder, "cannot be watched: \(String(cString: strerror(errno)))")
        }
        wake = (ends[0], ends[1])
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // not inherited by the renders' child processes
        var folders: [Int32: String] = [:]
        guard add(folder, to: &folders) else {
            let reason = String(cString: strerror(errno))
            for fd in [inotify, wake.read, wake.write] { close(fd) }
            stopped = true  // no thread to stop when deinit runs
            throw ServerError(folder, "cannot be watched: \(reason)")
        }
        let thread = Thread { [self, folders] in
            run(folders)
            ended.signal()
        }
        thread.name = "reel folder watch"
        thread.start()
    }

    deinit { stop() }

    /// Ends the watch: the thread returns (a call of `changed` under way finishes first), the
    /// descriptors are closed. Later calls do nothing.
    package func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        ended.wait()
        for fd in [inotify, wake.read, wake.write] { close(fd) }
    }

    /// Watches `path` and the folders beneath it (links are not followed); false when `path` itself cannot be watched.
    @discardableResult
    private func add(_ path: String, to folders: inout [Int32: String]) -> Bool {
        let wd = PathBytes.withCString(path) { inotify_add_watch(inotify, $0, Self.events | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW)) }
        guard wd >= 0 else { return false }
        folders[wd] = path
        for name in FolderListing.names(path) ?? [] where FileKind.of(path + "/" + name) == .folder {
            add(path + "/" + name, to: &folders)
        }
        return true
    }

    /// Waits for events until stopped; a burst ends when `debounce` passes without another.
    private func run(_ start: [Int32: String]) {
        var folders = start
        var pending = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, pending ? Int32(debounce * 1000) : -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return }
            if ready == 0 {
                pending = false
                changed()
                continue
            }
            let count = read(inotify, &buffer, buffer.count)
            guard count > 0 else { continue }
            pending = true
            var offset = 0
            // Each event: wd (Int32), mask, cookie, len (UInt32), then `len` bytes of name padded with NULs.
            while offset + 16 <= count {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let name = String(decoding: buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[wd] = nil
                } else if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[wd] {
                    add(parent + "/" + name, to: &folders)
                }
            }
        }
    }
}
