import FileAccess
import MediaTime

/// The locks a batch holds on its output folder while it writes there, so that two runs never
/// render the same rows into one folder at once (both would render every row, each replacing the
/// other's videos and manifest).
///
/// `.reel-batch.lock` in the folder: a run of all rows, and a merge, lock it exclusively; a shard
/// locks it shared, and its own `.reel-batch.<K>-of-<N>.lock` exclusively. So the shards of an
/// array job run side by side in one folder, while a second run of the same shard, a run of all
/// rows or a merge beside them is refused at once (nothing waits: a batch may run for hours). The
/// locks are `flock`'s, released when the run ends however it ends; the empty files stay.
struct BatchLock {
    let held: [FileLock]

    static let folderLock = ".reel-batch.lock"

    static func shardLock(_ shard: Shard) -> String { ".reel-batch.\(shard.index)-of-\(shard.count).lock" }

    /// Takes the locks of a run of `shard` (nil: all rows, or a merge) on `folder`, which exists.
    static func take(folder: String, shard: Shard?) throws(BatchError) -> BatchLock {
        let operation = "locking the output folder"
        var wanted: [(name: String, mode: FileLock.Mode, holder: String)] = [
            (folderLock, shard == nil ? .exclusive : .shared, shard == nil ? "another reel batch" : "a reel batch of all its rows, or a merge,")
        ]
        if let shard { wanted.append((shardLock(shard), .exclusive, "another reel batch of shard \(shard)")) }
        var held: [FileLock] = []
        for w in wanted {
            let lock: FileLock?
            do { lock = try FileLock.acquire(BatchNames.join(folder, w.name), w.mode, creating: true, wait: .zero, operation: operation) } catch {
                throw .file(error)
            }
            guard let lock else {
                throw .file(
                    FileAccessError(
                        .failed, file: folder, operation: operation,
                        reason: "\(w.holder) is writing into it (it holds \(w.name)); wait for it to finish, or give another -o"))
            }
            held.append(lock)
        }
        return BatchLock(held: held)
    }
}
