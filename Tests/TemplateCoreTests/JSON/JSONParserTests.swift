import Testing

@testable import DocumentJSON
@testable import DocumentLimits

@Suite struct JSONParserTests {
    @Test func parsesATreeKeepingNumberTextAndKeyOrder() throws {
        let doc = try JSONParser.parse(#"{"b": [1.50, -0, 2e3, 99999999999999999999999], "a": {"z": null, "y": true}, "s": "\u00e9\n"}"#)
        let root = try #require(doc.root.objectValue)
        #expect(root.keys == ["b", "a", "s"])
        #expect(
            root["b"]
                == .array([
                    .number(JSONNumber(text: "1.50")!), .number(JSONNumber(text: "-0")!),
                    .number(JSONNumber(text: "2e3")!), .number(JSONNumber(text: "99999999999999999999999")!),
                ]))
        #expect(root["a"]?.objectValue?.keys == ["z", "y"])
        #expect(root["a"]?.objectValue?["z"] == .null)
        #expect(root["a"]?.objectValue?["y"] == .bool(true))
        #expect(root["s"] == .string("é\n"))
    }

    @Test func topLevelScalarsParse() throws {
        #expect(try JSONParser.parse("12").root == .number(JSONNumber(12)))
        #expect(try JSONParser.parse(" null ").root == .null)
        #expect(try JSONParser.parse("\"x\"").root == .string("x"))
    }

    @Test func stringsKeepEmbeddedNulAndSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""a\u0000b""#).root == .string("a\u{0}b"))
        #expect(try JSONParser.parse(#""\ud83d\ude00""#).root == .string("😀"))
    }

    @Test(arguments: [
        ("{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}", 3, 14),
        ("{\"a\": 1,}", 1, 9),
        ("[1, 2", 1, 6),
        ("", 1, 1),
        ("{\n  \"a\": NaN\n}", 2, 8),
        ("[1, Infinity]", 1, 5),
        ("[1.]", 1, 2),
        ("[\"a\tb\"]", 1, 4),
        ("[1] [2]", 1, 5),
        ("{\n  \"é\": tru }", 2, 11),
        ("// comment\n[1]", 1, 1),
        ("['single']", 1, 2),
        ("[\"\u{FF}\"]".replacingOccurrences(of: "\u{FF}", with: "é"), 0, 0),
    ])
    func syntaxErrorsArePlaced(text: String, line: Int, column: Int) {
        if line == 0 {
            // Sanity: valid non-ASCII text parses.
            #expect(throws: Never.self) { try JSONParser.parse(text) }
            return
        }
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.reason == .syntax)
            #expect(error.position?.line == line, "\(error)")
            #expect(error.position?.column == column, "\(error)")
        }
    }

    @Test func invalidUTF8IsASyntaxError() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes: [0x5b, 0x22, 0xff, 0x22, 0x5d]) }
    }

    @Test func depthIsBounded() throws {
        let ok = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(
            throws: JSONSyntaxError(
                reason: .tooDeep(limit: 64), message: "objects and arrays nested deeper than 64 levels",
                position: TextPosition(offset: 64, line: 1, column: 65))
        ) { try JSONParser.parse(deep) }
    }

    @Test func sizeIsBounded() {
        let limits = JSONParser.Limits(maxBytes: 10, maxDepth: 64)
        #expect(throws: Never.self) { try JSONParser.parse("[1,2,3,4]", limits: limits) }
        do {
            _ = try JSONParser.parse("[1,2,3,4,5]", limits: limits)
            Issue.record("parsed beyond the limit")
        } catch {
            #expect(error.reason == .tooLarge(limit: 10))
        }
    }

    @Test func positionsOfPaths() throws {
        let text = """
            {
              "slots": [
                { "id": "a", "duration": 1 },
                { "id": "b" },
                { "id": "c",
                  "duration": "48f" }
              ],
              "naïve": { "ké y": [true] }
            }
            """
        let doc = try JSONParser.parse(text)
        func at(_ path: String) -> String? { JSONPath(path).flatMap { doc.sourceMap.position(of: $0) }?.description }
        #expect(at("") == "1:1")
        #expect(at("slots") == "2:12")
        #expect(at("slots[0].duration") == "3:30")
        #expect(at("slots[2].duration") == "6:19")
        #expect(at("slots[2]") == "5:5")
        #expect(at("slots[1].duration") == nil)
        #expect(doc.position(of: JSONPath("slots[1].duration")!)?.description == "4:5", "nearest ancestor")
        #expect(doc.keyPosition(of: JSONPath("slots[2].duration")!)?.description == "6:7")
        let odd = JSONPath.root.appending("naïve").appending("ké y").appending(0)
        #expect(odd.description == #"["naïve"]["ké y"][0]"#)
        #expect(JSONPath(odd.description) == odd)
        #expect(doc.sourceMap.position(of: odd)?.description == "8:23", "columns count characters, not bytes")
    }

    @Test func duplicateKeysKeepTheLastValueAndAreListed() throws {
        let doc = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3.0}"#)
        #expect(doc.root.objectValue?.keys == ["a", "b"])
        #expect(doc.root.objectValue?["a"] == .number(JSONNumber(text: "3.0")!))
        #expect(doc.sourceMap.duplicateKeys.map(\.path.description) == ["a"])
        #expect(doc.sourceMap.duplicateKeys.first?.position.column == 18)
    }

    @Test func pathDescriptions() {
        #expect(JSONPath("slots[2].duration")?.components == [.key("slots"), .index(2), .key("duration")])
        #expect(JSONPath.root.description == "")
        #expect(JSONPath("a..b") == nil)
        #expect(JSONPath("[x]") == nil)
        #expect(JSONPath(#"a["q\"x"].b"#)?.components == [.key("a"), .key("q\"x"), .key("b")])
    }
}
