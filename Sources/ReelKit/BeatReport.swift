import BeatTracking
import DocumentJSON
import MediaFacts
import MediaIO
import MediaTime
import RenderCore
import TimelineModel

/// The beats of a song as `reel beats` shows them: lines for people, one JSON object for scripts.
///
/// The JSON gives every time as a sample index at `sampleRate` (exact, as the analysis found
/// it), and the beats also as exact times a template's `music.beats` accepts (`"6001/48000s"`).
/// docs/beats.md documents every field.
public struct BeatReport: Sendable {
    /// The song file as the caller named it; heads the text and the JSON.
    public let path: String
    /// What the beat tracker found (or the analysis cache held) for the song.
    public let analysis: BeatAnalysis

    /// How many beats and downbeats the text lists.
    public static let listed = 8

    /// The report for people: a summary line, then the first `listed` beats and downbeats and the song's sections.
    public var lines: [String] {
        let a = analysis
        var lines = [
            "\(path): \(a.tempo.map { String(format1($0)) + " bpm" } ?? "no tempo"), \(a.beats.count) beats, \(a.bars.count) bars, \(clock(a.duration.seconds))"
        ]
        lines.append("beats: " + list(a.beats))
        lines.append("downbeats: " + list(a.downbeats))
        lines.append("sections:")
        let strongest = a.strongestSection
        for (i, s) in a.sections.enumerated() {
            let range = "\(clock(a.time(ofSample: s.start).seconds))-\(clock(a.time(ofSample: s.end).seconds))"
            let bars = "bars \(s.firstBar + 1)-\(s.endBar)"
            lines.append(
                "  \(i + 1)  \(range)  \(bars)  energy \(format2(s.energy))" + (i == strongest ? "  strongest" : ""))
        }
        return lines
    }

    /// The report for scripts, every field as docs/beats.md gives it; times exact, as sample indices.
    public var json: JSONValue {
        let a = analysis
        var o = JSONObject()
        o["path"] = .string(path)
        o["sampleRate"] = .number(JSONNumber(Int(a.sampleRate)))
        o["sampleCount"] = .number(JSONNumber(Int(a.sampleCount)))
        o["duration"] = .string(TimeText.string(from: a.duration))
        o["durationSeconds"] = number(a.duration.seconds)
        o["tempo"] = a.tempo.map { number(($0 * 100).rounded() / 100) } ?? .null
        o["confidence"] = number((a.confidence * 1000).rounded() / 1000)
        o["beatsPerBar"] = .number(JSONNumber(a.beatsPerBar))
        o["silent"] = .bool(a.silent)
        o["beats"] = .array(a.beats.map { .number(JSONNumber(Int($0))) })
        o["beatTimes"] = .array(a.beatTimes.map { .string(TimeText.string(from: $0)) })
        o["downbeats"] = .array(a.downbeats.map { .number(JSONNumber(Int($0))) })
        o["bars"] = .array(
            a.bars.map { b in
                var bar = JSONObject()
                bar["start"] = .number(JSONNumber(Int(b.start)))
                bar["end"] = .number(JSONNumber(Int(b.end)))
                bar["energy"] = number((b.energy * 1000).rounded() / 1000)
                bar["novelty"] = number((b.novelty * 1000).rounded() / 1000)
                return .object(bar)
            })
        o["sections"] = .array(
            a.sections.map { s in
                var section = JSONObject()
                section["firstBar"] = .number(JSONNumber(s.firstBar))
                section["endBar"] = .number(JSONNumber(s.endBar))
                section["start"] = .number(JSONNumber(Int(s.start)))
                section["end"] = .number(JSONNumber(Int(s.end)))
                section["energy"] = number((s.energy * 1000).rounded() / 1000)
                return .object(section)
            })
        o["strongestSection"] = a.strongestSection.map { .number(JSONNumber($0)) } ?? .null
        return .object(o)
    }

    private func list(_ samples: [Int64]) -> String {
        guard !samples.isEmpty else { return "none" }
        let shown = samples.prefix(Self.listed).map { seconds3(analysis.time(ofSample: $0).seconds) }
        return shown.joined(separator: " ") + (samples.count > Self.listed ? " ... (\(samples.count))" : "")
    }

    private func number(_ x: Double) -> JSONValue { JSONNumber(x).map(JSONValue.number) ?? .null }
}

/// `1:02.5`: minutes, seconds and tenths, for people.
private func clock(_ seconds: Double) -> String {
    let tenths = max(0, Int((seconds * 10).rounded(.down)))
    let s = tenths / 10
    return "\(s / 60):\(s % 60 < 10 ? "0" : "")\(s % 60).\(tenths % 10)"
}

private func seconds3(_ x: Double) -> String { fixed(x, 3) + "s" }
private func format1(_ x: Double) -> String { fixed(x, 1) }
private func format2(_ x: Double) -> String { fixed(x, 2) }

/// `x` with `digits` decimals, the same in every locale.
private func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((abs(x) * scale).rounded())
    let whole = n / Int(scale)
    let fraction = String(n % Int(scale))
    return (x < 0 && n > 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

extension Pipeline {
    /// The beats, bars and sections of a song (`reel beats`), analysed once per file and then
    /// read from `cache` while the file is unchanged. Throws `.noBeat` for sound without a beat
    /// (silence, a held tone), `.media` for a file that is not sound or cannot be decoded.
    /// `events` is told of the stage `beats`.
    public static func beats(of path: String, cache: AnalysisCache = .standard, events: (@Sendable (PipelineEvent) -> Void)? = nil)
        throws(ReelError) -> BeatReport
    {
        let analysis: BeatAnalysis
        do {
            // The length only sizes the progress; the analysis says what is wrong with the file.
            let duration = try? MediaProbe.probe(path).duration
            analysis = try trackedBeats(of: path, duration: duration, cache: cache, events: events)
        } catch { throw .file(error) }
        guard analysis.beats.count >= 2 else { throw .noBeat(file: path, silent: analysis.silent) }
        return BeatReport(path: path, analysis: analysis)
    }
}
