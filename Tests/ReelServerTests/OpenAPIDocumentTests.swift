import DocumentJSON
import Testing

@testable import ReelServer

/// The OpenAPI document and the routes the server answers are the same list.
@Suite struct OpenAPIDocumentTests {
    @Test func theDocumentNamesEveryRouteAndNoOther() throws {
        let document = try JSONParser.parse(OpenAPIDocument.text).root
        let paths = try #require(document.objectValue?["paths"]?.objectValue)
        var documented: Set<String> = []
        for member in paths.members {
            for method in member.value.objectValue?.keys ?? [] where method != "parameters" {
                documented.insert("\(method.uppercased()) \(member.key)")
            }
        }
        let served = Set(APIRoutes.all.map { "\($0.method) \($0.pattern)" })
        #expect(documented == served, "only documented: \(documented.subtracting(served)); only served: \(served.subtracting(documented))")
        #expect(document.objectValue?["openapi"]?.stringValue == "3.1.0")
    }

    @Test func routesMatchTheirPathsAndCaptureIDs() {
        #expect(APIRoutes.job.match("/v1/renders/r_1") == ["id": "r_1"])
        #expect(APIRoutes.job.match("/v1/renders/") == nil)
        #expect(APIRoutes.output.match("/v1/renders/r_1/output") == ["id": "r_1"])
        #expect(APIRoutes.list.match("/v1/renders") == [:])
        #expect(APIRoutes.list.match("/v1/renders/x") == nil)
    }

    @Test func onlyLoopbackListensWithoutTokens() {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] { #expect(ListenAddress.isLoopback(host), "\(host)") }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "127.0.0.1.evil"] { #expect(!ListenAddress.isLoopback(host), "\(host)") }
        #expect(ListenAddress.parse("127.0.0.1:0")! == ("127.0.0.1", 0))
        #expect(ListenAddress.parse("[::1]:8910")! == ("::1", 8910))
        #expect(ListenAddress.parse("127.0.0.1") == nil)
        #expect(ListenAddress.parse("127.0.0.1:70000") == nil)
    }
}
