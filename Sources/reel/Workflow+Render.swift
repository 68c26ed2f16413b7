import MediaIO
import RenderCore
import TemplateCore

/// Rendering steps the commands share: export options from the command line, and the export itself.
extension Workflow {
    /// Options of rendering a person can set.
    static let renderOptions = [
        OptionSpec(long: "quality", short: nil, takesValue: true, help: "draft, standard (default) or high"),
    ]

    static func exportOptions(_ args: ParsedArguments) throws -> ExportOptions {
        switch args.value("quality") ?? "standard" {
        case "draft":
            // superfast, not ultrafast: ultrafast drops CABAC and 8x8 transforms, which makes the stream Baseline, not High.
            return ExportOptions(crf: 26, preset: "superfast", fastScaling: true)
        case "standard": return ExportOptions()
        case "high": return ExportOptions(crf: 18, preset: "slow")
        case let q: throw UsageError(message: "--quality takes draft, standard or high, not '\(q)'")
        }
    }

    /// Renders with a progress line; prints where the file landed.
    static func render(_ timeline: Timeline, baseFolder: String?, to output: String, args: ParsedArguments) throws {
        let options = try exportOptions(args)
        let progress = ProgressLine(label: "rendering", quiet: args.flag("quiet"))
        defer { progress.finish() }
        try Exporter.export(timeline, baseFolder: baseFolder, to: output, options: options) { p in
            progress.update(done: p.framesDone, total: p.frameCount)
        }
        progress.finish()
        if !args.flag("quiet") {
            let seconds = timeline.duration.seconds
            Console.out("wrote \(output) (\(timeline.frameCount) frames, \(format(seconds, 2)) s) in \(format(progress.elapsed, 1)) s")
        }
    }

}
