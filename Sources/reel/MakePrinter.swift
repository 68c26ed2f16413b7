import ReelKit

/// What `reel make` prints while `Pipeline.make` works: the template's findings once it is
/// loaded, what went where once it is filled (or, with `--format json`, nothing until the end),
/// the stages' progress, a size of another shape than the canvas; and, when it fails, the
/// findings behind the failure, as the command line's own kind of error.
final class MakePrinter: @unchecked Sendable {
    private let display: StageDisplay
    private let quiet: Bool
    private let json: Bool
    /// The JSON summary, held to be printed with the video's loudness, or before a `--strict` failure.
    private var summary: JSONValue?
    private var canvas: Canvas?

    init(display: StageDisplay, quiet: Bool, json: Bool) {
        self.display = display
        self.quiet = quiet
        self.json = json
    }

    var show: @Sendable (PipelineEvent) -> Void {
        { [self] event in
            switch event {
            case .stage(let p): display.show(p)
            case .templateLoaded(let loaded):
                display.clear()
                printFindings(loaded.diagnostics)
            case .resolved(let resolution):
                display.clear()
                canvas = resolution.timeline.canvas
                if json {
                    summary = resolution.summaryJSON
                    return
                }
                Workflow.printSummary(resolution, quiet: quiet)
            case .exporting(let options):
                if let w = options.width, let h = options.height, let canvas, let warning = SizeOption.shapeWarning((w, h), canvas: canvas),
                    !quiet && !json
                {
                    Console.warning(warning)
                }
            case .rendering: break
            }
        }
    }

    /// Prints what a failure of `make` needs beside its one line (the template's findings, the
    /// summary held), and throws it as the command line reports it (see `Workflow.usageMistake`).
    func failed(_ error: ReelError) throws -> Never {
        switch error {
        case .invalidTemplate(_, let diagnostics): printFindings(diagnostics)
        case .strictTexts: if let summary { Console.write(1, JSONWriter.write(summary)) }
        default: break
        }
        throw Workflow.usageMistake(error) ?? error
    }

    private func printFindings(_ diagnostics: [Diagnostic]) {
        for d in diagnostics where !(quiet && d.severity != .error) { Console.err(d.description) }
    }
}
