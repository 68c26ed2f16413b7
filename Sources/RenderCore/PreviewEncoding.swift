import FileAccess
import MediaIO
import MediaTime
import TimelineModel

/// A timeline played from a frame as a stream a browser plays while it is made: fragmented MP4,
/// x264 `ultrafast` tuned for zero latency with a keyframe every half second, AAC sound.
///
/// Unlike an export, the sound is neither normalized nor held under the ceiling by measuring it
/// (the limiter still runs): a preview starts at once and is never kept.
package enum PreviewEncoding {
    /// Seconds between keyframes: each starts a fragment the player can show.
    static let keyframeSeconds = RationalTime(value: 1, timescale: 2)

    /// Writes frames `first ..< timeline.frameCount`, `height` lines high (the width from the canvas,
    /// both even), as a fragmented MP4 through `descriptor`; `isCancelled` is asked at each frame.
    /// `name` labels errors. Returns the frames written.
    @discardableResult
    package static func stream(
        _ timeline: Timeline, from first: Int64, height: Int, to descriptor: Int32, name: String, isCancelled: @escaping @Sendable () -> Bool
    ) throws(RenderError) -> Int64 {
        let width = Int((Double(height) * Double(timeline.canvas.width) / Double(max(1, timeline.canvas.height))).rounded())
        let renderer = FrameRenderer(timeline: timeline, width: width, height: height, fast: true)
        let track = try sound(timeline, from: first, name: name)
        var settings = EncoderSettings(width: renderer.width, height: renderer.height, frameRate: timeline.frameRate, crf: 23, preset: "ultrafast")
        settings.tune = "zerolatency"
        settings.keyframeInterval = Int(max(1, timeline.frameRate.frame(at: keyframeSeconds, rounding: .down)))
        let writer: MP4Writer
        do { writer = try MP4Writer(path: name, settings: settings, audioTrack: track?.track, streamingTo: descriptor) } catch {
            throw RenderError(media: error)
        }
        let pipeline = EncodePipeline(writer: writer, ringSize: Exporter.ringSize) { renderer.makePicture() }
        let planner = AudioPlanner(timeline: timeline)
        do throws(RenderError) {
            for n in first..<timeline.frameCount {
                if isCancelled() {
                    throw RenderError(media: FileAccessError(.cancelled, file: name, operation: "streaming a preview", reason: "cancelled"), frame: n)
                }
                let slot = try pipeline.acquire()
                try renderer.render(frame: n, into: slot.picture)
                slot.audioThrough = track.map { planner.firstSample(ofFrame: n + 1, frameRate: timeline.frameRate) - $0.start }
                pipeline.submit(slot)
            }
            try pipeline.finish()
        } catch {
            pipeline.abort()
            writer.cancel()
            throw error
        }
        return max(0, timeline.frameCount - first)
    }

    /// The timeline's sound from frame `first` to the end, mixed and encoded at once, with the
    /// timeline sample it starts at; nil when the timeline has no sound.
    static func sound(_ timeline: Timeline, from first: Int64, name: String) throws(RenderError) -> (track: AACTrack, start: Int64)? {
        let mixer = AudioMixer(timeline: timeline, audioBitrate: timeline.output.audioBitrate)
        guard !mixer.planner.items.isEmpty else { return nil }
        let start = mixer.planner.firstSample(ofFrame: first, frameRate: timeline.frameRate)
        let end = mixer.planner.firstSample(ofFrame: timeline.frameCount, frameRate: timeline.frameRate)
        guard end > start else { return nil }
        let block = 48_000
        var buffer = [Float](repeating: 0, count: block * 2)
        do throws(FileAccessError) {
            let encoder = try AACEncoder(bitrate: timeline.output.audioBitrate, file: name)
            var s = start
            while s < end {
                let n = Int(min(Int64(block), end - s))
                try buffer.withUnsafeMutableBufferPointer { b throws(FileAccessError) in
                    try mixer.mix(start: s, count: n, into: b.baseAddress!)
                    try encoder.write(UnsafeBufferPointer(rebasing: b[0..<(n * 2)]))
                }
                s += Int64(n)
            }
            return (try encoder.finish(), start)
        } catch {
            throw RenderError(media: error)
        }
    }
}
