import Testing

@testable import TemplateFormat

@Suite struct CubeLUTTests {
    @Test func readsTitleSizeDomainAndRows() throws {
        let lut = try CubeLUT.parse(RichFixture.cube)
        #expect(lut.title == "warm")
        #expect(lut.size == 2)
        #expect(lut.domainMin == [0, 0, 0] && lut.domainMax == [1, 1, 1])
        #expect(lut.values.count == 24)
        // Red changes fastest: row 1 is (r=1, g=0, b=0).
        #expect(lut.entry(r: 1, g: 0, b: 0) == (1, 0, 0))
        #expect(lut.entry(r: 0, g: 1, b: 1) == (0, 1, 1))
    }

    @Test func acceptsCommentsBlankLinesAndWindowsLineEnds() throws {
        let text = "# made by hand\r\n\r\nLUT_3D_SIZE 2\r\n" + String(repeating: "0.5 0.5 0.5 # gray\r\n", count: 8)
        let lut = try CubeLUT.parse(text)
        #expect(lut.title == nil && lut.values.allSatisfy { $0 == 0.5 })
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int?
        let says: String
        var testDescription: String { says }
    }

    static let rows8 = String(repeating: "0 0 0\n", count: 8)

    static let bad: [Bad] = [
        Bad(text: "TITLE \"x\"\n" + rows8, line: 2, says: "before LUT_3D_SIZE"),
        Bad(text: "LUT_3D_SIZE 1\n", line: 1, says: "outside 2...256"),
        Bad(text: "LUT_3D_SIZE 257\n", line: 1, says: "outside 2...256"),
        Bad(text: "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7), line: nil, says: "7 table rows"),
        Bad(text: "LUT_3D_SIZE 2\n" + rows8 + "0 0 0\n", line: 10, says: "more than"),
        Bad(text: "LUT_3D_SIZE 2\n0 0\n", line: 2, says: "expected three numbers"),
        Bad(text: "LUT_3D_SIZE 2\n0 0 x1\n", line: 2, says: "not a number"),
        Bad(text: "LUT_1D_SIZE 16\n", line: 1, says: "1D LUTs"),
        Bad(text: "LUT_3D_SIZE 2\nDOMAIN_MIN 1 1 1\n" + rows8, line: nil, says: "DOMAIN_MIN must be below"),
        Bad(text: "LUT_3D_SIZE 2\nGAMMA 2.2\n", line: 2, says: "unknown keyword"),
        Bad(text: "LUT_3D_SIZE 2\n0 0 0\nTITLE \"late\"\n", line: 3, says: "after the table rows"),
        Bad(text: "TITLE unquoted\n", line: 1, says: "double quotes"),
        Bad(text: "", line: nil, says: "no LUT_3D_SIZE"),
    ]

    @Test(arguments: bad)
    func malformedFilesNameTheLine(_ c: Bad) {
        do {
            _ = try CubeLUT.parse(c.text)
            Issue.record("parsed: \(c.says)")
        } catch {
            #expect(error.line == c.line, "\(error)")
            #expect(error.message.contains(c.says), "\(error)")
        }
    }
}
