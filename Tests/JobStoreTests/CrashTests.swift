import Foundation
import JobStore
import ReelTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A writer killed with SIGKILL mid-work loses no job it reported accepted and leaves a sound file.
/// The writer is a real process running JobStore (this test binary started again), not a copy of
/// the files taken while a thread writes, which can hold states no crash leaves (see below).
#if os(Linux)
    @Suite struct CrashTests {
        static let environment = ProcessInfo.processInfo.environment
        static let databaseVariable = "REEL_JOBSTORE_CRASH_DATABASE"
        static let logVariable = "REEL_JOBSTORE_CRASH_LOG"

        @Test func killedWriterLosesNoAcceptedJob() throws {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let log = scratch.file("accepted.log")
            // The child is this binary with only the writer test selected, enabled by the environment.
            // A kill leaves the files exactly as the kernel holds them, which is what a crashed server
            // leaves. Copying the database and its log while a thread writes would not: the two copies
            // are taken at different moments (the main file before a checkpoint, the log after it
            // restarts), so a failure would say more about the copy than about the store. Python's
            // sqlite3 only reads the result, as a second opinion on its integrity.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            process.arguments = ["--testing-library", "swift-testing", "--filter", "CrashTests/writerUntilKilled"]
            process.environment = Self.environment.merging([Self.databaseVariable: scratch.database, Self.logVariable: log]) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill after a random number of accepted jobs, and a random fraction of one more.
            let target = Int.random(in: 20...150)
            let deadline = Date() + 20
            while process.isRunning && Date() < deadline && Self.accepted(log).count < target { usleep(1000) }
            usleep(UInt32.random(in: 0..<5000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)

            let accepted = Self.accepted(log)
            let done = Self.lines(log).filter { $0.hasPrefix("done ") }.map { String($0.dropFirst(5)) }
            try #require(accepted.count >= target, "the writer accepted \(accepted.count) jobs, expected \(target)")
            // Killed, not closed: the log is still there for the next open to recover from.
            #expect(FileManager.default.fileExists(atPath: scratch.database + "-wal"))

            let store = try JobStore(path: scratch.database)
            #expect(try store.integrityProblems().isEmpty)
            var jobs: [JobRecord] = []
            while case let page = try store.list(state: nil, limit: 1000, after: jobs.last?.id), !page.isEmpty { jobs += page }
            let ids = jobs.map(\.id)
            // Each accepted job once, in order; at most one more, committed before its line was written.
            #expect(Set(ids).count == ids.count)
            #expect(Array(ids.prefix(accepted.count)) == accepted)
            #expect(ids.count <= accepted.count + 1)
            let states = Dictionary(uniqueKeysWithValues: jobs.map { ($0.id, $0.state) })
            #expect(done.allSatisfy { states[$0] == .done })

            // A second opinion, while the store is open: Python's sqlite3 reads the same file.
            let script = """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1])
                print(c.execute('PRAGMA integrity_check').fetchone()[0], c.execute('SELECT count(*) FROM jobs').fetchone()[0])
                """
            if let python = try? Tools.run("python3", ["-c", "import sqlite3"], timeout: 10), python.status == 0 {
                let check = try Tools.run("python3", ["-c", script, scratch.database], timeout: 10)
                #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok \(ids.count)", "\(check.stderr)")
            }
        }

        /// The writer the test above kills: runs only in that child process (skipped in a normal run).
        /// It submits with idempotency keys, claims and finishes every other job, and appends a
        /// line to the log after each call returns, so the log lists only what the store accepted.
        @Test(.enabled(if: environment[databaseVariable] != nil, "runs only as the writer process of killedWriterLosesNoAcceptedJob"))
        func writerUntilKilled() throws {
            let store = try JobStore(path: try #require(Self.environment[Self.databaseVariable]))
            let log = open(try #require(Self.environment[Self.logVariable]), O_WRONLY | O_APPEND | O_CREAT, 0o644)
            try #require(log >= 0)
            func record(_ line: String) {
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
            }
            // A bound, should the test that kills it be gone.
            let deadline = Date() + 30
            var n = 0
            while Date() < deadline {
                record("queued " + (try store.submit(kind: "render", request: "{\"n\":\(n)}", owner: nil, idempotencyKey: "k\(n)").job.id))
                if n % 2 == 1, let job = try store.claimNext() {
                    try store.setProgress(job.id, "{\"percent\":50}")
                    if try store.finish(job.id, result: "{\"n\":\(n)}") { record("done " + job.id) }
                }
                n += 1
            }
        }

        /// The ids of the jobs the writer logged as accepted, in order.
        static func accepted(_ path: String) -> [String] {
            lines(path).filter { $0.hasPrefix("queued ") }.map { String($0.dropFirst(7)) }
        }

        /// The log's complete lines (a line cut by the kill has no newline yet, and is not counted).
        static func lines(_ path: String) -> [String] {
            guard let data = FileManager.default.contents(atPath: path) else { return [] }
            let text = String(decoding: data, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }
#endif
