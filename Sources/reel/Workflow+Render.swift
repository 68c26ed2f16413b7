import Foundation
import ReelKit

/// Rendering steps the commands share: export options from the command line, and the export itself.
extension Workflow {
    /// The render options given on the command line, as text.
    static func optionText(_ args: ParsedArguments<RenderOptionGroup>) -> MakeOptionText {
        MakeOptionText(
            quality: args[\.quality], size: args[\.size], bitrate: args[\.bitrate], bpp: args[\.bpp], audioBitrate: args[\.audioBitrate],
            loudness: args[\.loudness])
    }

    static func exportOptions(_ args: ParsedArguments<RenderOptionGroup>, canvas: Canvas) throws -> ExportOptions {
        if let p = args[\.progress], p != "json" { throw UsageError(message: "--progress takes json, not '\(p)'") }
        var options: ExportOptions
        do { options = try optionText(args).exportOptions(canvas: canvas) } catch { throw UsageError(message: error.description) }
        options.softCaptions = args[\.softCaptions]
        return options
    }

    /// For benchmarks: where the frames as handed to the encoder are written, unencoded
    /// (`REEL_RAW_VIDEO`, see scripts/bench). An output like `-o`, so the commands that render
    /// check it against their inputs and other outputs.
    static var rawVideoPath: String? {
        getenv("REEL_RAW_VIDEO").map { PathBytes.string(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Renders with a progress line; prints where the file landed, how long it took (with each
    /// stage's share), the sound's loudness when it is not on its target, and anything covered on
    /// the way; `quiet` (`-q`) prints only warnings.
    @discardableResult
    static func render(
        _ timeline: Timeline, baseFolder: String?, to output: String, args: ParsedArguments<RenderOptionGroup>, quiet: Bool,
        segment: FrameSegment? = nil, segmentSource: SegmentSource? = nil
    ) throws -> ExportReport {
        var options = try exportOptions(args, canvas: timeline.canvas)
        options.segment = segment
        options.segmentSource = segmentSource
        options.rawVideo = rawVideoPath
        if let w = options.width, let h = options.height, let warning = SizeOption.shapeWarning((w, h), canvas: timeline.canvas),
            !quiet
        {
            Console.warning(warning)
        }
        let display = StageDisplay(args)
        defer { display.clear() }
        let report = try Pipeline.render(timeline, to: output, options: options, events: display.events)
        display.clear()
        for w in report.warnings { Console.warning(w) }
        if !quiet {
            if let segment {
                let frames = segment.frames
                Console.out(
                    "wrote \(output) (segment \(segment.index)/\(segment.count): frames \(frames.lowerBound)-\(frames.upperBound) of \(timeline.frameCount), video only) \(display.timing)"
                )
                if let loudness = report.loudness, !loudness.isOnTarget { Console.out(loudness.line) }
            } else {
                printWritten(output, timeline: timeline, report: report, display: display)
            }
        }
        return report
    }

    /// `wrote out.mp4 (50 frames, 2.00 s) in 3.1 s: render 2.9 s`, and the sound's loudness when
    /// it is not on its target.
    static func printWritten(_ output: String, timeline: Timeline, report: ExportReport, display: StageDisplay) {
        Console.out("wrote \(output) (\(timeline.frameCount) frames, \(format(timeline.duration.seconds, 2)) s) \(display.timing)")
        if let loudness = report.loudness, !loudness.isOnTarget { Console.out(loudness.line) }
    }
}
