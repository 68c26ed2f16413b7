import DocumentJSON
import ReelKit
import RenderCore

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
    let options =
        [
            Workflow.outputOption,
            OptionSpec(long: "timeline", short: nil, takesValue: true, help: "also write the timeline it made to this file"),
            OptionSpec(
                long: "strict", short: nil, takesValue: false,
                help: "fail on warnings: the template's, and characters of the texts given that no font can draw"),
        ]
        + Workflow.resolveOptions + Workflow.songOptions + Workflow.renderOptions

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard let folder = args.operands.first else { throw UsageError(message: "give a template folder and your media") }
        // The whole time, from here, is what the final line reports.
        let display = StageDisplay(args)
        // Before any work: a system without the encoders learns what to install at once.
        try Pipeline.checkEncoders()
        let json = try Workflow.summaryFormat(args)
        let output = Workflow.outputPath(args, default: Workflow.name(of: folder) + ".mp4")
        let mediaOperands = Array(args.operands.dropFirst())
        try OutputCheck.check(
            [("-o", output), ("--timeline", args.value("timeline")), ("REEL_RAW_VIDEO", Workflow.rawVideoPath)],
            inputs: [.tree(folder)] + OutputCheck.media(mediaOperands)
                + OutputCheck.givenFiles(args, ["text-file", "captions", "caption-words", "voice", "music"]))
        if let p = args.value("progress"), p != "json" { throw UsageError(message: "--progress takes json, not '\(p)'") }
        let (template, song) = try Workflow.loadTemplate(
            folder, strict: args.flag("strict"), quiet: args.flag("quiet"), args: args, display: display)
        // Render options (size, quality, bit rate) are checked before any work is printed.
        _ = try Workflow.exportOptions(args, canvas: template.canvas)
        let media = try Workflow.gatherMedia(mediaOperands, for: template, args: args, display: display)
        var summary: JSONValue?
        let timeline = try Workflow.resolve(template: template, folder: folder, media: media, args: args, song: song, heldSummary: &summary)
        if let path = args.value("timeline") {
            try TimelineFile.write(timeline, to: path)
        }
        // With a JSON summary on standard output, rendering stays quiet so the output stays one document.
        var renderArgs = args
        if json { renderArgs.flags.insert("quiet") }
        let report = try Workflow.render(timeline, baseFolder: nil, to: output, args: renderArgs, display: display)
        // The summary is printed once the video is written, with what its sound reached.
        if case .object(var o)? = summary {
            o["loudness"] = report.loudness?.json ?? .null
            Console.write(1, JSONWriter.write(.object(o)))
        }
        return .success
    }
}
