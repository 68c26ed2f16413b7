import ReelKit

/// `reel join`: the segments of `render --segment K/N` joined into one MP4 without re-encoding,
/// with the timeline's whole sound mixed once.
struct JoinCommand: Command {
    let name = "join"
    let summary = "join the video segments of a timeline into one MP4, with its sound"
    let synopsis = "<segment files...> --timeline <timeline.json> -o out.mp4"
    struct Options: OptionTable {
        let output = SharedOptions.output
        let timeline = Option("timeline", help: "the timeline the segments were rendered from")
        let loudness = Option("loudness", help: "normalize the mix to this many LUFS (default -14), or 'off'")
        let audioBitrate = Option("audio-bitrate", help: "AAC bit rate (e.g. 96k); default the timeline's")
        let softCaptions = Flag("soft-captions", help: "also carry the timeline's captions as a subtitle stream (mov_text), as render does")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give the segment files, all N of them") }
        guard let path = args[\.timeline] else { throw UsageError(message: "give the timeline: --timeline t.json") }
        guard let output = args[\.output] else { throw UsageError(message: "give the output: -o out.mp4") }
        try Pipeline.checkEncoders()
        let timeline = try TimelineInput.read(path, quiet: args.quiet)
        try OutputCheck.check([("-o", output)], inputs: OutputCheck.timeline(path, timeline) + args.operands.map { .file($0) })
        var options: ExportOptions
        do throws(OptionValueError) {
            options = try MakeOptionText(audioBitrate: args[\.audioBitrate], loudness: args[\.loudness]).exportOptions(
                canvas: timeline.canvas)
        } catch {
            throw UsageError(message: error.description)
        }
        options.softCaptions = args[\.softCaptions]
        let progress = ProgressLine(label: "joining", quiet: args.quiet)
        defer { progress.finish() }
        let report = try Pipeline.join(timeline, timelineFile: path, parts: args.operands, to: output, options: options) { p in
            progress.update(done: p.framesDone, total: p.frameCount)
        }
        progress.finish()
        if !args.quiet {
            Console.out("wrote \(output) (\(report.frameCount) frames joined from \(args.operands.count) files) in \(format(progress.elapsed, 1)) s")
            if let loudness = report.loudness, !loudness.isOnTarget { Console.out(loudness.line) }
        }
        return .success
    }
}
