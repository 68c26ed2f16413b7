import Testing

@testable import PixelKernels

/// The kernels' float-to-integer conversions without range checks give exactly what the standard
/// conversions give, over their whole stated ranges, so the kernels' outputs do not change.
@Suite struct FloatConversionTests {
    /// Every float in a band near each power of two and a stride through all the others.
    static func samples(below limit: Float) -> [Float] {
        var values: [Float] = [0, -0.0, .leastNonzeroMagnitude, 0.5, 1, 1.5, 2.5, 255.5, limit.nextDown]
        var exponent: Float = 1
        while exponent < limit {
            var v = exponent
            for _ in 0..<64 { v = v.nextDown }
            for _ in 0..<128 {
                values.append(v)
                v = v.nextUp
            }
            exponent *= 2
        }
        var bits: UInt32 = 0
        while bits < limit.bitPattern {
            values.append(Float(bitPattern: bits))
            bits &+= 9973
        }
        return values.filter { $0 < limit }
    }

    @Test func truncationMatchesInt32() {
        for v in Self.samples(below: 4_194_304) {
            #expect(truncated(v) == Int32(v), "\(v)")
        }
    }

    @Test func bytesMatchTheCheckedConversions() {
        for v in Self.samples(below: 256) {
            #expect(truncatedByte(v) == UInt8(v), "\(v)")
        }
        for v in Self.samples(below: 4_194_304) + Self.samples(below: 4_194_304).map { -$0 } {
            #expect(Int32(roundedByte(v)) == min(max(Int32(v + 0.5), 0), 255), "\(v)")
        }
        // Rounding clamps, NaN included, instead of trapping.
        #expect(roundedByte(.infinity) == 255 && roundedByte(-.infinity) == 0 && roundedByte(.nan) == 0)
    }
}
