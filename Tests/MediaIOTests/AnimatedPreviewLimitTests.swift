import DocumentLimits
import Foundation
import MediaIO
import MediaTime
import Testing

/// An animated preview is made up to `Limits.animatedPreviewSide` pixels a side and refused past it,
/// in Reel's words, before the encoder is opened.
@Suite struct AnimatedPreviewLimitTests {
    @Test(arguments: AnimatedImageWriter.Format.allCases)
    func theLargestSideIsWrittenAndOnePastItRefused(format: AnimatedImageWriter.Format) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-anim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let side = Limits.animatedPreviewSide.upperBound
        let path = folder + "/at.\(format.rawValue)"
        let writer = try AnimatedImageWriter(path: path, format: format, width: side, height: 16, frameRate: FrameRate(30))
        try writer.write(Picture(width: side, height: 16))
        try writer.finish()
        #expect(FileManager.default.fileExists(atPath: path))
        do {
            _ = try AnimatedImageWriter(
                path: folder + "/past.\(format.rawValue)", format: format, width: side + 2, height: 16, frameRate: FrameRate(30))
            Issue.record("made a \(side + 2) px animation")
        } catch {
            #expect(error.description.contains("\(Limits.animatedPreviewSide.upperBound)"), "\(error)")
        }
    }
}
