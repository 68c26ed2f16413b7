import JobStore
import Testing

/// A retried submission with the same key is the same job; the key never silently stands for
/// another request.
@Suite struct IdempotencyTests {
    @Test func sameKeySameRequestIsTheSameJob() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let first = try store.submit(kind: "render", request: #"{"a":1}"#, owner: "alice", idempotencyKey: "k1")
        let again = try store.submit(kind: "render", request: #"{"a":1}"#, owner: "alice", idempotencyKey: "k1")
        #expect(first.created && !again.created)
        #expect(again.job == first.job)
        #expect(try store.list(state: nil, limit: 10, after: nil).count == 1)
    }

    @Test func sameKeyOtherRequestIsAConflict() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let first = try store.submit(kind: "render", request: #"{"a":1}"#, owner: nil, idempotencyKey: "k1").job
        do {
            _ = try store.submit(kind: "render", request: #"{"a":2}"#, owner: nil, idempotencyKey: "k1")
            Issue.record("a reused key with another request was accepted")
        } catch {
            #expect(error.kind == .conflict)
            #expect(error.file == scratch.database)
            #expect(error.reason.contains(first.id))
        }
        #expect(throws: JobStoreError.self) {
            try store.submit(kind: "timeline-render", request: #"{"a":1}"#, owner: nil, idempotencyKey: "k1")
        }
        #expect(try store.list(state: nil, limit: 10, after: nil).count == 1)
    }

    @Test func sameKeyOfAnotherOwnerIsAnotherJob() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let alice = try store.submit(kind: "render", request: "{}", owner: "alice", idempotencyKey: "k1")
        let bob = try store.submit(kind: "render", request: "{}", owner: "bob", idempotencyKey: "k1")
        let nobody = try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: "k1")
        // An empty owner is an owner, not the same as none.
        let empty = try store.submit(kind: "render", request: "{}", owner: "", idempotencyKey: "k1")
        #expect(alice.created && bob.created && nobody.created && empty.created)
        #expect(Set([alice.job.id, bob.job.id, nobody.job.id, empty.job.id]).count == 4)
        #expect(try store.submit(kind: "render", request: "{}", owner: nil, idempotencyKey: "k1").job.id == nobody.job.id)
        // Without a key every submission is a new job.
        let a = try store.submit(kind: "render", request: "{}", owner: "alice", idempotencyKey: nil)
        let b = try store.submit(kind: "render", request: "{}", owner: "alice", idempotencyKey: nil)
        #expect(a.created && b.created && a.job.id != b.job.id)
    }
}
