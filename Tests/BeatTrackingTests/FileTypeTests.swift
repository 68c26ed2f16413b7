import BeatTracking
import Foundation
import ReelTestSupport
import Testing

/// One song gives the same beats whatever its file type, on the kick drum, with its bars starting
/// where its chords change; and a bare click track has its beat.
@Suite struct FileTypeTests {
    static let bpm = 121.0
    static let firstBeat = 0.476

    /// The song's true beats, in samples at 48 kHz.
    static func truth(seconds: Double) -> [Int64] {
        stride(from: firstBeat, to: seconds, by: 60 / bpm).map { Int64(($0 * 48_000).rounded()) }
    }

    static func nearest(_ x: Int64, in list: [Int64]) -> Int64 {
        list.map { abs($0 - x) }.min() ?? .max
    }

    @Test func theSameSongInFiveFileTypesHasTheSameBeatsOnTheKickAndBarsAtTheChordChanges() throws {
        let dir = TemporaryFolder()
        let wav = dir.file("song.wav")
        let seconds = 20.0
        try TestMedia.song(wav, bpm: Self.bpm, seconds: seconds, firstBeat: Self.firstBeat)
        let encodings: [(String, [String])] = [
            ("song.flac", ["-c:a", "flac"]), ("song.mp3", ["-c:a", "libmp3lame", "-b:a", "192k"]),
            ("song.m4a", ["-c:a", "aac", "-b:a", "160k"]), ("song.opus", ["-c:a", "libopus", "-b:a", "128k"]),
        ]
        var files = [wav]
        for (name, codec) in encodings {
            try Tools.ffmpeg(["-i", wav] + codec + [dir.file(name)])
            files.append(dir.file(name))
        }
        let analyses = try files.map { try BeatAnalyzer.analyze(path: $0) }
        let truth = Self.truth(seconds: seconds)
        let bars = stride(from: 0, to: truth.count, by: 4).map { truth[$0] }
        let fiveMs: Int64 = 240
        let onTheKick: Int64 = 1_200  // 25 ms: aubio's beats swing about the true beat by up to a few hops
        let reference = analyses[0]
        for (file, a) in zip(files, analyses) {
            let name = (file as NSString).lastPathComponent
            let tempo = try #require(a.tempo, "\(name): no tempo")
            #expect(abs(tempo - Self.bpm) / Self.bpm < 0.01, "\(name): tempo \(tempo)")
            // Every true beat has a beat on it, and every beat is on a kick.
            #expect(truth.dropLast().allSatisfy { Self.nearest($0, in: a.beats) <= onTheKick }, "\(name): a kick without a beat: \(a.beats)")
            #expect(a.beats.allSatisfy { Self.nearest($0, in: truth) <= onTheKick }, "\(name): a beat off the kicks: \(a.beats)")
            // Within 5 ms of the WAV's beats, one for one.
            #expect(a.beats.count == reference.beats.count, "\(name): \(a.beats.count) beats, the WAV \(reference.beats.count)")
            for (x, y) in zip(a.beats, reference.beats) {
                #expect(abs(x - y) <= fiveMs, "\(name): beat at \(x) against the WAV's \(y)")
            }
            // Bars start where the chords change.
            #expect(a.downbeats.count >= 9, "\(name): \(a.downbeats.count) bars")
            for d in a.downbeats {
                #expect(Self.nearest(d, in: bars) <= onTheKick, "\(name): downbeat \(d) is not at a chord change")
            }
        }
    }

    /// Clicks of 1 ms every half second in digital silence: 120 bpm, on the clicks.
    @Test func aBareClickTrackHasItsBeat() throws {
        let dir = TemporaryFolder()
        let click = dir.file("click.wav")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0.8*lt(mod(t,0.5),0.001)':s=48000:d=20", "-c:a", "pcm_s16le", click])
        let a = try BeatAnalyzer.analyze(path: click)
        let tempo = try #require(a.tempo, "no beat in a click track")
        #expect(abs(tempo - 120) < 1.2, "tempo \(tempo)")
        let clicks = stride(from: Int64(0), to: 20 * 48_000, by: 24_000).map { $0 }
        #expect(a.beats.count >= 38, "\(a.beats.count) beats")
        // aubio's beats swing about the clicks by up to a few hops between its phase corrections.
        #expect(a.beats.allSatisfy { Self.nearest($0, in: clicks) <= 1_200 }, "beats off the clicks: \(a.beats)")
    }
}
