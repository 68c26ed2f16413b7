import Foundation
import MediaFacts
import MediaTime
import ReelTestSupport
import RenderCore
import Subjects
import TemplateFormat
import Testing

/// The subject analysis on pictures with a real face (scikit-image's astronaut) at known places,
/// through OpenCV's detectors.
@Suite(.enabled(if: FaceScenes.astronaut != nil, "\(FaceScenes.missing)"))
struct SubjectAnalysisTests {
    /// Intersection over union of a detected box and an expected one (both in fractions).
    static func iou(_ b: SubjectBox, _ e: (x: Double, y: Double, width: Double, height: Double)) -> Double {
        let w = max(0, min(b.x + b.width, e.x + e.width) - max(b.x, e.x))
        let h = max(0, min(b.y + b.height, e.y + e.height) - max(b.y, e.y))
        let inter = w * h
        return inter / (b.area + e.width * e.height - inter)
    }

    /// An expected face in pixels of a `width` × `height` picture, as fractions.
    static func fractions(_ f: (x: Double, y: Double, width: Double, height: Double), _ width: Double, _ height: Double) -> (
        x: Double, y: Double, width: Double, height: Double
    ) {
        (f.x / width, f.y / height, f.width / width, f.height / height)
    }

    static func faces(_ s: SubjectSample) -> [SubjectBox] { s.boxes.filter { $0.kind == .face } }

    @Test func aFaceInAWideSceneIsFoundWhereItWasPut() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("scene.png")
        let place = FaceScenes.Placement(x: 1400, y: 480, side: 420)
        try FaceScenes.photo(photo, faces: [place])
        let subjects = try SubjectAnalyzer.analyze(path: photo)
        #expect(subjects.samples.count == 1 && subjects.samples[0].time == .zero && subjects.shotChanges.isEmpty)
        let faces = Self.faces(subjects.samples[0])
        try #require(faces.count == 1, "\(subjects.samples[0].boxes)")
        let expected = Self.fractions(place.face, 1920, 1080)
        #expect(Self.iou(faces[0], expected) > 0.5, "\(faces[0]) against \(expected)")
        #expect(faces[0].score > 0 && faces[0].score <= 1)
        // The salient region is reported too, after the faces.
        #expect(subjects.samples[0].boxes.last?.kind == .salient)
    }

    @Test func twoFacesAreFoundLargestFirst() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("two.png")
        let small = FaceScenes.Placement(x: 150, y: 500, side: 300)
        let large = FaceScenes.Placement(x: 1250, y: 300, side: 520)
        try FaceScenes.photo(photo, faces: [small, large])
        let faces = Self.faces(try SubjectAnalyzer.analyze(path: photo).samples[0])
        // Both are found, the larger listed first (a cascade may add a weak find of its own).
        let largeAt = try #require(faces.firstIndex { Self.iou($0, Self.fractions(large.face, 1920, 1080)) > 0.5 }, "\(faces)")
        let smallAt = try #require(faces.firstIndex { Self.iou($0, Self.fractions(small.face, 1920, 1080)) > 0.5 }, "\(faces)")
        #expect(largeAt < smallAt)
        #expect(faces.map(\.area) == faces.map(\.area).sorted(by: >))
    }

    @Test func aFlatPictureHasNoSubject() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("flat.jpg")
        try TestMedia.jpeg(photo, width: 1280, height: 720, color: "gray")
        let subjects = try SubjectAnalyzer.analyze(path: photo)
        #expect(subjects.samples.count == 1)
        #expect(subjects.samples[0].boxes.isEmpty, "\(subjects.samples[0].boxes)")
    }

    /// Pixels stored a quarter turn anticlockwise and tagged EXIF 6 (turn clockwise to display):
    /// the face is reported where it is seen, not where it is stored.
    @Test func anEXIFTurnedPhotoGivesBoxesAsDisplayed() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("turned.jpg")
        let place = FaceScenes.Placement(x: 1300, y: 400, side: 460)
        try FaceScenes.photo(photo, faces: [place], transpose: 2, exifOrientation: 6)
        let faces = Self.faces(try SubjectAnalyzer.analyze(path: photo).samples[0])
        try #require(faces.count == 1, "\(faces)")
        let expected = Self.fractions(place.face, 1920, 1080)
        #expect(Self.iou(faces[0], expected) > 0.5, "\(faces[0]) against \(expected)")
    }

    /// Two shots of different scenes, the cut at 1.9 s: samples every quarter second, the face on
    /// the right before the cut and on the left after, and one shot change at the first sample
    /// after the cut.
    @Test func aHardCutIsAShotChangeWithinOneSample() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("cut.mp4")
        let right = FaceScenes.Placement(x: 860, y: 240, side: 360)
        let left = FaceScenes.Placement(x: 80, y: 200, side: 400)
        try FaceScenes.video(clip, shots: [("1.9", "0x4a6a58", [right]), ("1.6", "0x704a38", [left])])
        let subjects = try SubjectAnalyzer.analyze(path: clip)
        #expect(subjects.samples.count == 14, "\(subjects.samples.map(\.time))")
        #expect(subjects.samples.map(\.time) == (0..<14).map { RationalTime(value: Int64($0), timescale: 4) })
        #expect(subjects.shotChanges.count == 1, "\(subjects.shotChanges)")
        let cut = RationalTime(value: 19, timescale: 10)
        if let change = subjects.shotChanges.first {
            #expect(change >= cut && change - cut <= RationalTime(value: 1, timescale: 4), "\(change)")
        }
        for sample in subjects.samples {
            let faces = Self.faces(sample)
            let expected = Self.fractions(sample.time < cut ? right.face : left.face, 1280, 720)
            #expect(faces.first.map { Self.iou($0, expected) > 0.5 } == true, "at \(sample.time): \(faces)")
        }
    }

    /// The second question is answered from the cache entry (shown by editing the entry), and a
    /// touched file is analysed afresh.
    @Test func theCacheAnswersTheSecondRunWithoutAnalysing() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("scene.png")
        try FaceScenes.photo(photo, width: 960, height: 540, faces: [FaceScenes.Placement(x: 600, y: 200, side: 260)])
        let cache = AnalysisCache(folder: dir.file("cache"))
        let first = try cache.subjects(of: photo)
        #expect(Self.faces(first.samples[0]).count == 1)
        #expect(try cache.subjects(of: photo) == first)
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")).filter { $0.hasSuffix(".subjects.json") }
        try #require(entries.count == 1)
        let entry = dir.file("cache/" + entries[0])
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        // Mark the entry: a cached answer now says "salient" where the analysis said "face".
        try text.replacingOccurrences(of: "\"face\"", with: "\"salient\"").write(toFile: entry, atomically: true, encoding: .utf8)
        let cached = try cache.subjects(of: photo)
        #expect(Self.faces(cached.samples[0]).isEmpty && cached.samples[0].boxes.count == first.samples[0].boxes.count)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: photo)
        #expect(try cache.subjects(of: photo) == first)
        // A damaged entry (a time with no timescale) is passed over, not trusted.
        let fresh = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(fresh.contains("\"timescale\":1"))
        try fresh.replacingOccurrences(of: "\"face\"", with: "\"salient\"").replacingOccurrences(of: "\"timescale\":1", with: "\"timescale\":0")
            .write(toFile: entry, atomically: true, encoding: .utf8)
        #expect(try cache.subjects(of: photo) == first)
    }
}
