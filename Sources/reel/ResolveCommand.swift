import ReelKit

/// `reel resolve`: writes the timeline `make` would render, to read or edit before `reel render`.
struct ResolveCommand: Command {
    let name = "resolve"
    let summary = "fill a template with media and write the timeline (JSON) without rendering"
    let synopsis = "<template folder> <media files or folders...> [-o timeline.json]"
    struct Options: OptionTable {
        let output = SharedOptions.output
        let resolve = ResolveOptionGroup()
        let song = SongOptionGroup()
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard let folder = args.operands.first else { throw UsageError(message: "give a template folder and your media") }
        let resolve = args.group(\.resolve)
        let json = try Workflow.summaryFormat(resolve[\.format])
        let path = args[\.output].flatMap { $0 == "-" ? nil : $0 }
        if json && path == nil {
            throw UsageError(message: "--format json prints the summary on standard output; write the timeline to a file with -o")
        }
        try OutputCheck.check(
            [("-o", path)],
            inputs: [.tree(folder)] + OutputCheck.media(Array(args.operands.dropFirst()))
                + OutputCheck.givenFiles([
                    resolve[\.textFile], resolve[\.captions], resolve[\.captionWords], resolve[\.voice], args[\.song.music],
                ]))
        // Probing, analysing and the song's beats show their progress on a terminal.
        let display = StageDisplay(quiet: args.quiet, json: false)
        let (template, song) = try Workflow.loadTemplate(folder, quiet: args.quiet, args: args.group(\.song), display: display)
        let media = try Workflow.gatherMedia(Array(args.operands.dropFirst()), for: template, args: resolve, display: display)
        let timeline = try Workflow.resolve(template: template, folder: folder, media: media, args: resolve, song: song)
        if let path {
            try TimelineFile.write(timeline, to: path)
            if !args.quiet && !json { Console.out("wrote \(path)") }
        } else {
            Console.write(1, TimelineCodec.encode(timeline))
        }
        return .success
    }
}
