import Foundation
import MediaTime
import ReelKit
import ReelTestSupport
import Testing
import TimelineModel

/// The pipeline as a library: values in, values out, events on the way, cancellation through Swift
/// concurrency, and every failure a typed error.
@Suite struct LibraryTests {
    /// The repository's root, for the documentation.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    struct Project {
        let dir = TemporaryFolder()
        let template: String
        let media: String

        init() throws {
            template = dir.file("tpl")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            try TestMedia.tone(template + "/music.m4a", seconds: "4")
            try """
            { "format": 1, "name": "Library", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "music": { "file": "music.m4a" }, "slots": [{ "id": "a", "duration": 1 }, { "id": "b", "duration": 1 }] }
            """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            media = dir.file("media")
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            try TestMedia.colorClip(media + "/a.mp4", color: "red", seconds: "2")
            try TestMedia.colorClip(media + "/b.mp4", color: "blue", seconds: "2")
        }
    }

    @Test func theDocumentedExampleMakesAVideo() async throws {
        let p = try Project()
        let out = p.dir.file("out.mp4")
        let result = try await makeVideo(template: p.template, media: p.media, output: out)
        #expect(result.resolution.timeline.clips.map(\.id) == ["a", "b"])
        #expect(result.export.frameCount == 50)
        #expect(try Tools.probe(out).video?.frames == 50)
        let doc = try String(contentsOfFile: Self.root + "/docs/library.md", encoding: .utf8)
        let example = try String(contentsOfFile: Self.root + "/Tests/ReelKitTests/LibraryExample.swift", encoding: .utf8)
        #expect(doc.contains("```swift\n" + example + "```"), "docs/library.md shows Tests/ReelKitTests/LibraryExample.swift as it is")
    }

    @Test func stepsReturnValuesAndFailuresAreTyped() throws {
        let p = try Project()
        let loaded = try Pipeline.loadTemplate(p.template)
        let media = try Pipeline.gatherMedia([p.media], for: loaded.template)
        #expect(media.map { ($0.path as NSString).lastPathComponent } == ["a.mp4", "b.mp4"])
        let resolution = try Pipeline.resolve(loaded, media: media)
        #expect(resolution.summary.count == 2)
        #expect(throws: ReelError.self) { try Pipeline.gatherMedia([p.dir.file("nothing.mp4")]) }
        do {
            _ = try Pipeline.loadTemplate(p.dir.path)
            Issue.record("a folder without template.json loads")
        } catch {
            #expect(error.isInvalidInput)
        }
        // An output that names an input is refused before any work.
        let request = MakeRequest(template: p.template, media: [p.media], output: p.media + "/a.mp4")
        #expect { try Pipeline.make(request) } throws: { error in
            if case .file(let e) = error as? ReelError { return e.kind == .collision }
            return false
        }
    }

    /// The command line is a client of the libraries: it never imports the media layer.
    /// What the pipeline makes passes what reading a timeline checks before it is written or
    /// rendered: a timeline beyond a limit is a typed error with the reader's code and place.
    @Test func aMadeTimelineIsCheckedAsReadingChecksIt() throws {
        let second = RationalTime(seconds: 1)
        var timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: second,
            clips: [
                VideoClip(
                    id: "a", media: "/m/a.mp4", kind: .video, timelineRange: TimeRange(start: .zero, duration: second),
                    sourceRange: TimeRange(start: .zero, duration: second))
            ])
        try Pipeline.checkResolved(timeline, template: "Tiny")
        timeline.clips[0].speed = RationalTime(seconds: 100)
        timeline.clips[0].sourceRange = TimeRange(start: .zero, duration: RationalTime(seconds: 100))
        let result = Result { () throws(ReelError) in try Pipeline.checkResolved(timeline, template: "Tiny") }
        guard case .failure(.invalidTimeline(let error)) = result else {
            Issue.record("a speed of 100 passed: \(result)")
            return
        }
        #expect(error.codes == [.outOfRange], "\(error)")
        #expect(error.description.hasPrefix("the timeline resolved from Tiny: error[T015]: /clips/0/speed: speed 100"), "\(error)")
        #expect(ReelError.invalidTimeline(error).isInvalidInput)
    }

    /// Cancelling the task stops the render before the next frame and leaves nothing behind.
    @Test func cancellingTheTaskStopsTheRenderAndLeavesNoFile() async throws {
        let p = try Project()
        let out = p.dir.file("cancelled.mp4")
        let started = AsyncStream<Void>.makeStream()
        // The render waits after its second frame until the task is cancelled, however loaded the machine.
        let cancelled = CancellationFlag()
        let task = Task {
            try await Pipeline.make(MakeRequest(template: p.template, media: [p.media], output: out)) { event in
                guard case .rendering(let progress) = event, progress.framesDone == 2 else { return }
                started.continuation.yield()
                while !cancelled.isCancelled { usleep(1000) }
            }
        }
        for await _ in started.stream { break }
        task.cancel()
        cancelled.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled = error as? ReelError else {
            Issue.record("expected a cancelled error, got \(result)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let left = try FileManager.default.contentsOfDirectory(atPath: p.dir.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty)
    }
}
