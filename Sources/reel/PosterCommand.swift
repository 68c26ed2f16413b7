import MediaTime
import ReelKit
import RenderCore
import TemplateCore

/// `reel poster`: one frame of a template or timeline as a PNG, at the template's cover time or `--at`.
struct PosterCommand: Command {
    let name = "poster"
    let summary = "write one frame (the cover, or --at a time) of a template or timeline as a PNG"
    let synopsis = "<template folder | timeline.json> [--at 2.5s] [--media <folder>] [--width W] [-o poster.png]"
    let options = [
        Workflow.outputOption,
        OptionSpec(long: "at", short: nil, takesValue: true, help: "time of the frame (2.5s, 1.2, 48f); default: the template's cover time, else 0"),
        OptionSpec(long: "media", short: nil, takesValue: true, help: "fill a template with these media (files or folders)", repeatable: true),
        OptionSpec(long: "width", short: nil, takesValue: true, help: "width in pixels (default: the canvas)"),
    ]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one template folder or timeline file") }
        let width = try PreviewOptions.positiveInt(args, "width")
        let input = try PreviewInput.open(path, media: args.all("media"), quiet: args.flag("quiet"))
        // Placeholder pictures live as long as the input: keep it until the frame is drawn.
        defer { withExtendedLifetime(input) {} }
        guard let timeline = input.timeline else { throw UsageError(message: "give a template folder or a timeline file, not a video") }
        var time = input.template?.coverTime ?? .zero
        if let at = args.value("at") {
            guard let t = TimeText.time(from: at, frameRate: timeline.frameRate), !t.isNegative else {
                throw UsageError(message: "--at takes a time such as 2.5s, 1.2 or 48f, not '\(at)'")
            }
            time = t
        }
        let output = Workflow.outputPath(args, default: input.baseName + "-poster.png")
        try OutputCheck.check([("-o", output)], inputs: input.inputs(media: args.all("media")))
        let size = try Pipeline.writePoster(timeline, at: time, width: width, to: output)
        if !args.flag("quiet") { Console.out("wrote \(output) (\(size.width)x\(size.height), frame at \(SheetCells.clock(time)))") }
        return .success
    }
}
