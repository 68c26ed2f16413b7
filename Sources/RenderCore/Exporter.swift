import Foundation
import MediaIO
import MediaTime
import TemplateCore

/// How a timeline is exported.
public struct ExportOptions: Sendable {
    /// Output size; the canvas size when nil.
    public var width: Int?
    public var height: Int?
    /// Overrides the timeline's encoder settings when set.
    public var crf: Int?
    public var preset: String?
    public var videoBitrate: Int?
    /// Cheaper scaling (drafts).
    public var fastScaling: Bool
    /// Integrated loudness the mix is normalized to, in LUFS (-14 is what the big social platforms
    /// play at); nil leaves levels as mixed. The gain never lifts a sample peak past the limiter's
    /// threshold, and the limiter keeps every output under `AudioCeiling` whatever the target.
    public var loudnessTarget: Double?
    /// Render only this segment's frames, video only, tagged with what it is (for `SegmentJoiner`).
    public var segment: FrameSegment?

    public init(
        width: Int? = nil, height: Int? = nil, crf: Int? = nil, preset: String? = nil, videoBitrate: Int? = nil,
        fastScaling: Bool = false, loudnessTarget: Double? = -14
    ) {
        self.width = width
        self.height = height
        self.crf = crf
        self.preset = preset
        self.videoBitrate = videoBitrate
        self.fastScaling = fastScaling
        self.loudnessTarget = loudnessTarget
    }
}

/// What an export did, beyond writing the file.
public struct ExportReport: Sendable {
    public let frameCount: Int64
    /// Problems that were covered rather than fatal (damaged video data held over), one line each.
    public let warnings: [String]
    /// Loudness of the mix before normalization, and the gain applied, when a target was set.
    public let measuredLoudness: Double?
    public let loudnessGain: Double?
}

/// Where an export stands, for progress displays.
public struct ExportProgress: Sendable {
    public let framesDone: Int64
    public let frameCount: Int64
}

/// Renders a timeline to an MP4 file.
///
/// Drawing and encoding overlap: the caller's thread draws frames into a small ring of pictures
/// while an encoder thread takes them in order, so memory is bounded by the ring whatever the
/// length of the video. The file appears at `path` only when complete.
public enum Exporter {
    /// Pictures in flight between drawing and encoding.
    static let ringSize = 4

    @discardableResult
    public static func export(
        _ timeline: Timeline, baseFolder: String? = nil, to path: String, options: ExportOptions = ExportOptions(),
        progress: (@Sendable (ExportProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws(RenderError) -> ExportReport {
        let renderer = FrameRenderer(
            timeline: timeline, baseFolder: baseFolder, width: options.width, height: options.height,
            fast: options.fastScaling)
        let segment = options.segment
        // A segment is video only: the join lays the sound, mixed once for the whole timeline.
        let (mixer, measured, gain) = segment == nil ? try soundtrack(timeline, baseFolder: baseFolder, options: options) : (nil, nil, nil)
        let settings = EncoderSettings(
            width: renderer.width, height: renderer.height, frameRate: timeline.frameRate,
            crf: options.crf ?? timeline.output.crf, videoBitrate: options.videoBitrate,
            preset: options.preset ?? timeline.output.preset, audioBitrate: timeline.output.audioBitrate, audio: segment == nil,
            comment: segment.map { SegmentTag(segment: $0, totalFrames: timeline.frameCount).text })
        let writer: MP4Writer
        do { writer = try MP4Writer(path: path, settings: settings) } catch { throw RenderError(media: error) }
        let pipeline = EncodePipeline(writer: writer, ringSize: ringSize) { renderer.makePicture() }
        let frames = segment?.frames ?? 0..<timeline.frameCount
        let frameCount = Int64(frames.count)
        var audioBlock = [Float]()
        do throws(RenderError) {
            for n in frames {
                if isCancelled?() == true {
                    throw RenderError(media: MediaError(.cancelled, file: path, operation: "rendering", reason: "cancelled"), frame: n)
                }
                let slot = try pipeline.acquire()
                try renderer.render(frame: n, into: slot.picture)
                slot.audio = []
                if let mixer { slot.audio = try sound(of: n, mixer: mixer, timeline: timeline, block: &audioBlock) }
                pipeline.submit(slot)
                progress?(ExportProgress(framesDone: n - frames.lowerBound + 1, frameCount: frameCount))
            }
            try pipeline.finish()
        } catch {
            pipeline.abort()
            writer.cancel()
            throw error
        }
        return ExportReport(frameCount: frameCount, warnings: renderer.sources.damageWarnings(), measuredLoudness: measured, loudnessGain: gain)
    }

    /// The mixer of the timeline's sound, its gain set to reach the loudness target, and the
    /// loudness measured and gain applied (nil without a target or without sound).
    static func soundtrack(_ timeline: Timeline, baseFolder: String?, options: ExportOptions) throws(RenderError) -> (
        AudioMixer, Double?, Double?
    ) {
        let mixer = AudioMixer(timeline: timeline, baseFolder: baseFolder)
        guard let target = options.loudnessTarget, !mixer.planner.items.isEmpty else { return (mixer, nil, nil) }
        let loudness = try measureLoudness(timeline, baseFolder: baseFolder)
        guard let m = loudness.integrated else { return (mixer, nil, nil) }
        var g = pow(10, (target - m) / 20)
        if loudness.peak > 0 { g = min(g, Double(mixer.threshold) / Double(loudness.peak)) }
        mixer.masterGain = Float(g)
        return (mixer, m, g)
    }

    /// The sound of frame `n` (interleaved stereo at 48 kHz), mixed into `block` and copied out.
    static func sound(of n: Int64, mixer: AudioMixer, timeline: Timeline, block: inout [Float]) throws(RenderError) -> [Float] {
        let s0 = mixer.planner.firstSample(ofFrame: n, frameRate: timeline.frameRate)
        let s1 = mixer.planner.firstSample(ofFrame: n + 1, frameRate: timeline.frameRate)
        let count = Int(s1 - s0)
        if block.count < count * 2 { block = [Float](repeating: 0, count: count * 2) }
        do {
            try block.withUnsafeMutableBufferPointer { buf throws(MediaError) in try mixer.mix(start: s0, count: count, into: buf.baseAddress!) }
        } catch {
            throw RenderError(media: error, frame: n)
        }
        return Array(block.prefix(count * 2))
    }

    /// Sums the whole soundtrack once, without pictures and before the limiter, to measure it
    /// (cheap next to the video).
    static func measureLoudness(_ timeline: Timeline, baseFolder: String?) throws(RenderError) -> (integrated: Double?, peak: Float) {
        let sounds = SoundSum(timeline: timeline, baseFolder: baseFolder)
        var meter = LoudnessMeter()
        let block = 48_000
        var buffer = [Float](repeating: 0, count: block * 2)
        var s: Int64 = 0
        let total = sounds.planner.totalSamples
        while s < total {
            let n = Int(min(Int64(block), total - s))
            do {
                try buffer.withUnsafeMutableBufferPointer { b throws(MediaError) in try sounds.sum(start: s, count: n, into: b.baseAddress!) }
            } catch {
                throw RenderError(media: error)
            }
            buffer.withUnsafeBufferPointer { meter.add(UnsafeBufferPointer(rebasing: $0[0..<(n * 2)])) }
            s += Int64(n)
        }
        return (meter.integratedLoudness, meter.peak)
    }
}
