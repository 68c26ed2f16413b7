import ReelKit
import Testing

/// CSV as RFC 4180 and spreadsheets write it, and the mistakes that must not shift a row's fields.
@Suite struct CSVTableTests {
    func fields(_ text: String) throws -> [[String]] { try CSVTable(text: text).records.map(\.fields) }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "id,title\r\n1,\"Lisbon, 2026\"\r\n2,\"She said \"\"hi\"\"\"\r\n3,\"two\r\nlines\"\r\n4,\"\"\r\n"
        #expect(try fields(text) == [["id", "title"], ["1", "Lisbon, 2026"], ["2", "She said \"hi\""], ["3", "two\r\nlines"], ["4", ""]])
        // A record starts on the line it begins on, after a field that spans two.
        #expect(try CSVTable(text: text).records.map(\.line) == [1, 2, 3, 4, 6])
    }

    @Test func aByteOrderMarkBlankLinesAndAMissingLastLineBreakAreAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("id,media\n\na,x.mp4;y.mp4\n\n,\nb,z.mp4".utf8)
        let table = try CSVTable(bytes: bytes)
        #expect(table.records.map(\.fields) == [["id", "media"], ["a", "x.mp4;y.mp4"], ["", ""], ["b", "z.mp4"]])
        #expect(table.records.map(\.line) == [1, 3, 5, 6])
        #expect(try fields("a\rb\r") == [["a"], ["b"]])
    }

    @Test func mistakesAreErrorsAtTheirLineAndColumn() {
        #expect { try CSVTable(text: "id,t\n1,\"open\n2,x\n") } throws: { error in
            guard let e = error as? CSVSyntaxError else { return false }
            return e.line == 2 && e.column == 3 && e.message.contains("never closed")
        }
        #expect { try CSVTable(text: "id,t\n1,a\"b\n") } throws: { ($0 as? CSVSyntaxError).map { $0.line == 2 && $0.column == 4 } ?? false }
        #expect { try CSVTable(text: "id,t\n1,\"ab\"c\n") } throws: { ($0 as? CSVSyntaxError).map { $0.line == 2 && $0.column == 7 } ?? false }
        // Columns count characters, not bytes.
        #expect { try CSVTable(text: "é,\"x\"y") } throws: { ($0 as? CSVSyntaxError)?.column == 6 }
        #expect(throws: CSVSyntaxError.self) { try CSVTable(bytes: [0x61, 0xFF, 0x0A]) }
    }
}
