import Testing

@testable import DocumentJSON

@Suite struct JSONWriterTests {
    @Test func writesSortedIndentedText() {
        let value = JSONValue.object(
            JSONObject([
                "zeta": .array([.number(JSONNumber(text: "1.50")!), .null, .bool(false)]),
                "alpha": .object(JSONObject()),
                "Beta": .array([]),
                "é": .string("ü"),
            ]))
        #expect(
            JSONWriter.write(value) == """
                {
                  "Beta": [],
                  "alpha": {},
                  "zeta": [
                    1.50,
                    null,
                    false
                  ],
                  "é": "ü"
                }

                """)
    }

    @Test func escapesWhatJSONRequiresAndKeepsUTF8() {
        #expect(JSONWriter.quoted("a\"b\\c/d\n\r\t\u{8}\u{C}\u{1}\u{1F}é😀\u{7F}") == #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀"# + "\u{7F}\"")
    }

    @Test func writtenTextParsesBackToTheSameValue() throws {
        let value = JSONValue.object(
            JSONObject([
                "s": .string("line\nbreak \"quoted\" \u{0} é"),
                "n": .array([.number(JSONNumber(text: "-0.000001e-7")!), .number(JSONNumber(12))]),
            ]))
        let text = JSONWriter.write(value)
        let back = try JSONParser.parse(text).root
        #expect(JSONWriter.write(back) == text)
        #expect(back.objectValue?["s"] == value.objectValue?["s"])
    }

    @Test func numbersFromDoublesAreShortest() {
        #expect(JSONNumber(0.8)?.text == "0.8")
        #expect(JSONNumber(1.0)?.text == "1")
        #expect(JSONNumber(-3.0)?.text == "-3")
        #expect(JSONNumber(1e-7)?.text == "1e-07")
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(text: "01") == nil)
        #expect(JSONNumber(text: "1.") == nil)
        #expect(JSONNumber(text: "-1.5E+3") != nil)
    }
}
