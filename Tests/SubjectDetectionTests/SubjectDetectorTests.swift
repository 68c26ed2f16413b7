import Foundation
import MediaIO
import ReelTestSupport
import Testing

@testable import SubjectDetection

/// Finding OpenCV's data files, and the detector on pictures drawn in memory.
@Suite struct SubjectDetectorTests {
    @Test func theCascadesAreFoundInTheStandardPlaces() throws {
        let folder = try #require(OpenCVData.cascadeFolder(environment: [:]), "opencv-data is not installed")
        #expect(FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(OpenCVData.frontalCascade)))
    }

    @Test func theOverrideIsTakenAloneAndAMissingFolderSaysWhereItLooked() throws {
        let standard = try #require(OpenCVData.cascadeFolder(environment: [:]))
        // The folder holding `haarcascades` and that folder itself are both accepted.
        let parent = (standard as NSString).deletingLastPathComponent
        #expect(OpenCVData.cascadeFolder(environment: [OpenCVData.environmentKey: parent]) == standard)
        #expect(OpenCVData.cascadeFolder(environment: [OpenCVData.environmentKey: standard]) == standard)
        let empty = TemporaryFolder()
        #expect(OpenCVData.cascadeFolder(environment: [OpenCVData.environmentKey: empty.path]) == nil)
        let result = Result { () throws(FileAccessError) in try OpenCVData.cascades(environment: [OpenCVData.environmentKey: empty.path]) }
        guard case .failure(let error) = result else {
            Issue.record("no error")
            return
        }
        #expect(error.kind == .missingComponent)
        #expect(error.description.contains(empty.path) && error.description.contains("opencv-data"), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func analysisSizesKeepTheShapeAndNeverEnlarge() {
        #expect(SubjectDetector.analysisSize(width: 1920, height: 1080) == (640, 360))
        #expect(SubjectDetector.analysisSize(width: 1080, height: 1920) == (360, 640))
        #expect(SubjectDetector.analysisSize(width: 320, height: 180) == (320, 180))
    }

    /// A flat picture has no face and no salient region; one bright square on it is the salient
    /// region, and its signature is far from the flat picture's.
    @Test func aSquareOnAFlatPictureIsSalient() throws {
        let detector = try SubjectDetector()
        let flat = Picture(width: 480, height: 270)
        flat.fill(y: 90, u: 128, v: 128)
        let plain = try detector.analyse(flat, file: "flat")
        #expect(plain.boxes.isEmpty)
        let marked = Picture(width: 480, height: 270)
        marked.copy(from: flat)
        for row in 100..<160 {
            for x in 300..<360 { marked.y[row * marked.lumaStride + x] = 235 }
        }
        let found = try detector.analyse(marked, file: "marked")
        let salient = try #require(found.boxes.first { $0.kind == .salient }, "\(found.boxes)")
        #expect(!found.boxes.contains { $0.kind == .face })
        // The box holds the square's centre.
        #expect(abs(salient.centerX - 330.0 / 480) < 0.05 && abs(salient.centerY - 130.0 / 270) < 0.05, "\(salient)")
        #expect(plain.signature.distance(to: plain.signature) < 1e-6)
        #expect(found.signature.distance(to: plain.signature) > 0)
    }
}

/// The face cascades load once and are lent, one detector at a time.
@Suite struct FaceCascadesTests {
    @Test func aPairGivenBackIsLentAgainWithoutLoading() throws {
        let cascades = FaceCascades()
        do {
            let first = try SubjectDetector(cascades: cascades)
            _ = try first.analyse(Picture(width: 64, height: 64), file: "first")
        }
        #expect(cascades.loads == 1)
        for i in 0..<3 {
            let next = try SubjectDetector(cascades: cascades)
            _ = try next.analyse(Picture(width: 64, height: 64), file: "next \(i)")
        }
        #expect(cascades.loads == 1)
    }

    /// Two detectors alive at once never share a pair: OpenCV's classifiers are not safe on two threads.
    @Test func detectorsAliveTogetherHoldTheirOwnPairs() throws {
        let cascades = FaceCascades()
        do {
            let a = try SubjectDetector(cascades: cascades)
            let b = try SubjectDetector(cascades: cascades)
            #expect(cascades.loads == 2)
            withExtendedLifetime((a, b)) {}
        }
        let c = try SubjectDetector(cascades: cascades)
        withExtendedLifetime(c) {}
        #expect(cascades.loads == 2)
    }
}
