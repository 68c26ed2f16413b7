import Testing

@testable import MediaTime

@Suite struct DecimalParsingTests {
    @Test func decimalsAreExact() {
        #expect(RationalTime(decimalString: "0.1") == rt(1, 10))
        #expect(RationalTime(decimalString: "0.1")?.timescale == 10)
        #expect(RationalTime(decimalString: "1.16") == rt(29, 25))
        #expect(RationalTime(decimalString: "2.5") == rt(5, 2))
        #expect(RationalTime(decimalString: "-0.04") == rt(-1, 25))
        #expect(RationalTime(decimalString: "3e-2") == rt(3, 100))
        #expect(RationalTime(decimalString: "3E-2") == rt(3, 100))
        #expect(RationalTime(decimalString: "1.5e3") == rt(1500))
        #expect(RationalTime(decimalString: "2e+1") == rt(20))
        #expect(RationalTime(decimalString: "1.500000000000000000000") == rt(3, 2))
        #expect(RationalTime(decimalString: "+7") == rt(7))
        #expect(RationalTime(decimalString: ".5") == rt(1, 2))
        #expect(RationalTime(decimalString: "5.") == rt(5))
        #expect(RationalTime(decimalString: "007.250") == rt(29, 4))
        #expect(RationalTime(decimalString: "29.97") == rt(2997, 100))
    }

    @Test func zeros() {
        for text in ["0", "-0", "0.0", "0e5", "000.000", "-0.000e-3"] {
            #expect(RationalTime(decimalString: text) == .zero, "\(text)")
        }
    }

    @Test func rejectsMalformedText() {
        for text in [
            "abc", "1.2.3", "", ".", "-", "+", "-.", "e5", "1e", "1e1.5", "1e5e5", "--1", "1-",
            " 1", "1 ", "1,5", "0x10", "inf", "nan", "1_000", "١٢", "1/2",
        ] {
            #expect(RationalTime(decimalString: text) == nil, "\(text)")
        }
    }

    @Test func extremesFitOrAreRejectedWithoutTrapping() {
        #expect(RationalTime(decimalString: "9223372036854775807") == rt(.max))
        #expect(RationalTime(decimalString: "-9223372036854775807") == rt(-.max))
        #expect(RationalTime(decimalString: "9223372036854775808") == nil)
        #expect(RationalTime(decimalString: "-9223372036854775808") == nil)
        #expect(RationalTime(decimalString: "1e19") == nil)
        #expect(RationalTime(decimalString: "1e18") == rt(1_000_000_000_000_000_000))
        #expect(RationalTime(decimalString: "1e-18") == rt(1, 1_000_000_000_000_000_000))
        #expect(RationalTime(decimalString: "1e-19") == nil)
        #expect(RationalTime(decimalString: "5e-19") == rt(1, 2_000_000_000_000_000_000))
        #expect(RationalTime(decimalString: "1e-9223372036854775808") == nil)
        #expect(RationalTime(decimalString: "1e9223372036854775807") == nil)
        #expect(RationalTime(decimalString: "0.000000000000000000001e21") == rt(1))
        #expect(RationalTime(decimalString: "10000000000000000000000e-4") == rt(1_000_000_000_000_000_000))
        #expect(RationalTime(decimalString: "0.0000000000000000000001") == nil)
    }
}

@Suite struct ExactStringParsingTests {
    @Test func fractionsOfSeconds() {
        #expect(RationalTime(exactString: "1001/30000s") == rt(1001, 30_000))
        #expect(RationalTime(exactString: "1001/30000") == rt(1001, 30_000))
        #expect(RationalTime(exactString: "2/4s") == rt(1, 2))
        #expect(RationalTime(exactString: "-1/2s") == rt(-1, 2))
    }

    @Test func decimalSeconds() {
        #expect(RationalTime(exactString: "2.5s") == rt(5, 2))
        #expect(RationalTime(exactString: "2.5") == rt(5, 2))
        #expect(RationalTime(exactString: "2s") == rt(2))
        #expect(RationalTime(exactString: "-0.04s") == rt(-1, 25))
    }

    @Test func rejectsMalformedText() {
        for text in [
            "", "s", "ss", "1/0s", "1/-2s", "1/2/3s", "1/s", "/2s", "abc", "48f", "2.5ss", "1 / 2s",
            "-9223372036854775808/1s", "1.5/2s",
        ] {
            #expect(RationalTime(exactString: text) == nil, "\(text)")
        }
    }

    @Test func descriptionRoundTrips() {
        for t in [rt(1001, 30_000), rt(-3, 2), rt(2), .zero, rt(.max, .max - 1), rt(-.max)] {
            #expect(RationalTime(exactString: t.description) == t, "\(t)")
        }
    }
}
