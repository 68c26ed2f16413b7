import Foundation
import ReelKit
import ReelTestSupport
import TemplateResolver
import Testing
import TimelineModel

/// Thousands of seeded mutations of a real timeline (its numbers, times, kinds, lists and keys),
/// read as `reel render` reads them: each one is either refused with coded diagnostics before any
/// work, or it renders, to exactly as many frames as it says. Nothing the reader accepts is
/// refused by the renderer, and no mutation crashes or hangs either.
///
/// The mutations run in four parts of their own seeds, which run side by side and each within
/// the time limit that would catch a hang.
@Suite(.timeLimit(.minutes(10))) struct TimelineRenderFuzzTests {
    static let parts = 4
    /// Mutations of each part.
    static let mutations = 500
    /// Accepted mutations rendered in each part (a seeded sample of them, so the test stays
    /// fast); the rest are read only. `scripts/fuzz` runs longer.
    static let renders = 10

    typealias Generator = SeededGenerator

    /// A small project using every kind of item: clips, a photo, transitions, a filter with
    /// keyframes, the grade, a sticker, a text and music.
    static func project(in dir: TemporaryFolder) throws -> String {
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try TestMedia.tone(template + "/music.m4a", seconds: "4")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=yellow:s=16x16", "-frames:v", "1", template + "/star.png"])
        try """
        { "format": 1, "name": "Fuzz", "canvas": { "width": 32, "height": 32, "frameRate": "10" }, "music": { "file": "music.m4a" },
          "slots": [
            { "id": "a", "accepts": "video", "duration": 0.8, "filters": [{ "kind": "brightness", "amount": [{ "at": 0, "value": 0 }, { "at": 1, "value": 0.3 }] }],
              "transition": { "kind": "crossfade", "duration": 0.2 }, "motion": "zoomIn" },
            { "id": "b", "accepts": "image", "duration": 0.8, "transition": { "kind": "wipeLeft", "duration": 0.2 } },
            { "id": "c", "accepts": "video", "duration": 0.8, "volume": 0.5 }
          ],
          "layers": [
            { "id": "star", "kind": "image", "file": "star.png", "x": 0.8, "y": 0.2, "width": 0.3, "in": "pop" },
            { "id": "title", "kind": "text", "text": "Hi", "size": 10, "y": 0.8, "in": "fade" }
          ],
          "grade": [{ "kind": "sepia", "strength": 0.3 }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        let media = dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try TestMedia.colorClip(media + "/a.mp4", color: "red", width: 64, height: 48, seconds: "2", rate: "10", tone: true)
        try TestMedia.colorClip(media + "/c.mp4", color: "blue", width: 48, height: 64, seconds: "2", rate: "10", tone: true)
        try TestMedia.jpeg(media + "/b.jpg", width: 40, height: 40, color: "green")
        let loaded = try Pipeline.loadTemplate(template)
        let resolution = try Pipeline.resolve(loaded, media: try Pipeline.gatherMedia([media], for: loaded.template))
        let path = dir.file("base.json")
        try Pipeline.writeTimeline(resolution.timeline, to: path)
        return path
    }

    /// Every path to a value in the document.
    static func paths(_ value: Any, _ prefix: [Any] = []) -> [[Any]] {
        var result = [prefix]
        if let o = value as? [String: Any] {
            for k in o.keys.sorted() { result += paths(o[k]!, prefix + [k]) }
        } else if let a = value as? [Any] {
            for (i, v) in a.enumerated() { result += paths(v, prefix + [i]) }
        }
        return result
    }

    static func replacing(_ value: Any, at path: ArraySlice<Any>, with change: (Any) -> Any?) -> Any? {
        guard let key = path.first else { return change(value) }
        if var o = value as? [String: Any], let k = key as? String, let inner = o[k] {
            o[k] = replacing(inner, at: path.dropFirst(), with: change)
            return o
        }
        if var a = value as? [Any], let i = key as? Int, a.indices.contains(i) {
            if let v = replacing(a[i], at: path.dropFirst(), with: change) { a[i] = v } else { a.remove(at: i) }
            return a
        }
        return value
    }

    static let words = [
        "crossfade", "wipeDiagonal", "sepia", "video", "image", "music", "effect", "easeIn", "pop", "spin", "", "0/0s", "-1s", "1e400",
    ]

    /// One change to `value`: another number, a nearby or broken time, another word, a list with
    /// one item fewer, twice or swapped, an object without a key or with an unknown one.
    static func mutate(_ value: Any, using random: inout Generator) -> Any? {
        switch value {
        case let n as NSNumber where String(cString: n.objCType) == "c":
            return !n.boolValue
        case let n as NSNumber:
            let x = n.doubleValue
            return [x * 2, -x, x + 1, 0, 1e9, x / 3, 0.5, Double(Int.random(in: -5...5, using: &random)), 1e308].randomElement(using: &random)!
        case let s as String:
            if s.hasSuffix("s"), let v = Double(s.dropLast()) {
                return ["\(v + 0.1)s", "\(max(0, v - 0.1))s", "\(v)1s", "1/7919s", "\(v * 10)s", "-\(v)s"].randomElement(using: &random)!
            }
            return words.randomElement(using: &random)!
        case var a as [Any]:
            guard !a.isEmpty else { return [1] }
            let i = Int.random(in: 0..<a.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: a.remove(at: i)
            case 1: a.append(a[i])
            default: a.swapAt(i, Int.random(in: 0..<a.count, using: &random))
            }
            return a
        case var o as [String: Any]:
            if Bool.random(using: &random), let k = o.keys.sorted().randomElement(using: &random) {
                o[k] = nil
            } else {
                o["unknownKey"] = 1
            }
            return o
        default:
            return 1
        }
    }

    @Test(arguments: 0..<parts) func everyMutationRendersOrIsRefusedWithItsCodes(part: Int) throws {
        let dir = TemporaryFolder()
        let base = try Self.project(in: dir)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base)))
        let all = Self.paths(document).filter { !$0.isEmpty }
        // REEL_FUZZ_SEED runs other seeds; REEL_FUZZ_TRACE names each mutation before it is read.
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["REEL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_201
        var random = Generator(seed: seed &* UInt64(Self.parts) &+ UInt64(part))
        let trace = environment["REEL_FUZZ_TRACE"] != nil
        var refused = 0
        var rendered = 0
        var accepted = 0
        let path = dir.file("mutated.json")
        for n in 0..<Self.mutations {
            let target = all.randomElement(using: &random)!
            guard let mutated = Self.replacing(document, at: target[...], with: { Self.mutate($0, using: &random) }),
                let data = try? JSONSerialization.data(withJSONObject: mutated, options: [.sortedKeys])
            else { continue }
            try data.write(to: URL(fileURLWithPath: path))
            if trace { FileHandle.standardError.write("part \(part) mutation \(n) at \(target)\n".data(using: .utf8)!) }
            let timeline: Timeline
            do {
                timeline = try Pipeline.readTimeline(path)
            } catch {
                refused += 1
                guard case .invalidTimeline(let problems) = error else {
                    Issue.record("part \(part) mutation \(n) at \(target): not a timeline problem: \(error)")
                    continue
                }
                #expect(
                    !problems.diagnostics.isEmpty && problems.diagnostics.allSatisfy { $0.severity != .error || !$0.notes.isEmpty }, "\(problems)")
                continue
            }
            accepted += 1
            // A seeded sample is rendered: what was read, the renderer must draw.
            guard rendered < Self.renders, Int.random(in: 0..<4, using: &random) == 0 else { continue }
            rendered += 1
            let out = dir.file("out.mp4")
            do {
                let report = try Pipeline.render(timeline, to: out)
                let expected = timeline.frameRate.frame(at: timeline.duration, rounding: .toNearestOrAwayFromZero)
                #expect(report.frameCount == expected, "part \(part) mutation \(n) at \(target): \(report.frameCount) frames of \(expected)")
            } catch {
                Issue.record("part \(part) mutation \(n) at \(target) was read but not rendered: \(error)")
            }
        }
        #expect(refused + accepted >= Self.mutations * 9 / 10)
        #expect(refused > Self.mutations / 4 && accepted > Self.renders, "refused \(refused), accepted \(accepted)")
        #expect(rendered == Self.renders || rendered == accepted)
    }
}
