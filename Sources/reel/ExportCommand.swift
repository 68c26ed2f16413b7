import ReelKit

/// `reel export`: a timeline for other editors (OpenTimelineIO).
struct ExportCommand: Command {
    let name = "export"
    let summary = "write a timeline as OpenTimelineIO for DaVinci Resolve, Premiere and other editors"
    let synopsis = "<timeline.json> --otio out.otio"
    struct Options: OptionTable {
        let otio = Option("otio", help: "where to write the OpenTimelineIO file")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one timeline file") }
        guard let out = args[\.otio] else { throw UsageError(message: "name the output with --otio out.otio") }
        let timeline = try TimelineInput.read(path, quiet: args.quiet)
        try OutputCheck.check([("--otio", out)], inputs: OutputCheck.timeline(path, timeline))
        try Pipeline.exportOTIO(timeline, to: out)
        if !args.quiet { Console.out("wrote \(out)") }
        return .success
    }
}
