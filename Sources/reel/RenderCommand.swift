import ReelKit

/// `reel render`: renders a timeline file, as written by `resolve` (and perhaps edited).
struct RenderCommand: Command {
    let name = "render"
    let summary = "render a timeline file to an MP4"
    let synopsis = "<timeline.json> [-o out.mp4] [--segment K/N | --soundtrack]"
    struct Options: OptionTable {
        let output = SharedOptions.output
        let segment = Option("segment", help: "render only segment K of N (K from 0), video only, for 'reel join'")
        let soundtrack = Flag(
            "soundtrack", help: "render only the whole sound, mixed and encoded, to an .m4a the join copies beside the segments")
        let render = RenderOptionGroup()
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one timeline file") }
        // Before any work: a system without the encoders learns what to install at once.
        try Pipeline.checkEncoders()
        let timeline: Timeline
        timeline = try TimelineInput.read(path, quiet: args.quiet)
        var base = Workflow.name(of: path)
        if base.hasSuffix(".json") { base = String(base.dropLast(5)) }
        if args[\.soundtrack] {
            guard args[\.segment] == nil else { throw UsageError(message: "--soundtrack renders the sound alone; give it or --segment, not both") }
            try renderSoundtrack(timeline, path: path, to: args[\.output] ?? base + ".m4a", args: args)
            return .success
        }
        let output = args[\.output] ?? base + ".mp4"
        try OutputCheck.check([("-o", output), ("REEL_RAW_VIDEO", Workflow.rawVideoPath)], inputs: OutputCheck.timeline(path, timeline))
        var segment: FrameSegment?
        if let text = args[\.segment] {
            do { segment = try Pipeline.segment(text, of: timeline) } catch { throw UsageError(message: error.description) }
            // A bit-rate encode settles its rate control per segment, in the stream's one H.264
            // configuration, which the segments of one video must share.
            if args[\.render.bitrate] != nil || args[\.render.bpp] != nil {
                throw UsageError(
                    message: "--segment renders at a constant quality (--quality); segments encoded for a --bitrate or --bpp cannot be joined")
            }
        }
        // The segment's tag names the timeline and files it is rendered from, for the join to check.
        let source = try segment.map { _ in try Pipeline.segmentSource(timeline, timelineFile: path) }
        try Workflow.render(
            timeline, baseFolder: nil, to: output, args: args.group(\.render), quiet: args.quiet, segment: segment, segmentSource: source)
        return .success
    }

    /// The sound of a segmented render as a task of its own, for `reel join` to lay as it is.
    private func renderSoundtrack(_ timeline: Timeline, path: String, to output: String, args: ParsedArguments<Options>) throws {
        try OutputCheck.check([("-o", output)], inputs: OutputCheck.timeline(path, timeline))
        let options = try Workflow.exportOptions(args.group(\.render), canvas: timeline.canvas)
        let display = StageDisplay(args.group(\.render))
        defer { display.clear() }
        let report = try Pipeline.renderSoundtrack(timeline, timelineFile: path, to: output, options: options, events: display.events)
        display.clear()
        if !args.quiet {
            Console.out(
                "wrote \(output) (the soundtrack of \(timeline.frameCount) frames, \(format(timeline.duration.seconds, 2)) s) \(display.timing)")
            if let loudness = report.loudness, !loudness.isOnTarget { Console.out(loudness.line) }
        }
    }
}
