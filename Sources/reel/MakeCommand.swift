import ReelKit

/// `reel make`: the one tap. Template and media in, finished MP4 out.
struct MakeCommand: Command {
    let name = "make"
    let summary = "make a video from a template and your clips and photos"
    let synopsis = """
        <template folder> <media files or folders...> [-o out.mp4] [--music song.mp3 [--music-start auto|<time>]]

        --music puts your own song in place of the template's music: every duration, start and cut
        the template writes in beats follows the song's beats (found as 'reel beats' finds them), so a
        drifting tempo is followed; times in seconds stay. --music-start auto (the default) begins the
        video at the song's strongest stretch that starts on a downbeat (the chorus, the drop); a time
        begins it at the beat nearest that time. A song shorter than the video loops when the
        template's music loops, else it is an error; a song without a beat keeps the template's timing
        (warning R020). The summary says which part of the song was used, and why.
        """
    struct Options: OptionTable {
        let output = SharedOptions.output
        let timeline = Option("timeline", help: "also write the timeline it made to this file")
        let strict = Flag("strict", help: "fail on warnings: the template's, and characters of the texts given that no font can draw")
        let resolve = ResolveOptionGroup()
        let song = SongOptionGroup()
        let render = RenderOptionGroup()
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard let folder = args.operands.first else { throw UsageError(message: "give a template folder and your media") }
        let resolve = args.group(\.resolve)
        let render = args.group(\.render)
        // The whole time, from here, is what the final line reports.
        let display = StageDisplay(render)
        // Before any work: a system without the encoders learns what to install at once.
        try Pipeline.checkEncoders()
        let json = try Workflow.summaryFormat(resolve[\.format])
        if let p = render[\.progress], p != "json" { throw UsageError(message: "--progress takes json, not '\(p)'") }
        var export = ExportOptions()
        export.rawVideo = Workflow.rawVideoPath
        let request = MakeRequest(
            template: folder, media: Array(args.operands.dropFirst()), output: args[\.output] ?? Workflow.name(of: folder) + ".mp4",
            timelineOutput: args[\.timeline], export: export, strict: args[\.strict],
            text: Workflow.requestText(resolve: resolve, song: args.group(\.song), render: render))
        let printer = MakePrinter(display: display, quiet: args.quiet, json: json)
        let result: MakeResult
        do { result = try Pipeline.make(request, events: printer.show) } catch {
            display.clear()
            try printer.failed(error)
        }
        display.clear()
        for w in result.export.warnings { Console.warning(w) }
        // With a JSON summary on standard output, the render's lines stay quiet so the output stays one document.
        if !args.quiet && !json {
            Workflow.printWritten(request.output, timeline: result.resolution.timeline, report: result.export, display: display)
        }
        // The summary is printed once the video is written, with what its sound reached.
        if json, case .object(var o) = result.resolution.summaryJSON {
            o["loudness"] = result.export.loudness?.json ?? .null
            Console.write(1, JSONWriter.write(.object(o)))
        }
        return .success
    }
}
