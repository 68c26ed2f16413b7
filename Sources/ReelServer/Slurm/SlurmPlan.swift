import DocumentJSON
import Foundation

/// What one render is on Slurm: one job that renders the whole video, or, for a long one, an
/// array of `reel render --segment` tasks and a `reel render --soundtrack` task side by side, and
/// a `reel join` that waits for them all and only copies packets (docs/batch.md).
///
/// It is written into the job's work folder (`jobs.json`) as soon as Slurm took the jobs, so a
/// server started again follows the same Slurm jobs instead of submitting them twice.
struct SlurmPlan: Equatable {
    /// Segments the video is split into; 1 renders it whole in one job.
    let segments: Int
    /// The Slurm jobs, in submission order; the last is the one whose success means the video is done.
    let jobs: [String]
    /// The video's frames, for the job's progress.
    let frames: Int64

    /// The job that writes the video: the join, or the only job.
    var finalJob: String? { jobs.last }

    /// How many segments a video of `seconds` gets when each may last `segmentSeconds`: one for a
    /// video no longer than that, at most `maxSegments`, never more than its frames; always one
    /// with a bit rate (each segment's encoder would settle its own, which a join cannot mix).
    static func segmentCount(seconds: Double, frames: Int64, segmentSeconds: Double, constantQuality: Bool) -> Int {
        guard constantQuality, segmentSeconds > 0, seconds > segmentSeconds else { return 1 }
        let wanted = Int((seconds / segmentSeconds).rounded(.up))
        return max(1, min(wanted, ServerLimits.maxSegments, Int(min(frames, Int64(Int.max)))))
    }

    /// The plan as `jobs.json` holds it.
    var text: String {
        JSONWriter.line(
            .object(
                JSONObject([
                    "segments": APIJSON.int64(Int64(segments)), "frames": APIJSON.int64(frames), "jobs": .array(jobs.map { .string($0) }),
                ])))
    }

    /// The plan in `text`, or nil when it is not one (a file cut short is not a plan).
    init?(text: String) {
        guard let o = (try? JSONParser.parse(text))?.root.objectValue, let n = o["segments"]?.numberValue.flatMap({ Int($0.text) }), n >= 1,
            let frames = o["frames"]?.numberValue.flatMap({ Int64($0.text) }), frames >= 1, let items = o["jobs"]?.arrayValue
        else { return nil }
        let jobs = items.compactMap(\.stringValue)
        guard jobs.count == items.count, !jobs.isEmpty, jobs.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        segments = n
        self.frames = frames
        self.jobs = jobs
    }

    init(segments: Int, jobs: [String], frames: Int64) {
        self.segments = segments
        self.jobs = jobs
        self.frames = frames
    }
}
