import ReelKit

/// `reel poster`: one frame of a template or timeline as a PNG, at the template's cover time or `--at`.
struct PosterCommand: Command {
    let name = "poster"
    let summary = "write one frame (the cover, or --at a time) of a template or timeline as a PNG"
    let synopsis = "<template folder | timeline.json> [--at 2.5s] [--media <files or folders...>] [--text key=text] [--width W] [-o poster.png]"
    struct Options: OptionTable {
        let output = SharedOptions.output
        let at = Option("at", help: "time of the frame (2.5s, 1.2, 48f); default: the template's cover time, else 0")
        let width = Option("width", help: "width in pixels (default: the canvas)")
        let fill = FillOptionGroup()
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one template folder or timeline file") }
        let width = try PreviewOptions.positiveInt(args, \.width, upTo: SheetLayout.maxSide)
        let subject = try PreviewOptions.open(path, args.group(\.fill))
        guard let timeline = subject.timeline else { throw UsageError(message: "give a template folder or a timeline file, not a video") }
        var time: RationalTime?
        if let at = args[\.at] {
            guard let t = TimeText.time(from: at, frameRate: timeline.frameRate), !t.isNegative else {
                throw UsageError(message: "--at takes a time such as 2.5s, 1.2 or 48f, not '\(at)'")
            }
            time = t
        }
        let output = args[\.output] ?? subject.baseName + "-poster.png"
        try OutputCheck.check([("-o", output)], inputs: subject.inputs + OutputCheck.givenFiles([args[\.fill.textFile]]))
        let size = try Pipeline.writePoster(subject, at: time, width: width, to: output)
        let shown = time ?? subject.template?.template.coverTime ?? .zero
        if !args.quiet { Console.out("wrote \(output) (\(size.width)x\(size.height), frame at \(SheetCells.clock(shown)))") }
        return .success
    }
}
