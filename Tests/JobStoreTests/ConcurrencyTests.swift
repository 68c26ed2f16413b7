import Foundation
import JobStore
import Synchronization
import Testing

/// One store shared by many threads: every submission kept, every job claimed exactly once.
@Suite struct ConcurrencyTests {
    @Test func manySubmittersAndClaimersClaimEachJobOnce() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let submitted = Mutex<[String]>([])
        let claimed = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        let submittersLeft = Mutex(8)
        let group = DispatchGroup()
        for submitter in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                defer {
                    submittersLeft.withLock { $0 -= 1 }
                    group.leave()
                }
                for n in 0..<100 {
                    do {
                        let id = try store.submit(
                            kind: "render", request: "{\"s\":\(submitter),\"n\":\(n)}", owner: "t\(submitter)", idempotencyKey: nil
                        ).job.id
                        submitted.withLock { $0.append(id) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while true {
                    // Read before claiming: when no submitter is left and the queue is empty, no job can come.
                    let finished = submittersLeft.withLock { $0 == 0 }
                    do {
                        if let job = try store.claimNext() {
                            claimed.withLock { $0.append(job.id) }
                        } else if finished {
                            return
                        } else {
                            usleep(200)
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                        return
                    }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.withLock { $0 } == [])
        let submittedIDs = submitted.withLock { $0 }
        let claimedIDs = claimed.withLock { $0 }
        #expect(submittedIDs.count == 800)
        #expect(claimedIDs.count == 800)
        #expect(Set(claimedIDs) == Set(submittedIDs))
        let counts = try store.counts()
        #expect(counts[.running] == 800 && counts[.queued] == 0)
        #expect(try store.list(state: .running, limit: 1000, after: nil).allSatisfy { $0.attempts == 1 })
    }
}
