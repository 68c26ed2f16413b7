import MediaIO
import MediaTime
import SubjectDetection
import Subjects

/// The analysis pass behind smart framing: where the faces and salient regions of a media file
/// are, and where its shots change.
///
/// A photo is analysed once, as displayed (EXIF orientation applied). A video is decoded forward
/// (one picture held at a time, so memory stays flat however long the clip) and sampled
/// `samplesPerSecond` times a second; each sample is drawn as displayed at
/// `SubjectDetector.analysisSide` pixels on its longest side, where OpenCV finds the faces and the
/// salient region (`SubjectDetector`). A shot change is listed at the first sample whose luma and
/// chroma histograms are farther than `shotChangeDistance` from the previous sample's
/// (Bhattacharyya distance): a cut between two samples is reported at the sample after it, so at
/// most one sample interval late. Results are cached per file (`AnalysisCache.subjects(of:)`).
package enum SubjectAnalyzer {
    /// Bumped when what the analysis finds changes (detectors, sizes, thresholds), so cached
    /// entries of an older analysis are not used.
    package static let version = 2
    /// Samples a second of video.
    package static let samplesPerSecond: Int64 = 4
    /// The histogram distance between consecutive samples above which a new shot begins: a cut
    /// between different scenes measures 0.4 and more, a pan or a person moving within one shot
    /// well under 0.2.
    static let shotChangeDistance = 0.3

    /// The subjects of the photo or video at `path`.
    /// `progress` is told the samples analysed so far (of `sampleCount`).
    package static func analyze(path: String, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> MediaSubjects {
        let info = try MediaProbe.probe(path)
        guard let video = info.video else {
            throw FileAccessError(.notMedia, file: path, operation: "finding subjects", reason: "the file has no picture")
        }
        let detector = try SubjectDetector()
        let orientation = (rotation: video.rotation, mirrored: video.mirrored)
        func analyse(_ frame: VideoFrame) throws(FileAccessError) -> SubjectDetector.Result {
            try detector.analyse(
                frame, displayWidth: video.displayWidth, displayHeight: video.displayHeight, rotation: orientation.rotation,
                mirrored: orientation.mirrored, file: path)
        }
        if info.isStillImage {
            return MediaSubjects(samples: [SubjectSample(time: .zero, boxes: try analyse(try StillImage.load(path)).boxes)])
        }
        guard let duration = video.duration ?? info.duration, duration.isPositive else {
            throw FileAccessError(.unsupported, file: path, operation: "finding subjects", reason: "the video's duration is unknown")
        }
        let decoder = try VideoDecoder(path: path, threads: 1, economy: .skimming)
        let step = RationalTime(value: 1, timescale: samplesPerSecond)
        var samples: [SubjectSample] = []
        var shotChanges: [RationalTime] = []
        var previous: ShotSignature?
        var k: Int64 = 0
        while true {
            let time = RationalTime(value: k, timescale: samplesPerSecond)
            guard time < duration else { break }
            let result = try analyse(try decoder.frame(at: time, step: step))
            if let previous, result.signature.distance(to: previous) > shotChangeDistance { shotChanges.append(time) }
            previous = result.signature
            samples.append(SubjectSample(time: time, boxes: result.boxes))
            k += 1
            progress?(k)
        }
        return MediaSubjects(samples: samples, shotChanges: shotChanges)
    }
}
