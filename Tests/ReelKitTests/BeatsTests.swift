import Foundation
import MediaFacts
import ReelKit
import ReelTestSupport
import RenderCore
import Testing

/// `Pipeline.beats`: the analysis as a value, kept in the analysis cache beside the segment scores.
@Suite struct BeatsTests {
    @Test func theSecondCallReadsTheCacheAndAnEditedFileIsAnalysedAgain() throws {
        let dir = TemporaryFolder()
        let song = dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 120, seconds: 12)
        let cache = AnalysisCache(folder: dir.file("cache"))
        let first = try Pipeline.beats(of: song, cache: cache)
        let tempo = try #require(first.analysis.tempo)
        #expect(abs(tempo - 120) < 1.2)
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache"))
        #expect(entries.count == 1 && entries[0].hasSuffix(".beats.json"), "\(entries)")
        // Change the cached tempo: the second call answers from the entry, not from the file.
        let entry = dir.file("cache/" + entries[0])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: entry))) as? [String: Any])
        var value = try #require(object["value"] as? [String: Any])
        value["tempo"] = 77.5
        object["value"] = value
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: entry))
        #expect(try Pipeline.beats(of: song, cache: cache).analysis.tempo == 77.5)
        // A new file at the same path (another size) is analysed afresh.
        try TestMedia.clickTrack(song, bpm: 120, seconds: 14)
        let again = try Pipeline.beats(of: song, cache: cache)
        #expect(again.analysis.tempo != 77.5 && again.analysis.sampleCount == 14 * 48_000)
    }

    @Test func silenceIsANoBeatErrorNamingTheFile() throws {
        let dir = TemporaryFolder()
        let silence = dir.file("quiet.wav")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "4", silence])
        #expect { try Pipeline.beats(of: silence, cache: AnalysisCache(folder: dir.file("cache"))) } throws: { error in
            guard case .noBeat(let file, let silent) = error as? ReelError else { return false }
            return file == silence && silent && (error as? ReelError)?.description.contains("quiet.wav: no beat found") == true
        }
    }
}
