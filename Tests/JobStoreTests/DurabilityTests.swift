import Foundation
import JobStore
import ReelTestSupport
import Testing

/// What a restart finds: committed jobs, running jobs requeued, a refused newer schema, and a full
/// disk reported as such with the store still readable.
@Suite struct DurabilityTests {
    @Test func committedJobIsInTheLogBeforeTheStoreCloses() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let job = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job
        // Still open: the job is in the write-ahead log, and a second connection (as a restarted
        // server would open) reads it from there.
        let log = try FileManager.default.attributesOfItem(atPath: scratch.database + "-wal")
        #expect((log[.size] as? Int ?? 0) > 0)
        let other = try JobStore(path: scratch.database)
        #expect(try other.job(job.id) == job)
        #expect(try other.integrityProblems().isEmpty)
    }

    @Test func runningJobIsRequeuedAfterACrash() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let id: String
        do {
            let store = try JobStore(path: scratch.database)
            id = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job.id
            #expect(try store.claimNext()?.attempts == 1)
            try store.setProgress(id, #"{"percent":40}"#)
            // The runner dies here: the job stays running in the file.
        }
        let store = try JobStore(path: scratch.database)
        #expect(try store.job(id)?.state == .running)
        #expect(try store.requeueRunning() == 1)
        let queued = try #require(try store.job(id))
        #expect(queued.state == .queued && queued.attempts == 1 && queued.progress == nil)
        let again = try #require(try store.claimNext())
        #expect(again.id == id && again.attempts == 2)
        #expect(try store.requeueRunning() == 1)
        #expect(try store.requeueRunning() == 0)
    }

    /// A database of version 1 (before webhooks and uploads' owners) opens and gains the webhook
    /// tables and the owner column; its jobs stay.
    @Test func aVersionOneDatabaseIsMigrated() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let id = try JobStore(path: scratch.database).submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job.id
        // Back to version 1, as the first release wrote it (python3's sqlite3 as a plain tool).
        let downgrade =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript('DROP TABLE webhooks; DROP TABLE webhook_deliveries; ALTER TABLE uploads DROP COLUMN owner; PRAGMA user_version=1'); c.close()"
        let r = try Tools.run("python3", ["-c", downgrade, scratch.database])
        #expect(r.status == 0, "\(r.stderr)")
        let store = try JobStore(path: scratch.database)
        #expect(try store.job(id)?.state == .queued)
        _ = try store.claimNext()
        #expect(try store.finish(id, result: "{}", webhook: "http://127.0.0.1:9/x"))
        #expect(try store.dueWebhooks(now: Int64.max).map(\.jobID) == [id])
        try store.beginUpload(id: "m_1", fileName: "a.mp4", path: "/nowhere/a.mp4", owner: "alice")
        try store.completeUpload(id: "m_1", size: 1, probe: "{}")
        #expect(try store.upload("m_1", owner: "alice")?.owner == "alice")
        #expect(try store.upload("m_1", owner: "bob") == nil)
        #expect(try store.upload("m_1") == nil)
    }

    @Test func newerSchemaVersionIsRefused() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        do { _ = try JobStore(path: scratch.database) }
        // The header's user_version (4 bytes, big-endian, at offset 60), as a newer Reel would set it;
        // the store closed cleanly, so the main file holds the whole database.
        let file = try #require(FileHandle(forUpdatingAtPath: scratch.database))
        try file.seek(toOffset: 60)
        try file.write(contentsOf: Data([0, 0, 0, 99]))
        try file.close()
        do {
            _ = try JobStore(path: scratch.database)
            Issue.record("a database of schema version 99 was opened")
        } catch {
            #expect(error.kind == .other)
            #expect(error.reason.contains("newer"))
        }
    }

    @Test func fileThatIsNotADatabaseIsCorrupt() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: scratch.database))
        do {
            _ = try JobStore(path: scratch.database)
            Issue.record("a text file opened as a job store")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.description.hasPrefix(scratch.database + ": opening: "))
        }
    }

    @Test func fullDatabaseIsReportedAndStaysReadable() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        // 24 pages of 4 KiB: a few dozen 2 KiB requests fill it.
        try store.limitPages(24)
        let request = "{\"text\":\"" + String(repeating: "x", count: 2000) + "\"}"
        var accepted: [String] = []
        var failure: JobStoreError?
        for _ in 0..<500 {
            do {
                accepted.append(try store.submit(kind: "render", request: request, owner: nil, idempotencyKey: nil).job.id)
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.kind == .full)
        #expect(error.operation == "submitting a job")
        #expect(!accepted.isEmpty)
        // Everything accepted before is there, whole; the failed job left nothing.
        #expect(try store.list(state: nil, limit: 1000, after: nil).map(\.id) == accepted)
        #expect(try store.counts()[.queued] == accepted.count)
        #expect(try store.integrityProblems().isEmpty)
        // Claiming still works (it rewrites rows in place) and, with room again, so does submitting.
        #expect(try store.claimNext()?.id == accepted.first)
        try store.limitPages(1_000_000)
        #expect(try store.submit(kind: "render", request: request, owner: nil, idempotencyKey: nil).created)
    }
}
