import FileAccess
import Foundation
import MediaFacts
import MediaTime
import ReelTestSupport
import RenderCore
import Testing

/// The analysis pass behind `whenLonger: best`, on a clip made of a black, a moving and a frozen stretch.
@Suite struct AnalysisTests {
    /// 2 s black, 2 s of ffmpeg's moving test pattern, 2 s of one frame of it held.
    func stretches(_ path: String) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=160x90:r=25:d=2",
            "-f", "lavfi", "-i", "testsrc=s=160x90:r=25:d=2",
            "-f", "lavfi", "-i", "testsrc=s=160x90:r=25:d=0.04,tpad=stop_mode=clone:stop_duration=2",
            "-filter_complex", "[0][1][2]concat=n=3,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", path,
        ])
    }

    @Test func blackStillAndMovingSecondsScoreApart() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("stretches.mp4")
        try stretches(clip)
        let s = try SegmentAnalyzer.scores(path: clip, duration: RationalTime(seconds: 6))
        #expect(s.count == 6)
        #expect(s[0] < 0.05 && s[1] < 0.05, "black: \(s)")
        #expect(s[2] > 0.3 && s[3] > 0.3, "moving: \(s)")
        #expect(s[5] < s[3] * 0.6, "still: \(s)")
    }

    @Test func theCacheAnswersTheSecondRunAndForgetsEditedFiles() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("c.mp4")
        try TestMedia.colorClip(clip, seconds: "2")
        let cache = AnalysisCache(folder: dir.file("cache"))
        var runs = 0
        let analyze: (String, RationalTime) throws -> [Double] = { _, _ in
            runs += 1
            return [0.5, 0.25]
        }
        #expect(cache.scores(path: clip, duration: RationalTime(seconds: 2), analyze: analyze) == [0.5, 0.25])
        #expect(cache.scores(path: clip, duration: RationalTime(seconds: 2), analyze: analyze) == [0.5, 0.25])
        #expect(runs == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache"))
        #expect(files.count == 1 && files[0].hasSuffix(".json"))
        // A changed file (new size and time) is analysed again.
        try TestMedia.colorClip(clip, seconds: "3")
        // Entries are written as outputs are: the temporary file a killed run left is swept by the next write.
        let leftover = dir.file("cache/.\(files[0]).999999999-1.partial")
        FileManager.default.createFile(atPath: leftover, contents: Data([1]))
        _ = cache.scores(path: clip, duration: RationalTime(seconds: 3), analyze: analyze)
        #expect(runs == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")) == files, "no temporary file left")
    }

    /// A file whose name is not UTF-8 is found and cached by its own bytes, like any other.
    @Test func aNameThatIsNotUTF8IsCached() throws {
        let dir = TemporaryFolder()
        let plain = dir.file("c.mp4")
        try TestMedia.colorClip(plain, seconds: "1")
        let clip = dir.file("bad" + PathBytes.string([0xFF]) + "name.mp4")
        #expect(PathBytes.withCString(plain) { from in PathBytes.withCString(clip) { rename(from, $0) } } == 0)
        let cache = AnalysisCache(folder: dir.file("cache"))
        var runs = 0
        let analyze: (String, RationalTime) throws -> [Double] = { _, _ in
            runs += 1
            return [0.75]
        }
        #expect(cache.scores(path: clip, duration: RationalTime(seconds: 1), analyze: analyze) == [0.75])
        #expect(cache.scores(path: clip, duration: RationalTime(seconds: 1), analyze: analyze) == [0.75])
        #expect(runs == 1)
    }

    @Test func probingWithAnalysisFillsTheScores() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("stretches.mp4")
        try stretches(clip)
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo)
        let assets = try AssetProbe.probe([clip, photo], analyze: true, cache: AnalysisCache(folder: dir.file("cache")))
        #expect((6...7).contains(assets[0].segmentScores?.count ?? 0))
        #expect(assets[1].segmentScores == nil)
    }
}
