import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import DocumentLimits
@testable import EffectCatalog
@testable import TemplateResolver
@testable import TimelineModel

/// Thousands of mutated timelines, seeded so every run reads the same: reading never crashes,
/// every mutation that breaks a rule is refused with the rule's code, and every mutation that
/// keeps the rules is read back.
@Suite struct TimelineFuzzTests {
    typealias Generator = SeededGenerator

    /// A mutation of the model that breaks one rule, and the code that must refuse it.
    enum Breakage: CaseIterable {
        case gapOrOverlap, duplicateID, offGrid, sourceLength, textOutside, unknownTransition, unknownFilter, loudVolume,
            textSize, canvasSize, longText, parameterRange, longTransition, swappedTransition, speed, animationKind

        var code: DiagnosticCode {
            switch self {
            case .gapOrOverlap: .mainTrackSequence
            case .duplicateID: .duplicateID
            case .offGrid: .offFrameGrid
            case .sourceLength: .sourceRange
            case .textOutside: .outsideVideo
            case .unknownTransition, .unknownFilter, .animationKind: .unknownChoice
            case .loudVolume: .volumeRange
            case .textSize, .speed: .outOfRange
            case .canvasSize: .canvasSize
            case .longText: .textTooLong
            case .parameterRange: .parameterRange
            case .longTransition: .transitionTooLong
            case .swappedTransition: .transitionJoin
            }
        }
    }

    static func base() -> Timeline { TimelineCodecTests.sample() }

    func broken(_ breakage: Breakage, using random: inout Generator) -> Timeline {
        var t = Self.base()
        let rate = t.frameRate
        let frames = Int64.random(in: 1...20, using: &random)
        switch breakage {
        case .gapOrOverlap:
            let shift = rate.time(ofFrame: Bool.random(using: &random) ? frames : -min(frames, 40))
            t.clips[1].timelineRange = TimeRange(start: t.clips[1].timelineRange.start + shift, duration: t.clips[1].timelineRange.duration - shift)
            t.clips[1].sourceRange = TimeRange(start: t.clips[1].sourceRange.start, duration: t.clips[1].timelineRange.duration)
        case .duplicateID:
            t.texts.append(t.texts[0])
        case .offGrid:
            t.duration = t.duration + RationalTime(value: Int64.random(in: 1...50, using: &random), timescale: 7919)
        case .sourceLength:
            let source = t.clips[0].sourceRange
            t.clips[0].sourceRange = TimeRange(start: source.start, duration: source.duration + RationalTime(value: frames, timescale: 1000))
        case .textOutside:
            t.texts[0].timelineRange = TimeRange(start: t.duration + rate.time(ofFrame: frames), duration: t.texts[0].timelineRange.duration)
        case .unknownTransition:
            t.transitions[0].kind = Self.garbage(using: &random, avoiding: Catalog.ids(of: .transition))
        case .unknownFilter:
            t.grade[0].kind = Self.garbage(using: &random, avoiding: Catalog.ids(of: .filter))
        case .animationKind:
            t.texts[0].animationIn?.kind = Self.garbage(using: &random, avoiding: Catalog.ids(of: .textAnimation))
        case .loudVolume:
            t.clips[0].volume = Limits.volume.upperBound * Double.random(in: 1.001...1e300, using: &random)
        case .textSize:
            t.texts[0].look.size =
                Bool.random(using: &random) ? Double.random(in: 1000.5...1e9, using: &random) : Double.random(in: 0...3.99, using: &random)
            t.texts[0].look.minimumSize = nil
        case .canvasSize:
            t.canvas.width =
                Bool.random(using: &random) ? Int.random(in: 8193...100_000, using: &random) : 2 * Int.random(in: 8...4096, using: &random) + 1
        case .longText:
            t.texts[0].text = String(repeating: "é", count: Int.random(in: (Limits.maxLongText + 1)...(Limits.maxLongText + 50), using: &random))
        case .parameterRange:
            t.grade[0].parameters["strength"] = Double.random(in: 1.0001...1e6, using: &random)
        case .longTransition:
            let cut = rate.frame(at: t.clips[0].timelineRange.end, rounding: .down)
            t.transitions[0].range = TimeRange(start: rate.time(ofFrame: cut - 25 - frames), end: rate.time(ofFrame: cut + 25 + frames))
        case .swappedTransition:
            (t.transitions[0].from, t.transitions[0].to) = (t.transitions[0].to, t.transitions[0].from)
        case .speed:
            let speed = RationalTime(value: Int64.random(in: 5...40, using: &random), timescale: 1)
            t.clips[0].speed = speed
            t.clips[0].sourceRange = TimeRange(start: t.clips[0].sourceRange.start, duration: t.clips[0].timelineRange.duration * speed)
        }
        return t
    }

    /// A mutation that keeps every rule.
    func kept(using random: inout Generator) -> Timeline {
        var t = Self.base()
        t.clips[0].volume = Double.random(in: Limits.volume, using: &random)
        t.texts[0].look.size = Double.random(in: 48...Limits.textSize.upperBound, using: &random)
        t.texts[0].text = String(repeating: "x", count: Bool.random(using: &random) ? Limits.maxLongText : Int.random(in: 0...40, using: &random))
        t.canvas.width = 2 * Int.random(in: 8...4096, using: &random)
        t.grade[0].parameters["strength"] = Double.random(in: 0...1, using: &random)
        return t
    }

    static func garbage(using random: inout Generator, avoiding words: [String]) -> String {
        let pieces = ["wipe", "Diagonal", "0/0s", "", " ", "cross", "fade", "Crossfade", "NaN", "\u{0}", "é", "lumaWipe2", "zoom"]
        var word = ""
        repeat {
            word = (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        } while words.contains(word)
        return word
    }

    @Test func mutatedTimelinesAreRefusedWithTheirCodeOrReadBack() throws {
        var random = Generator(seed: 1111)
        var counts: [Breakage: Int] = [:]
        for _ in 0..<2000 {
            if Int.random(in: 0..<8, using: &random) == 0 {
                let t = kept(using: &random)
                #expect(throws: Never.self) { try TimelineCodec.decode(TimelineCodec.encode(t)) }
                continue
            }
            let breakage = Breakage.allCases.randomElement(using: &random) ?? .offGrid
            counts[breakage, default: 0] += 1
            let text = TimelineCodec.encode(broken(breakage, using: &random))
            do {
                _ = try TimelineCodec.decode(text)
                Issue.record("\(breakage) was read without a problem")
            } catch {
                #expect(error.codes.contains(breakage.code), "\(breakage): \(error)")
                #expect(error.diagnostics.allSatisfy { !$0.notes.isEmpty && $0.location.line != nil }, "\(breakage): \(error)")
            }
        }
        #expect(counts.count == Breakage.allCases.count)
        // A guard against a hang, not a benchmark: about 10 s of processor time in a debug build.
    }

    /// Bytes flipped, keys dropped, text cut: reading never crashes, and a text it refuses says
    /// why, each problem with a code, a place and a fix.
    @Test func damagedTextNeverCrashesTheReader() {
        let original = Array(TimelineCodec.encode(Self.base()).utf8)
        var random = Generator(seed: 2027)
        var refused = 0
        for _ in 0..<1000 {
            var bytes = original
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let i = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                }
            case 1:
                bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &random)..<bytes.count)
            default:
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let i = Int.random(in: 0..<lines.count, using: &random)
                bytes = Array(lines.enumerated().filter { $0.offset != i }.map(\.element).joined(separator: "\n").utf8)
            }
            do {
                _ = try TimelineCodec.decode(String(decoding: bytes, as: UTF8.self))
            } catch {
                refused += 1
                #expect(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { !$0.notes.isEmpty }, "\(error)")
            }
        }
        #expect(refused > 500, "most damage must be refused, \(refused) were")
    }
}
