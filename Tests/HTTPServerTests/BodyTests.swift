import Foundation
import HTTPServer
import ReelTestSupport
import Testing

@Suite("HTTPServer: request bodies")
struct BodyTests {
    @Test("A POST body within the memory limit reaches respond in full")
    func memoryBody() throws {
        let test = try TestServer()
        let sent = try test.folder.patternFile("small", count: 1000)
        let result = try Curl.run(["--data-binary", "@" + test.folder.path("small"), test.url("/memory")])
        #expect(result.status == 200)
        #expect(Array(result.body) == sent)
        #expect(test.handler.requests.first?.body == .bytes(sent))
    }

    @Test("A body over the memory limit is 413 JSON and respond is not called, whether its length is declared or not")
    func memoryOverLimit() throws {
        let test = try TestServer()
        try test.folder.patternFile("big", count: 5000)
        let declared = try Curl.run(["--data-binary", "@" + test.folder.path("big"), test.url("/memory")])
        #expect(declared.status == 413)
        #expect(declared.errorCode == "body_too_large")
        let chunked = try Curl.run(["-H", "Transfer-Encoding: chunked", "--data-binary", "@" + test.folder.path("big"), test.url("/memory")])
        #expect(chunked.status == 413)
        #expect(chunked.errorCode == "body_too_large")
        #expect(test.handler.requests.isEmpty)
    }

    @Test("A 5 MB body streamed to a file arrives whole, in a new file of mode 0600")
    func fileBody() throws {
        let test = try TestServer()
        let sent = try test.folder.patternFile("five", count: 5 << 20)
        let target = test.folder.path("received")
        let result = try Curl.run(["--data-binary", "@" + test.folder.path("five"), test.url("/upload?to=\(target)")])
        #expect(result.status == 200)
        #expect(result.json["size"] as? Int == 5 << 20)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(sent))
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(test.handler.requests.first?.body == .file(path: target, size: 5 << 20))
    }

    @Test("A client that disconnects mid-upload leaves no file, and respond is not called")
    func uploadAbandoned() throws {
        let test = try TestServer()
        try test.folder.patternFile("five", count: 5 << 20)
        let target = test.folder.path("abandoned")
        let source = test.folder.path("five")
        let url = test.url("/upload?to=\(target)")
        // 256 kB/s for at most 8 s: curl gives up with most of the body unsent. The client runs on
        // a thread of its own, not a task: on a busy machine the test runner's few threads may all
        // be waiting for other tests, and a task would wait with them.
        final class Outcome: @unchecked Sendable {
            var result: Curl.Result?
            var done = false
        }
        let outcome = Outcome()
        let client = Thread {
            outcome.result = try? Curl.run(["--limit-rate", "256k", "--data-binary", "@" + source, url], maxTime: 8)
            outcome.done = true
        }
        client.start()
        #expect(waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: target) })
        #expect(waitUntil(seconds: 30) { outcome.done })
        #expect(outcome.result?.exitCode == 28)
        #expect(waitUntil(seconds: 20) { !FileManager.default.fileExists(atPath: target) })
        #expect(test.handler.requests.isEmpty)
    }

    @Test("A body over the file limit is 413 and its file is removed; an existing file is never replaced")
    func fileOverLimit() throws {
        let test = try TestServer()
        try test.folder.patternFile("big", count: 5000)
        let target = test.folder.path("over")
        for extra in [[], ["-H", "Transfer-Encoding: chunked"]] {
            let result = try Curl.run(extra + ["--data-binary", "@" + test.folder.path("big"), test.url("/upload?to=\(target)&limit=1000")])
            #expect(result.status == 413)
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        let existing = try test.folder.patternFile("existing", count: 10)
        let clash = try Curl.run(["--data-binary", "@" + test.folder.path("big"), test.url("/upload?to=\(test.folder.path("existing"))")])
        #expect(clash.status == 500)
        #expect(try Data(contentsOf: URL(fileURLWithPath: test.folder.path("existing"))) == Data(existing))
        #expect(test.handler.requests.isEmpty)
    }

    @Test("A refused request is answered before its body, which is discarded")
    func refused() throws {
        let test = try TestServer()
        try test.folder.patternFile("big", count: 100_000)
        let result = try Curl.run(["-H", "X-Request-Id: refused-1", "--data-binary", "@" + test.folder.path("big"), test.url("/refuse")])
        #expect(result.status == 403)
        #expect(result.errorCode == "refused")
        #expect(result.headers["x-request-id"] == "refused-1")
        #expect(test.handler.requests.isEmpty)
    }
}

/// Polls `condition` on the calling thread, every 20 ms, until it holds or `seconds` pass.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
