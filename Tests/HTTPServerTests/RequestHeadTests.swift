import Foundation
import HTTPServer
import Testing

@Suite("HTTPServer: request heads")
struct RequestHeadTests {
    @Test("GET with a query: path percent-decoded, query in order, headers in any case, X-Request-Id echoed")
    func getWithQuery() throws {
        let test = try TestServer()
        let result = try Curl.run([
            "-H", "X-Custom: first", "-H", "x-custom: second", "-H", "X-Request-Id: abc.DEF_123-x",
            test.url("/echo/a%20b/%C3%A9t%C3%A9?x=1&y=hello%20world+again&x=2&flag"),
        ])
        #expect(result.status == 200)
        #expect(result.headers["x-request-id"] == "abc.DEF_123-x")
        #expect(result.headers["content-type"] == "application/json; charset=utf-8")
        let json = result.json
        #expect(json["method"] as? String == "GET")
        #expect(json["path"] as? String == "/echo/a b/été")
        #expect(json["query"] as? [[String]] == [["x", "1"], ["y", "hello world again"], ["x", "2"], ["flag", ""]])
        #expect(json["x"] as? String == "1")
        #expect(json["custom"] as? String == "first, second")
        #expect(json["remote"] as? String == "127.0.0.1")
        #expect(json["id"] as? String == "abc.DEF_123-x")
    }

    @Test("An unsafe or missing X-Request-Id is replaced by a fresh one, which is echoed")
    func freshRequestID() throws {
        let test = try TestServer()
        for sent in ["has space", String(repeating: "a", count: 65), nil] {
            let result = try Curl.run((sent.map { ["-H", "X-Request-Id: \($0)"] } ?? []) + [test.url("/echo")])
            let id = try #require(result.headers["x-request-id"])
            #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
            #expect(result.json["id"] as? String == id)
        }
    }

    @Test("A head over maxHeaderBytes is answered 431 without reaching the handler")
    func headTooLarge() throws {
        var limits = HTTPServerLimits()
        limits.maxHeaderBytes = 4096
        let test = try TestServer(limits: limits)
        let result = try Curl.run(["-H", "X-Big: \(String(repeating: "b", count: 5000))", test.url("/echo")])
        #expect(result.status == 431)
        #expect(result.errorCode == "header_too_large")
        // Past the connection's memory the library answers or closes by itself; the server lives on.
        let huge = try Curl.run(["-H", "X-Huge: \(String(repeating: "h", count: 60000))", test.url("/echo")])
        #expect(huge.status == 431 || huge.status == 0)
        #expect(test.handler.requests.isEmpty)
        #expect(try Curl.run([test.url("/echo")]).status == 200)
    }

    @Test("A status outside 100...599 is sent as 500; a valid one as is")
    func statusClamped() throws {
        let test = try TestServer()
        for (code, sent) in [(42, 500), (0, 500), (600, 500), (1000, 500), (-1, 500), (204, 204), (599, 599), (418, 418)] {
            let result = try Curl.run([test.url("/status?code=\(code)")])
            #expect(result.status == sent, "status \(code)")
            #expect(result.headers["x-request-id"] != nil)
        }
    }

    @Test("Error bodies are JSON with the message escaped")
    func errorJSON() throws {
        let response = HTTPResponse.error(400, code: "bad", message: "a \"quoted\" \\ line\nand\u{1}control")
        guard case .bytes(let bytes) = response.body else {
            Issue.record("not bytes")
            return
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: [String: String]])
        #expect(json["error"] == ["code": "bad", "message": "a \"quoted\" \\ line\nand\u{1}control"])
        #expect(response.status == 400)
        #expect(response.headers.first?.value == "application/json; charset=utf-8")
    }
}
