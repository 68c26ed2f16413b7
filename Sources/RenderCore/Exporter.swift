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

    public init(width: Int? = nil, height: Int? = nil, crf: Int? = nil, preset: String? = nil, videoBitrate: Int? = nil,
                fastScaling: Bool = false) {
        self.width = width
        self.height = height
        self.crf = crf
        self.preset = preset
        self.videoBitrate = videoBitrate
        self.fastScaling = fastScaling
    }
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

    public static func export(_ timeline: Timeline, baseFolder: String? = nil, to path: String, options: ExportOptions = ExportOptions(),
                              progress: (@Sendable (ExportProgress) -> Void)? = nil) throws(RenderError) {
        let renderer = FrameRenderer(timeline: timeline, baseFolder: baseFolder, width: options.width, height: options.height,
                                     fast: options.fastScaling)
        let mixer = AudioMixer(timeline: timeline, baseFolder: baseFolder)
        let settings = EncoderSettings(width: renderer.width, height: renderer.height, frameRate: timeline.frameRate,
                                       crf: options.crf ?? timeline.output.crf, videoBitrate: options.videoBitrate,
                                       preset: options.preset ?? timeline.output.preset, audioBitrate: timeline.output.audioBitrate)
        let writer: MP4Writer
        do { writer = try MP4Writer(path: path, settings: settings) } catch { throw RenderError(media: error) }
        let pipeline = EncodePipeline(writer: writer, ringSize: ringSize) { renderer.makePicture() }
        let frameCount = timeline.frameCount
        var audioBlock = [Float]()
        do throws(RenderError) {
            for n in 0..<frameCount {
                let slot = try pipeline.acquire()
                try renderer.render(frame: n, into: slot.picture)
                let s0 = mixer.planner.firstSample(ofFrame: n, frameRate: timeline.frameRate)
                let s1 = mixer.planner.firstSample(ofFrame: n + 1, frameRate: timeline.frameRate)
                let count = Int(s1 - s0)
                if audioBlock.count < count * 2 { audioBlock = [Float](repeating: 0, count: count * 2) }
                do {
                    try audioBlock.withUnsafeMutableBufferPointer { buf throws(MediaError) in
                        try mixer.mix(start: s0, count: count, into: buf.baseAddress!)
                    }
                } catch {
                    throw RenderError(media: error, frame: n)
                }
                slot.audio = Array(audioBlock.prefix(count * 2))
                pipeline.submit(slot)
                progress?(ExportProgress(framesDone: n + 1, frameCount: frameCount))
            }
            try pipeline.finish()
        } catch {
            pipeline.abort()
            writer.cancel()
            throw error
        }
    }
}
