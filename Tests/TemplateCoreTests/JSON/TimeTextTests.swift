import MediaTime
import Testing

@testable import DocumentJSON
@testable import TimelineModel

@Suite struct TimeTextTests {
    let thirty = FrameRate(30)
    let ntsc = FrameRate(numerator: 30000, denominator: 1001)

    @Test func decimalSecondsAreExact() throws {
        let doc = try JSONParser.parse("[0.1, 0.3]")
        let items = try #require(doc.root.arrayValue)
        let tenth = try #require(TimeText.time(from: items[0], frameRate: nil))
        let threeTenths = try #require(TimeText.time(from: items[1], frameRate: nil))
        #expect(tenth + tenth + tenth == threeTenths)
        #expect(threeTenths == RationalTime(value: 3, timescale: 10))
    }

    @Test func framesAtNTSC() {
        let t = TimeText.time(from: "48f", frameRate: ntsc)
        #expect(t == RationalTime(value: 48 * 1001, timescale: 30000))
        #expect(t == ntsc.time(ofFrame: 48))
        #expect(TimeText.time(from: "48f", frameRate: nil) == nil)
    }

    @Test(arguments: [
        ("2.5s", RationalTime(value: 5, timescale: 2)),
        ("2.5", RationalTime(value: 5, timescale: 2)),
        ("1001/30000s", RationalTime(value: 1001, timescale: 30000)),
        ("0s", RationalTime.zero),
        ("-0.04s", RationalTime(value: -1, timescale: 25)),
    ])
    func stringForms(text: String, expected: RationalTime) {
        #expect(TimeText.time(from: text, frameRate: thirty) == expected)
    }

    @Test(arguments: ["2.5 s", "2.5sec", "s", "", "1/0s", "abc", "2,5", "1.5f", "0x10"])
    func malformedStrings(text: String) {
        #expect(TimeText.time(from: text, frameRate: thirty) == nil)
    }

    @Test func writtenTimesReadBack() {
        for t in [
            RationalTime(value: 1001, timescale: 30000), RationalTime(value: 123_456_789, timescale: 1_000_000), .zero,
            RationalTime(value: -7, timescale: 3), RationalTime(value: 1, timescale: 1 << 40),
        ] {
            #expect(TimeText.time(from: TimeText.string(from: t), frameRate: nil) == t)
        }
    }
}
