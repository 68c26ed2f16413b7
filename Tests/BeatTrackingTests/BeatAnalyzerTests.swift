import BeatTracking
import Foundation
import ReelTestSupport
import Testing

/// aubio's beats through the analysis, on click tracks whose every beat is known to the sample.
@Suite struct BeatAnalyzerTests {
    /// True beats of `TestMedia.clickTrack`, in samples at 48 kHz.
    static func truth(bpm: Double, seconds: Double = 20, firstBeat: Double = 0.5) -> [Int64] {
        stride(from: firstBeat, to: seconds, by: 60 / bpm).map { Int64(($0 * 48_000).rounded()) }
    }

    /// MIREX-style F-measure: a detected beat matches one true beat within `window` samples,
    /// each at most once; beats before `skip` samples are left out.
    static func fMeasure(_ truth: [Int64], _ found: [Int64], window: Int64, skip: Int64) -> Double {
        let t = truth.filter { $0 >= skip }
        var f = found.filter { $0 >= skip }
        guard !t.isEmpty, !f.isEmpty else { return 0 }
        let detected = f.count
        var hits = 0
        for b in t {
            if let i = f.firstIndex(where: { abs($0 - b) <= window }) {
                hits += 1
                f.remove(at: i)
            }
        }
        let p = Double(hits) / Double(detected)
        let r = Double(hits) / Double(t.count)
        return hits == 0 ? 0 : 2 * p * r / (p + r)
    }

    @Test(arguments: [120.0, 97.0])
    func clickTrackTempoBeatsAndDownbeats(bpm: Double) throws {
        let dir = TemporaryFolder()
        let track = dir.file("click.wav")
        try TestMedia.clickTrack(track, bpm: bpm)
        let a = try BeatAnalyzer.analyze(path: track)
        #expect(a.sampleRate == 48_000)
        #expect(a.sampleCount == 20 * 48_000)
        let tempo = try #require(a.tempo)
        #expect(abs(tempo - bpm) / bpm < 0.01, "tempo \(tempo) against \(bpm)")
        let truth = Self.truth(bpm: bpm)
        let window: Int64 = 960  // 20 ms
        // From the first beat on: the tracker is primed with the opening (`Priming`).
        let f = Self.fMeasure(truth, a.beats, window: window, skip: 0)
        #expect(f >= 0.9, "F \(f): \(a.beats)")
        #expect(a.beats == a.beats.sorted() && Set(a.beats).count == a.beats.count)
        // The accented beats (every fourth from the first) are the downbeats.
        let accented = stride(from: 0, to: truth.count, by: 4).map { truth[$0] }
        #expect(a.downbeats.count >= 3)
        for d in a.downbeats {
            #expect(accented.contains { abs($0 - d) <= window }, "downbeat \(d) is not on an accented beat")
        }
        #expect(a.bars.allSatisfy { $0.end > $0.start && (0...1).contains($0.energy) && (0...1).contains($0.novelty) })
        #expect(a.sections.first?.start == a.bars.first?.start)
    }

    @Test func silenceAndAHeldToneHaveNoBeats() throws {
        let dir = TemporaryFolder()
        let silence = dir.file("silence.wav")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "6", silence])
        let quiet = try BeatAnalyzer.analyze(path: silence)
        #expect(quiet.silent && quiet.beats.isEmpty && quiet.tempo == nil && quiet.bars.isEmpty)
        let tone = dir.file("tone.m4a")
        try TestMedia.tone(tone, seconds: "8")
        let held = try BeatAnalyzer.analyze(path: tone)
        #expect(!held.silent && held.beats.isEmpty && held.tempo == nil, "\(held.beats.count) beats in a held tone")
    }

    /// Eight quiet bars, then the same clicks six times louder: a section starts at the change,
    /// and the loud one is the strongest.
    @Test func aLoudStretchIsItsOwnSectionAndTheStrongest() throws {
        let dir = TemporaryFolder()
        let plain = dir.file("plain.wav")
        let track = dir.file("track.wav")
        try TestMedia.clickTrack(plain, bpm: 120, seconds: 32)
        try Tools.ffmpeg(["-i", plain, "-af", "volume='if(lt(t,16.5),0.15,1)':eval=frame", "-c:a", "pcm_s16le", track])
        let a = try BeatAnalyzer.analyze(path: track)
        #expect(a.sections.count >= 2, "\(a.sections)")
        let strongest = try #require(a.strongestSection)
        let change: Int64 = 16 * 48_000 + 24_000
        #expect(abs(a.sections[strongest].start - change) <= 48_000, "strongest section starts at \(a.sections[strongest].start)")
        let loudBar = try #require(a.strongestStretch(bars: 4))
        #expect(a.bars[loudBar].start >= change - 48_000)
    }

    /// The shipped lofi track (80 bpm, its beats listed by the templates that use it): spectral
    /// flux finds no pulse there, the high-frequency-content pass does.
    @Test func softDenseMusicIsFoundByTheSecondPass() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let a = try BeatAnalyzer.analyze(path: root.appendingPathComponent("templates/pip/music/lofi-80bpm.m4a").path)
        let tempo = try #require(a.tempo)
        #expect(abs(tempo - 80) < 0.8, "tempo \(tempo)")
        #expect(a.beats.count >= 30)
    }
}
