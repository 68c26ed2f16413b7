import Foundation
import HTTPServer
import ReelTestSupport
import Testing

@Suite("HTTPServer: listening, concurrency and stopping")
struct LifecycleTests {
    @Test("Port 0 binds a real port; a taken port throws an error naming the address")
    func ports() throws {
        let test = try TestServer()
        #expect(test.server.port > 0)
        #expect(test.server.host == "127.0.0.1")
        #expect(try Curl.run([test.url("/echo")]).status == 200)
        do {
            _ = try HTTPServer(host: "127.0.0.1", port: test.server.port, handler: test.handler)
            Issue.record("a second server bound a taken port")
        } catch {
            #expect(error.address == "127.0.0.1:\(test.server.port)")
            #expect(error.reason == "the port is in use")
            #expect(error.description == "127.0.0.1:\(test.server.port): the port is in use")
        }
        #expect(throws: HTTPServerError.self) { try HTTPServer(host: "localhost", port: 0, handler: test.handler) }
        #expect(throws: HTTPServerError.self) { try HTTPServer(host: "127.0.0.1", port: 70000, handler: test.handler) }
    }

    @Test("IPv6 loopback serves too, the address in brackets or not")
    func ipv6() throws {
        let folder = try TestFolder()
        let handler = RecordingHandler(folder: folder.root)
        let server: HTTPServer
        do {
            server = try HTTPServer(host: "::1", port: 0, handler: handler)
        } catch {
            // A machine without IPv6 loopback cannot run this test.
            #expect(error.reason.contains("address"))
            return
        }
        let result = try Curl.run(["-g", "http://[::1]:\(server.port)/echo"])
        #expect(result.status == 200)
        #expect(result.json["remote"] as? String == "::1")
        server.stop()
    }

    @Test("50 parallel requests are all answered, and run at once")
    func parallel() throws {
        var limits = HTTPServerLimits()
        limits.perAddressConnections = 64
        let test = try TestServer(limits: limits)
        let urls = (0..<50).flatMap { ["-o", "/dev/null", test.url("/slow?n=\($0)")] }
        let started = Date()
        let out = try Tools.run(
            "curl", ["-s", "--max-time", "10", "--parallel", "--parallel-max", "50", "-w", "%{http_code}\\n"] + urls, timeout: 15)
        #expect(out.status == 0)
        #expect(out.stdout.split(separator: "\n") == Array(repeating: "200", count: 50))
        #expect(test.handler.requests.count == 50)
        #expect(Set(test.handler.requests.map { $0.queryValue("n") ?? "" }).count == 50)
        // 50 requests of 200 ms each would take 10 s one after another.
        #expect(test.handler.peakConcurrency > 10)
        #expect(Date().timeIntervalSince(started) < 8)
    }

    @Test("stop() returns, refuses new clients, frees the port, and may be called twice")
    func stop() throws {
        let test = try TestServer()
        let port = test.server.port
        #expect(try Curl.run([test.url("/echo")]).status == 200)
        test.server.stop()
        test.server.stop()
        #expect(try Curl.run([test.url("/echo")]).exitCode == 7)
        let again = try HTTPServer(host: "127.0.0.1", port: port, handler: test.handler)
        #expect(again.port == port)
        #expect(try Curl.run(["http://127.0.0.1:\(port)/echo"]).status == 200)
        again.stop()
    }

    @Test("quiesce() refuses new clients but answers the request in flight")
    func quiesce() throws {
        let test = try TestServer()
        let slow = test.url("/slow")
        // The client in flight runs on a thread of its own (see `uploadAbandoned`).
        final class Outcome: @unchecked Sendable {
            var status: Int?
            var done = false
        }
        let outcome = Outcome()
        let inFlight = Thread {
            outcome.status = try? Curl.run([slow]).status
            outcome.done = true
        }
        inFlight.start()
        #expect(waitUntil(seconds: 10) { test.handler.peakConcurrency == 1 })
        test.server.quiesce()
        #expect(try Curl.run([test.url("/echo")]).exitCode == 7)
        #expect(waitUntil(seconds: 30) { outcome.done })
        #expect(outcome.status == 200)
        test.server.stop()
    }
}
