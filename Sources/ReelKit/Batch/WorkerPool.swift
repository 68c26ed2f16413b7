import DocumentLimits
import FileAccess
import Foundation
import MediaTime

/// Runs work items on a fixed number of threads of their own, each taking the next item when it
/// is free, and returns when all are done.
///
/// Threads rather than tasks of Swift's cooperative pool: a row's render blocks for seconds to
/// minutes in decoders and the encoder, which would starve that pool.
enum WorkerPool {
    static func run(workers: Int, count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let queue = ItemQueue(count: count)
        let group = DispatchGroup()
        // No more than the registry of temporary files holds rows' files for (`Limits.batchJobs`).
        for n in 0..<max(1, min(workers, count, Limits.batchJobs.upperBound)) {
            group.enter()
            let thread = Thread {
                while let i = queue.next() { body(i) }
                group.leave()
            }
            thread.name = "reel.batch.\(n)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }

    /// How many rows to render at once on this machine: half its cores (a render keeps about two
    /// busy: drawing, and the encoder's threads), and no more than its memory holds at about
    /// 1 GiB a render. A container's limits (cgroup v2 `cpu.max`, `memory.max`) count when lower
    /// than the machine's, as in a Kubernetes pod.
    static func defaultWorkers() -> Int {
        var cores = ProcessInfo.processInfo.activeProcessorCount
        var memory = ProcessInfo.processInfo.physicalMemory
        // The quota over the period, in cores; compared as a Double so that no value the file
        // holds (`1e300`, `nan`) is converted to Int out of range.
        if let quota = cgroupValue("cpu.max"), quota.count == 2, let q = Double(quota[0]), let p = Double(quota[1]), p > 0, q > 0,
            (q / p).rounded(.up) < Double(cores)
        {
            cores = max(1, Int((q / p).rounded(.up)))
        }
        if let limit = cgroupValue("memory.max"), let m = limit.first.flatMap({ UInt64($0) }) { memory = min(memory, m) }
        return max(1, min((cores + 1) / 2, Int(memory / (1 << 30)), Limits.batchJobs.upperBound))
    }

    private static func cgroupValue(_ name: String) -> [String]? {
        guard let text = try? ReadableFile.text("/sys/fs/cgroup/" + name, limit: 4096) else { return nil }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }
}

/// The next index to work on, handed out once each.
private final class ItemQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
}
