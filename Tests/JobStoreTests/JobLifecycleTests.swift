import Foundation
import JobStore
import Testing

/// Jobs from submission to a final state, and the queries over them, on a real database file.
@Suite struct JobLifecycleTests {
    @Test func submittedJobReadsBackQueued() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let (job, created) = try store.submit(kind: "render", request: #"{"template":"a"}"#, owner: "alice", idempotencyKey: nil)
        #expect(created)
        #expect(job.state == .queued && job.attempts == 0 && job.startedAt == nil && job.finishedAt == nil)
        #expect(JobIDs.isWellFormed(job.id, prefix: "r_"))
        #expect(abs(job.createdAt - Int64(Date().timeIntervalSince1970 * 1000)) < 60_000)
        #expect(try store.job(job.id) == job)
        #expect(try store.job("r_00000000000000000000000000") == nil)
    }

    @Test func listPagesOldestFirst() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let ids = try (0..<7).map { try store.submit(kind: "render", request: "{\"n\":\($0)}", owner: nil, idempotencyKey: nil).job.id }
        #expect(ids == ids.sorted())
        var pages: [[String]] = []
        var after: String?
        while true {
            let page = try store.list(state: nil, limit: 3, after: after).map(\.id)
            if page.isEmpty { break }
            pages.append(page)
            after = page.last
        }
        #expect(pages.map(\.count) == [3, 3, 1])
        #expect(pages.flatMap { $0 } == ids)
        _ = try store.claimNext()
        #expect(try store.list(state: .running, limit: 10, after: nil).map(\.id) == [ids[0]])
        #expect(try store.list(state: .queued, limit: 10, after: ids[3]).map(\.id) == Array(ids[4...]))
        // The limit is clamped to 1...1000, not refused.
        #expect(try store.list(state: nil, limit: 0, after: nil).count == 1)
    }

    @Test func claimTakesTheOldestQueuedJob() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let first = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job
        let second = try store.submit(kind: "timeline-render", request: "{}", owner: nil, idempotencyKey: nil).job
        let third = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job
        let claimed = try #require(try store.claimNext())
        #expect(claimed.id == first.id && claimed.state == .running && claimed.attempts == 1)
        #expect(claimed.startedAt != nil)
        #expect(try store.claimNext(kinds: ["render"])?.id == third.id)
        #expect(try store.claimNext(kinds: ["render"]) == nil)
        #expect(try store.claimNext(kinds: []) == nil)
        #expect(try store.claimNext()?.id == second.id)
        #expect(try store.claimNext() == nil)
    }

    @Test func finishFailAndCancelMoveOnlyFromTheRightStates() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let submit = { try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job.id }
        let done = try submit()
        let failed = try submit()
        let cancelledRunning = try submit()
        let cancelledQueued = try submit()

        #expect(try store.finish(done, result: "{}") == false)  // still queued
        _ = try store.claimNext()
        try store.setProgress(done, #"{"percent":50}"#)
        #expect(try store.job(done)?.progress == #"{"percent":50}"#)
        #expect(try store.finish(done, result: #"{"output":"a.mp4"}"#))
        let finished = try #require(try store.job(done))
        #expect(finished.state == .done && finished.result == #"{"output":"a.mp4"}"# && finished.finishedAt != nil)
        #expect(try store.finish(done, result: "{}") == false)
        #expect(try store.fail(done, error: "{}") == false)
        try store.setProgress(done, #"{"percent":99}"#)  // ignored: not running
        #expect(try store.job(done) == finished)

        _ = try store.claimNext()
        #expect(try store.fail(failed, error: #"{"code":"x","message":"y"}"#))
        #expect(try store.job(failed)?.state == .failed)
        #expect(try store.job(failed)?.error == #"{"code":"x","message":"y"}"#)

        _ = try store.claimNext()
        #expect(try store.cancel(cancelledRunning)?.state == .cancelled)
        // The runner's finish after a cancel is refused, and changes nothing.
        #expect(try store.finish(cancelledRunning, result: "{}") == false)
        #expect(try store.job(cancelledRunning)?.result == nil)
        #expect(try store.job(cancelledRunning)?.state == .cancelled)

        #expect(try store.cancel(cancelledQueued)?.state == .cancelled)
        #expect(try store.claimNext() == nil)
        // Final jobs are returned unchanged.
        #expect(try store.cancel(done) == finished)
        #expect(try store.cancel("r_nothing") == nil)

        let counts = try store.counts()
        #expect(counts == [.queued: 0, .running: 0, .done: 1, .failed: 1, .cancelled: 2])
    }

    @Test func requeueReturnsOnlyARunningJob() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let id = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: nil).job.id
        #expect(try store.requeue(id) == false)
        _ = try store.claimNext()
        try store.setProgress(id, #"{"percent":10}"#)
        #expect(try store.requeue(id))
        let queued = try #require(try store.job(id))
        #expect(queued.state == .queued && queued.progress == nil && queued.startedAt == nil && queued.attempts == 1)
        #expect(try store.claimNext()?.attempts == 2)
    }

    @Test func activeCountCountsQueuedAndRunningOfOneOwner() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        for owner in ["alice", "alice", "alice", "bob", nil] {
            _ = try store.submit(kind: "render", request: "{}", owner: owner, idempotencyKey: nil)
        }
        let running = try #require(try store.claimNext())
        #expect(try store.activeCount(owner: "alice") == 3)
        #expect(try store.finish(running.id, result: "{}"))
        #expect(try store.activeCount(owner: "alice") == 2)
        #expect(try store.activeCount(owner: "bob") == 1)
        #expect(try store.activeCount(owner: nil) == 1)
        #expect(try store.activeCount(owner: "carol") == 0)
    }

    @Test func textIsStoredExactly() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        // Quotes and SQL in values are data (bound, never spliced); empty text stays empty, not NULL.
        let request = "{\"title\":\"l'été \u{1F3AC} \\\"x\\\"\"}'); DROP TABLE jobs; --"
        let job = try store.submit(kind: "render", request: request, owner: "o'brien", idempotencyKey: "").job
        #expect(try store.job(job.id)?.request == request)
        #expect(try store.job(job.id)?.owner == "o'brien")
        #expect(try store.job(job.id)?.idempotencyKey == "")
    }
}
