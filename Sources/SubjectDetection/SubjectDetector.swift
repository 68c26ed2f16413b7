import CVision
import MediaIO
import Subjects

/// Finds the subjects of decoded pictures with OpenCV: faces (cascade classifiers, frontal and
/// both profiles) and the most salient region (fine-grained saliency), and takes each
/// picture's signature for shot changes (histograms of luma and chroma).
///
/// A picture is first drawn as displayed (its rotation and mirror applied) at a small size, its
/// longest side `analysisSide` pixels, so boxes come out in fractions of the displayed picture
/// and the detectors' cost does not grow with the source's size.
///
/// A detector holds its cascades (borrowed from the ones the process loaded, `FaceCascades`) and a
/// scaler: use one per thread.
package final class SubjectDetector {
    /// Longest side, in pixels, of the picture the detectors see.
    static let analysisSide = 640
    /// The smallest face looked for, in pixels of that picture (the cascades' own window): a
    /// face a thirty-second of the longest side, 60 pixels tall in a 1920 × 1080 frame.
    static let minFaceSide = 20
    /// Most faces kept per picture, the largest.
    static let maxFaces = 16

    private let handle: OpaquePointer
    private let cascades: FaceCascades
    private let scaler = FrameScaler(fast: true)
    private var picture: Picture?

    /// Borrows OpenCV's face cascades (`OpenCVData`), loading them when the process has none
    /// idle; fails with a `missingComponent` error naming where it looked when they are not installed.
    package convenience init() throws(FileAccessError) {
        try self.init(cascades: .shared)
    }

    init(cascades: FaceCascades) throws(FileAccessError) {
        self.cascades = cascades
        handle = try cascades.borrow()
    }

    deinit { cascades.giveBack(handle) }

    /// The size a `width` × `height` displayed picture is analysed at: longest side
    /// `analysisSide` (never enlarged), even sides.
    static func analysisSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let longest = max(width, height, 1)
        let scale = min(1, Double(analysisSide) / Double(longest))
        func side(_ s: Int) -> Int { max(2, Int((Double(s) * scale).rounded()) & ~1) }
        return (side(width), side(height))
    }

    /// What was found in one picture: faces first, largest first, then the salient region; and
    /// the picture's signature.
    public struct Result: Sendable {
        /// Faces first, largest first, then the salient region; in fractions of the displayed picture.
        package var boxes: [SubjectBox]
        /// Compared with the previous sample's to find the video's shot changes.
        package var signature: ShotSignature
    }

    /// Analyses `frame`, displayed `displayWidth` × `displayHeight` after turning it by
    /// `rotation` degrees clockwise and mirroring it when `mirrored` (the media's orientation).
    package func analyse(
        _ frame: VideoFrame, displayWidth: Int, displayHeight: Int, rotation: Int, mirrored: Bool, file: String
    ) throws(FileAccessError) -> Result {
        let size = Self.analysisSize(width: displayWidth, height: displayHeight)
        let p: Picture
        if let existing = picture, existing.width == size.width, existing.height == size.height {
            p = existing
        } else {
            p = Picture(width: size.width, height: size.height)
            picture = p
        }
        p.fill(y: 16, u: 128, v: 128)
        try scaler.draw(
            frame, placement: Placement(rotation: rotation, mirrored: mirrored, cover: true), into: p,
            rect: PixelRect(x: 0, y: 0, width: p.width, height: p.height))
        return try analyse(p, file: file)
    }

    /// Analyses a picture already drawn as displayed.
    package func analyse(_ p: Picture, file: String) throws(FileAccessError) -> Result {
        let w = Double(p.width)
        let h = Double(p.height)
        func fraction(_ b: ReelVisionBox, _ kind: SubjectBox.Kind) -> SubjectBox {
            SubjectBox(
                kind: kind, x: Double(b.x) / w, y: Double(b.y) / h, width: Double(b.width) / w, height: Double(b.height) / h,
                score: Double(b.score))
        }
        var found = [ReelVisionBox](repeating: ReelVisionBox(), count: Self.maxFaces)
        let count = reel_detect_faces(
            handle, p.y, Int32(p.width), Int32(p.height), Int32(p.lumaStride), Int32(Self.minFaceSide), &found, Int32(found.count))
        guard count >= 0 else { throw failure(file, "detecting faces") }
        var boxes = found.prefix(Int(min(count, Int32(Self.maxFaces)))).map { fraction($0, .face) }
        var salient = ReelVisionBox()
        let s = reel_salient_region(p.y, Int32(p.width), Int32(p.height), Int32(p.lumaStride), &salient)
        guard s >= 0 else { throw failure(file, "measuring saliency") }
        if s == 1 { boxes.append(fraction(salient, .salient)) }
        var bins = [Float](repeating: 0, count: Int(REEL_HISTOGRAM_BINS))
        guard
            reel_picture_histogram(
                p.y, Int32(p.lumaStride), p.u, p.v, Int32(p.chromaStride), Int32(p.width), Int32(p.height), &bins) == 0
        else { throw failure(file, "measuring the picture's histogram") }
        return Result(boxes: boxes, signature: ShotSignature(bins: bins))
    }

    private func failure(_ file: String, _ operation: String) -> FileAccessError {
        FileAccessError(.unsupported, file: file, operation: operation, reason: "OpenCV failed on the picture")
    }
}

/// The tones and colours of a picture (histograms of its luma and chroma planes), compared
/// between consecutive samples to find the cuts of a video.
package struct ShotSignature: Sendable, Hashable {
    let bins: [Float]

    /// OpenCV's Bhattacharyya distance between the two pictures' histograms, averaged over luma,
    /// Cb and Cr: 0 for the same distribution, 1 for disjoint ones.
    package func distance(to other: ShotSignature) -> Double {
        let d = bins.withUnsafeBufferPointer { a in other.bins.withUnsafeBufferPointer { b in reel_histogram_distance(a.baseAddress, b.baseAddress) }
        }
        return max(0, d)
    }
}
