import MediaTime
import Testing

@testable import Captions

@Suite struct CaptionParserTests {
    func ms(_ n: Int64) -> RationalTime { RationalTime(value: n, timescale: 1000) }

    @Test func readsSRTWithBOMAndCRLF() {
        let srt =
            "\u{feff}1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\nfriend\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n{\\an8}Second &amp; last\r\n"
        let track = CaptionParser.parse(srt, file: "talk.srt")
        #expect(track.diagnostics.isEmpty)
        #expect(track.cues.map(\.text) == ["Hello there friend", "Second & last"])
        #expect(track.cues.map(\.range) == [TimeRange(start: ms(1000), end: ms(2500)), TimeRange(start: ms(3000), end: ms(4000))])
        #expect(track.cues.map(\.line) == [2, 7])
    }

    @Test func readsVTTWithInlineTimestampsAndTags() {
        let vtt = """
            WEBVTT - a talk

            NOTE this is skipped

            intro
            00:01.000 --> 00:03.000 align:center line:90%
            <v Roger><c.yellow>One</c> <00:01.500>two <00:02.000>three four</v>

            00:00:04.000 --> 00:00:05.000
            <b>five</b>
            """
        let track = CaptionParser.parse(vtt, file: "talk.vtt")
        #expect(track.diagnostics.isEmpty)
        #expect(track.cues.count == 2)
        let words = track.cues[0].words
        #expect(words.map(\.text) == ["One", "two", "three", "four"])
        // "three four" share the last second by length: five characters, then four.
        let split = RationalTime(value: 23, timescale: 9)
        #expect(words.map(\.start) == [ms(1000), ms(1500), ms(2000), split])
        #expect(words.map(\.end) == [ms(1500), ms(2000), split, ms(3000)])
        #expect(track.cues[1].text == "five")
    }

    @Test func spreadsWordsByLengthWithoutTimes() {
        let track = CaptionParser.parse("1\n00:00:00,000 --> 00:00:01,000\na bbb\n", file: "f.srt")
        let words = track.cues[0].words
        #expect(words.map(\.start) == [ms(0), ms(250)])
        #expect(words.map(\.end) == [ms(250), ms(1000)])
    }

    @Test func reportsBadCuesWithTheirLinesAndKeepsTheGoodOnes() {
        let srt = """
            1
            00:00:01,000 --> 00:00:02,000
            good one

            2
            00:00:0x,000 --> 00:00:03,000
            malformed

            3
            00:00:05,000 --> 00:00:04,000
            backwards

            4
            00:00:06,000 --> 00:00:07,000
            <i></i>

            just some text

            5
            00:00:08,000 --> 00:00:09,000
            good two
            """
        let track = CaptionParser.parse(srt, file: "bad.srt")
        #expect(track.cues.map(\.text) == ["good one", "good two"])
        let found = track.diagnostics.map { "\($0.code.rawValue)@\($0.location.line ?? 0)" }
        #expect(found == ["C002@6", "C003@10", "C004@14", "C001@17"])
        #expect(track.diagnostics.allSatisfy { $0.location.file == "bad.srt" })
        #expect(track.diagnostics[0].description.hasPrefix("bad.srt:6: warning[C002]: "))
    }

    @Test func overlappingCuesEndWhereTheNextBegins() {
        let srt = """
            1
            00:00:03,000 --> 00:00:04,000
            third

            2
            00:00:01,000 --> 00:00:03,500
            first

            3
            00:00:03,000 --> 00:00:03,200
            together
            """
        let track = CaptionParser.parse(srt, file: "o.srt")
        #expect(track.cues.map(\.text) == ["first", "third together"])
        #expect(track.cues[0].range == TimeRange(start: ms(1000), end: ms(3000)))
        #expect(track.cues[1].range == TimeRange(start: ms(3000), end: ms(4000)))
        #expect(track.diagnostics.map(\.code) == [.captionOverlap, .captionOverlap])
        #expect(track.diagnostics.map(\.location.line) == [10, 6])
    }

    @Test func timestampsOutOfOrderAreMovedIntoTheCue() {
        let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000\na <00:05.000>b <00:01.500>c\n"
        let track = CaptionParser.parse(vtt, file: "t.vtt")
        #expect(track.cues[0].words.map(\.start) == [ms(1000), ms(2000), ms(2000)])
        #expect(track.diagnostics.map(\.code) == [.captionWordTimes])
    }

    @Test func readsTimesExactly() {
        #expect(CaptionTimeText.time("01:02:03,456") == ms(3_723_456))
        #expect(CaptionTimeText.time("02:03.5") == ms(123_500))
        #expect(CaptionTimeText.time("1:2:3,456") == nil)
        #expect(CaptionTimeText.time("00:60.000") == nil)
        #expect(CaptionTimeText.time("00:01") == nil)
        #expect(CaptionTimeText.string(ms(3_723_456)) == "01:02:03.456")
    }

    @Test func wordsFileTimesTheCuesOrMakesThem() throws {
        let json = """
            [{ "word": "Hello", "start": 0.5, "end": 0.9 },
             { "word": "world.", "start": 1.0, "end": 1.4 },
             { "word": "Next", "start": 3, "end": 3.5 },
             { "word": 7 }]
            """
        let (words, diagnostics) = try CaptionWordsFile.words(json, file: "w.json")
        #expect(words.count == 3)
        #expect(diagnostics.map(\.code) == [.captionTime])
        #expect(diagnostics.first?.location.line == 4)
        let made = CaptionTrack(words: words, file: "w.json")
        #expect(made.cues.map(\.text) == ["Hello world.", "Next"])
        #expect(made.cues[0].range == TimeRange(start: ms(500), end: ms(1400)))

        let srt = CaptionParser.parse("1\n00:00:00,000 --> 00:00:02,000\nHello world\n", file: "s.srt")
        let timed = srt.timingWords(words, from: "w.json")
        #expect(timed.cues[0].words.map(\.start) == [ms(0), ms(1000)])
        #expect(timed.cues[0].words.map(\.end) == [ms(1000), ms(2000)])
        #expect(timed.diagnostics.isEmpty)
        #expect(throws: CaptionFileError.self) { try CaptionWordsFile.words("{}", file: "w.json") }
    }
}
