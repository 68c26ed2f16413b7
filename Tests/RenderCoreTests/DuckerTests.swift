import Foundation
import MediaTime
import Testing

@testable import RenderCore
@testable import TimelineModel

/// The ducker on synthetic sidechains: down by its amount after the attack while a tone is heard,
/// held through a short pause, back after hold and release, untouched by silence, and the same
/// to the bit whatever the blocks.
@Suite struct DuckerTests {
    static let ducking = Ducking(
        amount: -12, threshold: -40, attack: RationalTime(value: 1, timescale: 20), hold: RationalTime(value: 3, timescale: 10),
        release: RationalTime(value: 1, timescale: 2))

    /// Stereo: a 1 kHz tone at 0.1 over the samples `tone` contains, silence elsewhere.
    static func sidechain(_ samples: Int, tone: [Range<Int>]) -> [Float] {
        var x = [Float](repeating: 0, count: samples * 2)
        for i in 0..<samples where tone.contains(where: { $0.contains(i) }) {
            let v = Float(0.1 * sin(2 * Double.pi * 1000 * Double(i) / 48_000))
            x[i * 2] = v
            x[i * 2 + 1] = v
        }
        return x
    }

    static func gains(_ x: [Float], blocks: Int) -> [Float] {
        let d = Ducker(ducking)
        let n = x.count / 2
        var g = [Float](repeating: 0, count: n)
        var at = 0
        while at < n {
            let m = min(blocks, n - at)
            x.withUnsafeBufferPointer { p in
                g.withUnsafeMutableBufferPointer { q in d.process(p.baseAddress! + at * 2, count: m, gains: q.baseAddress! + at) }
            }
            at += m
        }
        return g
    }

    static func db(_ g: Float) -> Double { 20 * log10(Double(g)) }

    /// True when the gain is -12 dB, the full depth.
    static func down(_ g: Float) -> Bool {
        let d: Double = db(g) + 12
        return abs(d) < 1e-6
    }

    @Test func lowersWhileTheToneIsHeardAndOnlyThen() {
        // Silent 1 s, tone 1 s, silent 2 s.
        let g = Self.gains(Self.sidechain(4 * 48_000, tone: [48_000..<96_000]), blocks: 1601)
        #expect(g[..<48_000].allSatisfy { $0 == 1 }, "silence before: untouched")
        #expect(g[48_000] > 0.99, "the onset itself: the attack has just begun")
        // Down fully once the level window and the attack have passed (10 ms + 50 ms).
        let down: Int = 51_360
        #expect(Self.down(g[down]))
        let full: Int = 51_400
        #expect(g[full..<96_000].allSatisfy(Self.down))
        // Still down through the hold, back by hold + attack + release (+ the 10 ms window).
        let holding: Int = 110_000
        #expect(Self.down(g[holding]))
        let back: Int = 137_280
        #expect(g[back] == 1)
        #expect(g[back...].allSatisfy { $0 == 1 })
        let halfway: Int = 124_080
        let middle = Self.db(g[halfway])
        #expect(middle > -12 && middle < 0, "half way back up: \(middle) dB")
    }

    @Test func aPauseShorterThanTheHoldKeepsTheMusicDown() {
        let g = Self.gains(Self.sidechain(3 * 48_000, tone: [24_000..<48_000, 58_000..<96_000]), blocks: 48_000)
        #expect(g[30_000..<90_000].allSatisfy(Self.down), "a 0.2 s pause is held over")
    }

    @Test func aSoundUnderTheThresholdDoesNotDuck() {
        // A tone at 0.005 (-49 dBFS RMS) under a -40 dB threshold.
        let x = Self.sidechain(48_000, tone: [0..<48_000]).map { $0 * 0.05 }
        #expect(Self.gains(x, blocks: 480).allSatisfy { $0 == 1 })
    }

    @Test func theSameToTheBitWhateverTheBlocks() {
        let x = Self.sidechain(2 * 48_000, tone: [10_000..<30_000, 50_000..<52_000, 70_000..<90_000])
        let whole = Self.gains(x, blocks: 96_000)
        #expect(Self.gains(x, blocks: 1) == whole)
        #expect(Self.gains(x, blocks: 1601) == whole)
    }

    @Test func aJumpIsFedTheWindowBeforeIt() {
        let x = Self.sidechain(2 * 48_000, tone: [40_000..<60_000])
        let whole = Self.gains(x, blocks: 96_000)
        let d = Ducker(Self.ducking)
        let start = 62_000
        let from = start - Int(d.lookBehind)
        var g = [Float](repeating: 0, count: 96_000 - start)
        x.withUnsafeBufferPointer { p in
            d.process(p.baseAddress! + from * 2, count: start - from, gains: nil)
            g.withUnsafeMutableBufferPointer { q in d.process(p.baseAddress! + start * 2, count: 96_000 - start, gains: q.baseAddress!) }
        }
        #expect(Array(whole[start...]) == g)
    }
}
