import FileAccess
import Foundation
import MediaIO

/// The preview proxies of a data folder: `<folder>/<SHA-256 of the source>.mp4`, made once per
/// content (a copy of a clip elsewhere finds the same proxy), in the background, one at a time.
///
/// `proxy(for:)` answers at once: the proxy when it is whole, else nil (and the source is queued
/// the first time it is asked for), so previews read the original until the proxy exists. A source
/// that cannot be made into a proxy (a picture, a damaged file) is remembered and not tried again
/// while it is unchanged. Exports never come here.
package final class ProxyStore: @unchecked Sendable {
    /// Where proxies are kept; made when the first one is written.
    package let folder: String
    private enum State {
        case queued
        case ready(String)
        case failed
    }

    private let lock = NSLock()
    /// What is known of each source, by its path, size and modification time (an edited file is
    /// a new source).
    private var states: [String: State] = [:]
    /// Sources waiting for the worker, first asked first.
    private var queue: [(key: String, path: String)] = []
    private var working = false

    package init(folder: String) { self.folder = folder }

    /// The proxy of the video at `source` when it exists; otherwise nil, with the source queued.
    package func proxy(for source: String) -> String? {
        guard let key = Self.key(source) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        switch states[key] {
        case .ready(let path): return path
        case .queued, .failed: return nil
        case nil:
            states[key] = .queued
            queue.append((key, source))
            if !working {
                working = true
                let thread = Thread { [self] in work() }
                thread.name = "reel-proxies"
                thread.start()
            }
            return nil
        }
    }

    /// Whether no proxy is waiting or being made (for tests and the bench, which wait for them).
    package var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !working
    }

    /// Makes the queued proxies one after another, then ends.
    private func work() {
        while true {
            lock.lock()
            guard !queue.isEmpty else {
                working = false
                lock.unlock()
                return
            }
            let next = queue.removeFirst()
            lock.unlock()
            let made = make(next.path)
            lock.lock()
            states[next.key] = made.map(State.ready) ?? .failed
            lock.unlock()
        }
    }

    /// The proxy of `source`, found by its content's digest or made now; nil when it cannot be.
    private func make(_ source: String) -> String? {
        guard let digest = try? Digest.file(source).hex else { return nil }
        let path = "\(folder)/\(digest).mp4"
        if FileKind.of(path) == .regular { return path }
        mkdir(folder, 0o700)
        do { try ProxyMaker.make(source: source, to: path) } catch { return nil }
        return path
    }

    /// A source's path with its size and modification time; nil when it cannot be read.
    private static func key(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(path)\u{0}\(st.st_size)\u{0}\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }
}
