import Foundation
import HTTPServer
import Testing

@Suite("HTTPServer: files and Range")
struct RangeTests {
    static let size = 10 << 20

    @Test("A 10 MB file: 200 whole, 206 for the three forms, 416 past the end, 200 for several ranges")
    func rangesOverTheWire() throws {
        let test = try TestServer()
        let bytes = try test.folder.patternFile("movie.mp4", count: Self.size)
        let url = test.url("/file?name=movie.mp4")

        let whole = try Curl.run([url])
        #expect(whole.status == 200)
        #expect(whole.body == Data(bytes))
        #expect(whole.headers["accept-ranges"] == "bytes")
        #expect(whole.headers["content-type"] == "video/mp4")
        #expect(whole.headers["content-length"] == "\(Self.size)")

        let cases: [(range: String, first: Int, last: Int)] = [
            ("bytes=100-199", 100, 199), ("bytes=10485000-", 10_485_000, Self.size - 1), ("bytes=-500", Self.size - 500, Self.size - 1),
            ("bytes=5-99999999999999999999", 5, Self.size - 1),
        ]
        for (range, first, last) in cases {
            let part = try Curl.run(["-H", "Range: \(range)", url])
            #expect(part.status == 206, "\(range)")
            #expect(part.headers["content-range"] == "bytes \(first)-\(last)/\(Self.size)", "\(range)")
            #expect(part.headers["accept-ranges"] == "bytes")
            #expect(part.body == Data(bytes[first...last]), "\(range)")
        }

        let past = try Curl.run(["-H", "Range: bytes=20000000-", url])
        #expect(past.status == 416)
        #expect(past.headers["content-range"] == "bytes */\(Self.size)")
        #expect(past.errorCode == "range_not_satisfiable")

        let several = try Curl.run(["-H", "Range: bytes=0-1,5-6", url])
        #expect(several.status == 200)
        #expect(several.body.count == Self.size)
    }

    @Test("A missing file or a folder is 404 error JSON, naming no path")
    func missing() throws {
        let test = try TestServer()
        try FileManager.default.createDirectory(atPath: test.folder.path("folder"), withIntermediateDirectories: true)
        for name in ["absent.mp4", "folder"] {
            let result = try Curl.run([test.url("/file?name=\(name)")])
            #expect(result.status == 404)
            #expect(result.errorCode == "not_found")
            #expect(!String(decoding: result.body, as: UTF8.self).contains(test.folder.root))
        }
    }

    @Test("A file part a handler names is sent from the file; beyond its end is 500, missing is 404; bad fields are dropped")
    func handlerPart() throws {
        let test = try TestServer()
        let bytes = try test.folder.patternFile("data", count: 100_000)
        let part = try Curl.run([test.url("/part?name=data&offset=1000&length=5000")])
        #expect(part.status == 206)
        #expect(part.body == Data(bytes[1000..<6000]))
        #expect(part.headers["content-length"] == "5000")
        #expect(part.headers["x-injected"] == nil && part.headers["x-split"] == nil && part.headers["x-bad"] == nil)
        let beyond = try Curl.run([test.url("/part?name=data&offset=99000&length=5000")])
        #expect(beyond.status == 500)
        #expect(beyond.errorCode == "internal_error")
        let missing = try Curl.run([test.url("/part?name=absent&offset=0&length=1")])
        #expect(missing.status == 404)
    }

    @Test("Range fields read as RFC 9110 says, without a server")
    func rangeRules() throws {
        let folder = try TestFolder()
        try folder.patternFile("f", count: 1000)
        try folder.patternFile("empty", count: 0)
        let path = folder.path("f")
        func outcome(_ range: String?, _ file: String? = nil) -> (Int, String?) {
            let response = HTTPResponse.file(path: file ?? path, contentType: "application/octet-stream", range: range)
            let contentRange = response.headers.first { $0.name == "Content-Range" }?.value
            if case .file(_, let offset, let length) = response.body { return (response.status, contentRange ?? "whole \(offset)+\(length)") }
            return (response.status, contentRange)
        }
        #expect(outcome(nil) == (200, "whole 0+1000"))
        #expect(outcome("bytes=0-0") == (206, "bytes 0-0/1000"))
        #expect(outcome("bytes=999-") == (206, "bytes 999-999/1000"))
        #expect(outcome("bytes=-1") == (206, "bytes 999-999/1000"))
        #expect(outcome("bytes=-5000") == (206, "bytes 0-999/1000"))
        #expect(outcome(" Bytes = 10-19 ") == (206, "bytes 10-19/1000"))
        #expect(outcome("bytes=1000-") == (416, "bytes */1000"))
        #expect(outcome("bytes=-0") == (416, "bytes */1000"))
        // What the RFC lets a server ignore is the whole file.
        for ignored in ["bytes=5-1", "bytes=a-b", "items=0-5", "bytes=0-1,3-4", "bytes=", "bytes=-", "bytes 0-5"] {
            #expect(outcome(ignored) == (200, "whole 0+1000"), "\(ignored)")
        }
        #expect(outcome("bytes=0-", folder.path("empty")) == (416, "bytes */0"))
        #expect(outcome(nil, folder.path("empty")) == (200, "whole 0+0"))
        #expect(outcome(nil, folder.path("absent")).0 == 404)
    }
}
