import Foundation

/// A flag set once when the caller gives up, read by the pipeline between frames.
///
/// The pipeline's work is synchronous (decoders and encoders own C state tied to their threads),
/// so the async entry points run it on a thread of its own and turn Swift task cancellation into
/// this flag, which the export checks before each frame.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false

    /// A flag not yet set.
    public init() {}

    /// Sets the flag, from any thread; the export stops before its next frame. It cannot be cleared.
    public func cancel() {
        lock.lock()
        set = true
        lock.unlock()
    }

    /// Whether `cancel()` has been called; safe to read from any thread.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}

/// Runs `work` on a thread of its own (not the cooperative pool, which long blocking work would
/// starve) and returns its result; cancelling the calling task sets the flag `work` is given.
func runOnThread<T: Sendable>(_ work: @escaping @Sendable (CancellationFlag) throws -> T) async throws -> T {
    let flag = CancellationFlag()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            let thread = Thread {
                do { continuation.resume(returning: try work(flag)) } catch { continuation.resume(throwing: error) }
            }
            thread.name = "reel.pipeline"
            thread.stackSize = 8 << 20
            thread.start()
        }
    } onCancel: {
        flag.cancel()
    }
}
