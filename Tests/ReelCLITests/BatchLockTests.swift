import Foundation
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two `reel batch` runs into one output folder: the second is refused at once (exit 1, naming
/// the folder) while the first renders, so no row is rendered twice; the shards of one array job
/// still run side by side, each refusing only a second run of itself, a run of all rows or a merge.
@Suite struct BatchLockTests {
    let project: TinyProject
    var jobs: String { project.dir.file("jobs.csv") }
    var out: String { project.dir.file("out") }

    init() throws {
        project = try TinyProject()
        let rows = (1...4).map { "r\($0),tiny,media,draft,96x160" }
        try (["id,template,media,quality,size"] + rows).joined(separator: "\n").write(toFile: jobs, atomically: true, encoding: .utf8)
    }

    func reel(_ args: [String]) throws -> Tools.Output {
        let env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") && !$0.key.hasPrefix("JOB_COMPLETION") }
        return try Tools.run(Reel.path, args, environment: env, timeout: 300)
    }

    /// Whether another process holds `path`'s lock (a shared lock cannot be had beside it).
    func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_SH | LOCK_NB) != 0
    }

    @Test func aSecondRunIntoTheFolderIsRefusedWhileTheFirstRenders() throws {
        let first = Process()
        first.executableURL = URL(fileURLWithPath: Reel.path)
        first.arguments = ["batch", jobs, "-o", out, "--jobs", "1", "-q"]
        first.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") && !$0.key.hasPrefix("JOB_COMPLETION") }
        try first.run()
        let lock = out + "/.reel-batch.lock"
        let start = Date()
        while !isLocked(lock) && first.isRunning && Date().timeIntervalSince(start) < 120 { usleep(20_000) }
        try #require(first.isRunning, "the first batch ended before the second could start")
        let second = try reel(["batch", jobs, "-o", out])
        first.waitUntilExit()
        #expect(second.status == 1, "exit \(second.status): \(second.stderr)")
        #expect(
            second.stderr.hasSuffix(
                "reel: error: \(out): locking the output folder: another reel batch is writing into it (it holds .reel-batch.lock); wait for it to finish, or give another -o\n"
            ),
            "\(second.stderr)")
        #expect(first.terminationStatus == 0)
        let manifest = try String(contentsOfFile: out + "/manifest.jsonl", encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == 4 && !manifest.contains("\"failed\""), "\(manifest)")
        // Once it is done, the folder is free again: a rerun keeps every row.
        let rerun = try reel(["batch", jobs, "-o", out])
        #expect(rerun.status == 0 && rerun.stdout.contains("0 rendered, 4 already done"), "\(rerun.stdout) \(rerun.stderr)")
    }

    /// The locks as a shard 0/2 holds them (here held by this process): shard 1/2 runs beside it;
    /// another shard 0/2, a run of all rows and a merge are refused, each naming what holds it.
    @Test func shardsRunSideBySideButNotTwice() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let folderLock = open(out + "/.reel-batch.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        let shardLock = open(out + "/.reel-batch.0-of-2.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer {
            close(folderLock)
            close(shardLock)
        }
        #expect(flock(folderLock, LOCK_SH) == 0 && flock(shardLock, LOCK_EX) == 0)
        let other = try reel(["batch", jobs, "-o", out, "--shard", "1/2", "-q"])
        #expect(other.status == 0, "\(other.stderr)")
        for (args, says) in [
            (["--shard", "0/2"], "another reel batch of shard 0/2 is writing into it (it holds .reel-batch.0-of-2.lock)"),
            ([String](), "another reel batch is writing into it (it holds .reel-batch.lock)"),
            (["--merge"], "another reel batch is writing into it (it holds .reel-batch.lock)"),
        ] {
            let r = try reel(["batch", jobs, "-o", out] + args)
            #expect(r.status == 1, "\(args): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("reel: error: \(out): locking the output folder: \(says)"), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.0-of-2.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: out + "/manifest.jsonl"))
        // --check writes nothing and takes no lock.
        #expect(try reel(["batch", jobs, "-o", out, "--check"]).status == 0)
    }
}
