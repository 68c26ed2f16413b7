import TimelineModel

/// `reel resolve`: writes the timeline `make` would render, to read or edit before `reel render`.
struct ResolveCommand: Command {
    let name = "resolve"
    let summary = "fill a template with media and write the timeline (JSON) without rendering"
    let synopsis = "<template folder> <media files or folders...> [-o timeline.json]"
    let options = [Workflow.outputOption] + Workflow.resolveOptions + Workflow.songOptions

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard let folder = args.operands.first else { throw UsageError(message: "give a template folder and your media") }
        let json = try Workflow.summaryFormat(args)
        let path = args.value("output").flatMap { $0 == "-" ? nil : $0 }
        if json && path == nil {
            throw UsageError(message: "--format json prints the summary on standard output; write the timeline to a file with -o")
        }
        try OutputCheck.check(
            [("-o", path)],
            inputs: [.tree(folder)] + OutputCheck.media(Array(args.operands.dropFirst()))
                + OutputCheck.givenFiles(args, ["text-file", "captions", "caption-words", "voice", "music"]))
        // Probing, analysing and the song's beats show their progress on a terminal.
        let display = StageDisplay(args)
        let (template, song) = try Workflow.loadTemplate(folder, quiet: args.flag("quiet"), args: args, display: display)
        let media = try Workflow.gatherMedia(Array(args.operands.dropFirst()), for: template, args: args, display: display)
        let timeline = try Workflow.resolve(template: template, folder: folder, media: media, args: args, song: song)
        if let path {
            try TimelineFile.write(timeline, to: path)
            if !args.flag("quiet") && !json { Console.out("wrote \(path)") }
        } else {
            Console.write(1, TimelineCodec.encode(timeline))
        }
        return .success
    }
}
