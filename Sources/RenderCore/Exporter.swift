import Captions
import FileAccess
import Foundation
import MediaIO
import MediaTime
import ProgressReport
import TimelineModel

/// How a timeline is exported.
public struct ExportOptions: Sendable {
    /// Output size; the canvas size when nil.
    package var width: Int?
    /// Output height; the canvas height when nil. With `width`, sets the output size.
    package var height: Int?
    /// Overrides the timeline's encoder settings when set.
    package var crf: Int?
    /// x264 preset name (`veryfast`, `slow`); overrides the timeline's encoder preset when set.
    package var preset: String?
    /// An average video bit rate instead of a constant quality, reached in two passes.
    package var videoBitrate: Int?
    /// AAC bit rate; the timeline's when nil.
    package var audioBitrate: Int?
    /// Cheaper scaling (drafts).
    package var fastScaling: Bool
    /// Integrated loudness the mix is normalized to, in LUFS (-14 is what the big social platforms
    /// play at); nil leaves levels as mixed. The gain reaches it with the limiter holding the peaks
    /// (`LoudnessNormalizer`), short of it only where the limiter would take more than
    /// `Limits.maxLimiting` off a stretch, and every output stays under `AudioCeiling`.
    package var loudnessTarget: Double?
    /// Render only this segment's frames, video only, tagged with what it is (for `SegmentJoiner`).
    package var segment: FrameSegment?
    /// What the segment is rendered from, for its tag: `SegmentSource.of` the timeline and the
    /// folder it was read from (so parts rendered from copies in other folders agree). When nil,
    /// a segment's source is taken with the timeline's paths as they are.
    package var segmentSource: SegmentSource?
    /// Also writes the frames handed to the encoder, unencoded, to this YUV4MPEG2 file: the
    /// reference `scripts/bench` measures the output's PSNR and SSIM against. Nil writes none.
    package var rawVideo: String?
    /// Also carry the timeline's captions as a subtitle stream (`mov_text`) people can turn off.
    package var softCaptions = false

    /// Nil fields keep the timeline's own settings; the loudness target defaults to -14 LUFS, nil leaves the sound as mixed.
    public init(
        width: Int? = nil, height: Int? = nil, crf: Int? = nil, preset: String? = nil, videoBitrate: Int? = nil,
        fastScaling: Bool = false, loudnessTarget: Double? = -14, audioBitrate: Int? = nil
    ) {
        self.audioBitrate = audioBitrate
        self.width = width
        self.height = height
        self.crf = crf
        self.preset = preset
        self.videoBitrate = videoBitrate
        self.fastScaling = fastScaling
        self.loudnessTarget = loudnessTarget
    }
}

extension ExportOptions {
    /// The AAC bit rate that suits a video bit rate a person asked for: a clip sized for messaging
    /// (under 0.5 Mb/s of video) gets 64 kb/s and one under 1.5 Mb/s 96 kb/s, so the sound does not
    /// take a third of the budget; nil (the timeline's rate) above that.
    package static func audioBitrate(forVideoBitrate video: Int) -> Int? {
        if video < 500_000 { return 64_000 }
        if video < 1_500_000 { return 96_000 }
        return nil
    }
}

/// What an export did, beyond writing the file.
public struct ExportReport: Sendable {
    /// Frames written to the video, the timeline's (or the segment's) frame count.
    package let frameCount: Int64
    /// Problems that were covered rather than fatal (damaged video data held over), one line each.
    package let warnings: [String]
    /// What loudness normalization did, when a target was set and the sound could be measured.
    package var loudness: LoudnessReport?
    /// Times the sound was encoded to bring it under the ceiling (1 when the first encode was);
    /// nil for a file without sound of its own (a segment).
    package var soundEncodes: Int? = nil

    /// `warnings` one line each; `soundEncodes` nil for a file with no sound of its own.
    package init(frameCount: Int64, warnings: [String], loudness: LoudnessReport? = nil, soundEncodes: Int? = nil) {
        self.frameCount = frameCount
        self.warnings = warnings
        self.loudness = loudness
        self.soundEncodes = soundEncodes
    }

    /// Loudness of the mix before normalization, in LUFS.
    package var measuredLoudness: Double? { loudness?.measured }
    /// The linear gain applied to reach the target.
    package var loudnessGain: Double? { loudness.map { pow(10, $0.gain / 20) } }
}

/// Where an export stands, for progress displays.
public struct ExportProgress: Sendable {
    /// Frames done in this pass, of the timeline's frames.
    package let framesDone: Int64
    /// Frames of one pass: the timeline's, or the segment's.
    package let frameCount: Int64
    /// The pass under way, from 1, of `passCount` (2 when a bit rate is asked for).
    package let pass: Int
    let passCount: Int

    /// `pass` counts from 1 and is at most `passCount`; `framesDone` at most `frameCount`.
    public init(framesDone: Int64, frameCount: Int64, pass: Int = 1, passCount: Int = 1) {
        self.framesDone = framesDone
        self.frameCount = frameCount
        self.pass = pass
        self.passCount = passCount
    }

    /// Frames done and to do over every pass, for one progress bar and an honest ETA.
    package var overallDone: Int64 { Int64(pass - 1) * frameCount + framesDone }
    /// Frames over every pass, the denominator of `overallDone`.
    package var overallCount: Int64 { Int64(passCount) * frameCount }
}

/// Renders a timeline to an MP4 file.
///
/// Drawing and encoding overlap: the caller's thread draws frames into a small ring of pictures
/// while an encoder thread takes them in order, so memory is bounded by the ring whatever the
/// length of the video. The file appears at `path` only when complete.
package enum Exporter {
    /// Pictures in flight between drawing and encoding.
    static let ringSize = 4

    /// Renders `timeline` to an MP4 at `path` (written atomically), its sound mixed (and normalized to a set target) unless it renders a segment.
    @discardableResult
    package static func export(
        _ timeline: Timeline, baseFolder: String? = nil, to path: String, options: ExportOptions = ExportOptions(),
        progress: (@Sendable (ExportProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil, stages: (@Sendable (StageProgress) -> Void)? = nil
    ) throws(RenderError) -> ExportReport {
        var options = options
        if options.segment != nil, options.segmentSource == nil { options.segmentSource = try SegmentSource.of(timeline, folder: nil) }
        // A segment is video only: the join lays the sound, mixed once for the whole timeline.
        let (sound, loudness): (SoundtrackEncoder.Result?, LoudnessReport?) =
            options.segment == nil
            ? try encodedSoundtrack(timeline, baseFolder: baseFolder, to: path, options: options, stages: stages) : (nil, nil)
        let passes = Passes(timeline: timeline, options: options, progress: progress, isCancelled: isCancelled, stages: stages)
        var scratch: ScratchFolder?
        if options.videoBitrate != nil {
            // Two passes for a bit rate, as with the ffmpeg command line: the first draws the video
            // alone into a throwaway file to gather x264's statistics.
            do { scratch = try ScratchFolder(purpose: "two-pass") } catch { throw RenderError(media: error) }
        }
        var stats: String?
        if let scratch {
            do {
                for name in RatePass.companionFiles(of: "x264.stats") { _ = try scratch.file(name) }
                stats = try scratch.file("x264.stats")
            } catch { throw RenderError(media: error) }
        }
        if let scratch, let stats {
            let renderer = FrameRenderer(
                timeline: timeline, baseFolder: baseFolder, width: options.width, height: options.height, fast: options.fastScaling)
            let settings = passes.settings(renderer: renderer, ratePass: .first(stats: stats))
            let firstPass: String
            do { firstPass = try scratch.file("first-pass.mp4") } catch { throw RenderError(media: error) }
            try passes.encode(renderer: renderer, sound: nil, path: firstPass, settings: settings, pass: 1, of: 2)
        }
        let renderer = FrameRenderer(
            timeline: timeline, baseFolder: baseFolder, width: options.width, height: options.height, fast: options.fastScaling)
        var settings = passes.settings(renderer: renderer, ratePass: stats.map { .second(stats: $0) })
        if options.softCaptions && options.segment == nil {
            settings.subtitles = Self.subtitleCues(of: timeline)
        }
        try passes.encode(
            renderer: renderer, sound: sound?.track, path: path, settings: settings, pass: stats == nil ? 1 : 2, of: stats == nil ? 1 : 2)
        withExtendedLifetime(scratch) {}
        return ExportReport(
            frameCount: Int64(passes.frames.count), warnings: renderer.sources.damageWarnings(), loudness: loudness, soundEncodes: sound?.passes)
    }

    /// The timeline's caption cues as a soft subtitle stream carries them: each cue once, whole.
    static func subtitleCues(of timeline: Timeline) -> [SubtitleCue] {
        CaptionCues.cues(of: timeline).map { SubtitleCue(start: $0.range.start, end: $0.range.end, text: $0.text) }
    }

    /// The encoding loop of one pass: frames drawn in order into the ring, sound mixed beside them.
    private struct Passes {
        let timeline: Timeline
        let options: ExportOptions
        let progress: (@Sendable (ExportProgress) -> Void)?
        let isCancelled: (@Sendable () -> Bool)?
        let stages: (@Sendable (StageProgress) -> Void)?

        /// The frames drawn: the segment's, or all.
        var frames: Range<Int64> { options.segment?.frames ?? 0..<timeline.frameCount }

        func settings(renderer: FrameRenderer, ratePass: RatePass?) -> EncoderSettings {
            EncoderSettings(
                width: renderer.width, height: renderer.height, frameRate: timeline.frameRate,
                crf: options.crf ?? timeline.output.crf, videoBitrate: options.videoBitrate,
                preset: options.preset ?? timeline.output.preset,
                comment: segmentTag(renderer: renderer)?.text,
                ratePass: ratePass)
        }

        /// The tag of the segment drawn, naming what it is rendered from and with.
        func segmentTag(renderer: FrameRenderer) -> SegmentTag? {
            guard let segment = options.segment, let source = options.segmentSource else { return nil }
            let picture = SegmentPicture(
                width: renderer.width, height: renderer.height, crf: options.crf ?? timeline.output.crf,
                preset: options.preset ?? timeline.output.preset, fastScaling: options.fastScaling)
            return SegmentTag(segment: segment, totalFrames: timeline.frameCount, picture: picture, source: source)
        }

        /// Draws every frame into `path`, with the encoded sound laid beside them when given.
        func encode(renderer: FrameRenderer, sound: AACTrack?, path: String, settings: EncoderSettings, pass: Int, of passCount: Int)
            throws(RenderError)
        {
            let writer: MP4Writer
            do { writer = try MP4Writer(path: path, settings: settings, audioTrack: sound) } catch { throw RenderError(media: error) }
            // The raw copy is of the final pass only: the one whose output it is compared with.
            var raw: Y4MWriter?
            if let rawPath = options.rawVideo, pass == passCount {
                do { raw = try Y4MWriter(path: rawPath, width: renderer.width, height: renderer.height, frameRate: timeline.frameRate) } catch {
                    writer.cancel()
                    throw RenderError(media: error)
                }
            }
            let pipeline = EncodePipeline(writer: writer, raw: raw, ringSize: ringSize) { renderer.makePicture() }
            let frames = self.frames
            let frameCount = Int64(frames.count)
            let planner = AudioPlanner(timeline: timeline)
            let clock = StageClock.begin(pass < passCount ? .firstPass : .render, total: frameCount, report: stages)
            do throws(RenderError) {
                for n in frames {
                    if isCancelled?() == true {
                        throw RenderError(media: FileAccessError(.cancelled, file: path, operation: "rendering", reason: "cancelled"), frame: n)
                    }
                    let slot = try pipeline.acquire()
                    try renderer.render(frame: n, into: slot.picture)
                    slot.audioThrough = sound == nil ? nil : planner.firstSample(ofFrame: n + 1, frameRate: timeline.frameRate)
                    pipeline.submit(slot)
                    progress?(ExportProgress(framesDone: n - frames.lowerBound + 1, frameCount: frameCount, pass: pass, passCount: passCount))
                    clock?.advance(to: n - frames.lowerBound + 1)
                }
                try pipeline.finish()
                clock?.finish()
            } catch {
                pipeline.abort()
                writer.cancel()
                throw error
            }
        }
    }

    /// The timeline's sound mixed, brought to the loudness target and encoded for the file at
    /// `path`, under the ceiling (`SoundtrackEncoder`); with what normalization did (nil without a
    /// target or without measurable sound).
    ///
    /// Reported as the stage `sound`, in milliseconds of sound gone through: once to measure it
    /// (with a loudness target) and once to encode it.
    static func encodedSoundtrack(
        _ timeline: Timeline, baseFolder: String?, to path: String, options: ExportOptions,
        stages: (@Sendable (StageProgress) -> Void)? = nil
    ) throws(RenderError) -> (SoundtrackEncoder.Result, LoudnessReport?) {
        let mixer = AudioMixer(timeline: timeline, baseFolder: baseFolder, audioBitrate: options.audioBitrate)
        let rate = Int64(AudioDecoder.sampleRate)
        let measures = options.loudnessTarget != nil && !mixer.planner.items.isEmpty
        let samples = mixer.planner.firstSample(ofFrame: timeline.frameCount, frameRate: timeline.frameRate)
        let milliseconds = { (n: Int64) in n / rate * 1000 + n % rate * 1000 / rate }
        let length = max(1, milliseconds(samples))
        let clock = StageClock.begin(.sound, total: length * (measures ? 2 : 1), report: stages)
        var choice: (LoudnessNormalizer.Choice, measured: Double, target: Double)?
        if let target = options.loudnessTarget, measures {
            let before = try measureLoudness(timeline, baseFolder: baseFolder, sampleCount: samples) { clock?.advance(to: milliseconds($0)) }
            do throws(FileAccessError) {
                if let measured = before.integratedLoudness,
                    let c = try LoudnessNormalizer.normalize(mixer, target: target, before: before, sampleCount: samples)
                {
                    choice = (c, measured, target)
                }
            } catch {
                throw RenderError(media: error)
            }
        }
        let result = try SoundtrackEncoder.encode(
            mixer: mixer, sampleCount: samples, bitrate: options.audioBitrate ?? timeline.output.audioBitrate, file: path
        ) { clock?.advance(to: (measures ? length : 0) + milliseconds($0)) }
        clock?.finish()
        let report = choice.map { c in
            LoudnessReport(
                target: c.target, measured: c.measured, gain: 20 * log10(c.0.gain), reached: result.loudness ?? -70, limiting: c.0.limiting,
                heldBack: c.0.heldBack)
        }
        return (result, report)
    }

    /// Sums the whole soundtrack once, without pictures and before the limiter, to measure it
    /// (cheap next to the video).
    static func measureLoudness(_ timeline: Timeline, baseFolder: String?, sampleCount: Int64, progress: ((Int64) -> Void)? = nil)
        throws(RenderError) -> LoudnessMeter
    {
        let sounds = SoundSum(timeline: timeline, baseFolder: baseFolder)
        var meter = LoudnessMeter()
        let block = 48_000
        var buffer = [Float](repeating: 0, count: block * 2)
        var s: Int64 = 0
        let total = sampleCount
        while s < total {
            let n = Int(min(Int64(block), total - s))
            do {
                try buffer.withUnsafeMutableBufferPointer { b throws(FileAccessError) in try sounds.sum(start: s, count: n, into: b.baseAddress!) }
            } catch {
                throw RenderError(media: error)
            }
            buffer.withUnsafeBufferPointer { meter.add(UnsafeBufferPointer(rebasing: $0[0..<(n * 2)])) }
            s += Int64(n)
            progress?(s)
        }
        return meter
    }
}
