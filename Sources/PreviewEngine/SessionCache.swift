import Foundation

/// The few most recently used sessions, by key (a timeline's id), each behind a lock of its own:
/// requests for one timeline take turns on its open decoders, requests for others run beside them.
///
/// Past `capacity`, the least recently used session is let go (its media closed once the request
/// drawing with it, if any, ends). Sendable: every field is guarded by a lock.
package final class SessionCache<Session>: @unchecked Sendable {
    /// One key's slot: the session (nil until made, or after a failure) and the version of what it
    /// was made from (the timeline's text), under its own lock.
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var session: Session?
        var version: String?
    }

    private let lock = NSLock()
    /// Slots by key, and the keys oldest use first.
    private var slots: [String: Slot] = [:]
    private var order: [String] = []
    /// Sessions kept open at once (at least 1).
    package let capacity: Int

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Runs `body` on the session for `key` while holding it: `body` gets the session kept (nil
    /// when none, or when it was made from another `version`) and returns the session to keep.
    package func with<T, E: Error>(
        _ key: String, version: String, _ body: (Session?) throws(E) -> (session: Session, value: T)
    ) throws(E) -> T {
        let slot = self.slot(key)
        slot.lock.lock()
        defer { slot.lock.unlock() }
        let current = slot.version == version ? slot.session : nil
        slot.session = nil
        slot.version = nil
        let (session, value) = try body(current)
        slot.session = session
        slot.version = version
        return value
    }

    /// Keys whose sessions are kept, the most recently used last (for tests and metrics).
    package var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }

    private func slot(_ key: String) -> Slot {
        lock.lock()
        defer { lock.unlock() }
        order.removeAll { $0 == key }
        order.append(key)
        let slot = slots[key] ?? Slot()
        slots[key] = slot
        while order.count > capacity { slots[order.removeFirst()] = nil }
        return slot
    }
}
