import FileAccess
import Foundation
import MediaTime
import ReelKit
import RenderCore
import TimelineModel

/// Rendering steps the commands share: export options from the command line, and the export itself.
extension Workflow {
    /// Options of rendering a person can set.
    static let renderOptions = [
        OptionSpec(long: "quality", short: nil, takesValue: true, help: "draft, standard (default) or high"),
        OptionSpec(
            long: "size", short: nil, takesValue: true,
            help: "render at WIDTHxHEIGHT, at 540p/720p/1080p (the canvas's shape), or in another shape: 9:16, 1:1, 16:9, 4:5"),
        OptionSpec(
            long: "progress", short: nil, takesValue: true,
            help: "json: JSON lines of each stage's progress (probing, analysing, beats, render, sound) on stderr, for programs"),
        OptionSpec(long: "bitrate", short: nil, takesValue: true, help: "target video bit rate (e.g. 2M, 800k) instead of constant quality"),
        OptionSpec(
            long: "bpp", short: nil, takesValue: true,
            help: "bit rate from bits per pixel per second (e.g. 6 for chat-sized clips: 240x320 at 6 is 460 kb/s)"),
        OptionSpec(
            long: "audio-bitrate", short: nil, takesValue: true,
            help: "AAC bit rate (e.g. 96k); default the timeline's, lower with a small --bitrate or --bpp"),
        OptionSpec(long: "loudness", short: nil, takesValue: true, help: "normalize the mix to this many LUFS (default -14), or 'off'"),
        OptionSpec(
            long: "soft-captions", short: nil, takesValue: false,
            help: "also carry the captions as a subtitle stream (mov_text) players can turn on and off"),
    ]

    /// The `make` options given on the command line, as text.
    static func optionText(_ args: ParsedArguments) -> MakeOptionText {
        MakeOptionText(
            order: args.value("order"), useAll: args.flag("use-all"), seed: args.value("seed"), quality: args.value("quality"),
            size: args.value("size"), bitrate: args.value("bitrate"), bpp: args.value("bpp"), audioBitrate: args.value("audio-bitrate"),
            loudness: args.value("loudness"), reframe: args.value("reframe"))
    }

    static func exportOptions(_ args: ParsedArguments, canvas: Canvas) throws -> ExportOptions {
        if let p = args.value("progress"), p != "json" { throw UsageError(message: "--progress takes json, not '\(p)'") }
        var options: ExportOptions
        do { options = try optionText(args).exportOptions(canvas: canvas) } catch { throw UsageError(message: error.description) }
        options.softCaptions = args.flag("soft-captions")
        return options
    }

    /// For benchmarks: where the frames as handed to the encoder are written, unencoded
    /// (`REEL_RAW_VIDEO`, see scripts/bench). An output like `-o`, so the commands that render
    /// check it against their inputs and other outputs.
    static var rawVideoPath: String? {
        getenv("REEL_RAW_VIDEO").map { PathBytes.string(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Renders with a progress line; prints where the file landed, how long it took (from when
    /// `display` was made, with each stage's share), the sound's loudness when it is not on its
    /// target, and anything covered on the way.
    @discardableResult
    static func render(
        _ timeline: Timeline, baseFolder: String?, to output: String, args: ParsedArguments, segment: FrameSegment? = nil,
        segmentSource: SegmentSource? = nil, display given: StageDisplay? = nil
    ) throws -> ExportReport {
        var options = try exportOptions(args, canvas: timeline.canvas)
        options.segment = segment
        options.segmentSource = segmentSource
        options.rawVideo = rawVideoPath
        if let w = options.width, let h = options.height, let warning = SizeOption.shapeWarning((w, h), canvas: timeline.canvas),
            !args.flag("quiet")
        {
            Console.warning(warning)
        }
        let display = given ?? StageDisplay(args)
        defer { display.clear() }
        let report = try Pipeline.render(timeline, to: output, options: options, events: display.events)
        display.clear()
        for w in report.warnings { Console.warning(w) }
        if !args.flag("quiet") {
            if let segment {
                let frames = segment.frames
                Console.out(
                    "wrote \(output) (segment \(segment.index)/\(segment.count): frames \(frames.lowerBound)-\(frames.upperBound) of \(timeline.frameCount), video only) \(display.timing)"
                )
            } else {
                let seconds = timeline.duration.seconds
                Console.out("wrote \(output) (\(timeline.frameCount) frames, \(format(seconds, 2)) s) \(display.timing)")
            }
            if let loudness = report.loudness, !loudness.isOnTarget { Console.out(loudness.line) }
        }
        return report
    }
}
