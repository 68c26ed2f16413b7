import Foundation
import ReelKit

/// `reel preview`: a contact sheet of a template, a timeline or a video file, and animated previews.
struct PreviewCommand: Command {
    let name = "preview"
    let summary = "draw a contact sheet (PNG) of a template, timeline or video, or an animated preview"
    let synopsis = """
        <template folder | timeline.json | video file> [-o sheet.png] [--animated out.gif|out.webp]

        A template shows one cell per slot at its midpoint (or --every, --frames), drawn by the same
        render core as the video; without --media, each slot shows a placeholder with its number, what
        it accepts and its length. A video file shows evenly spaced exact frames with their times;
        --show-subjects outlines the faces (green) and salient regions (yellow) the subject analysis
        finds in them.
        """
    struct Options: OptionTable {
        let output = SharedOptions.output
        let every = Option("every", help: "a cell every interval (1s, 0.5, 12f) instead of one per slot")
        let frames = Option("frames", help: "this many evenly spaced cells")
        let columns = Option("columns", help: "number of columns")
        let grid = Option("grid", help: "CxR: columns and rows (C*R evenly spaced cells)")
        let width = Option("width", help: "width of the sheet in pixels")
        let background = Option("background", help: "colour behind the cells, #rrggbb")
        let animated = Option("animated", help: "also (or only) write a looping .gif or .webp preview")
        let showSubjects = Flag("show-subjects", help: "outline the faces and salient regions found (a video file)")
        let fill = FillOptionGroup()
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else {
            throw UsageError(message: "give one template folder, timeline file or video file (before --media)")
        }
        let layout = try PreviewOptions.layout(args)
        let frames = try PreviewOptions.positiveInt(args, \.frames, upTo: SheetLayout.maxCells)
        let animated = args[\.animated]
        if let animated, !Pipeline.isAnimatedPreviewPath(animated) {
            throw UsageError(message: "--animated names a .gif or .webp file, not '\(animated)'")
        }
        let start = monotonicSeconds()
        let subject = try PreviewOptions.open(path, args.group(\.fill))
        let sheetPath = args[\.output] ?? (animated == nil ? subject.baseName + ".png" : nil)
        try OutputCheck.check(
            [("-o", sheetPath), ("--animated", animated)], inputs: subject.inputs + OutputCheck.givenFiles([args[\.fill.textFile]]))

        if subject.timeline != nil && args[\.showSubjects] {
            throw UsageError(message: "--show-subjects applies to a video file")
        }
        guard let timeline = subject.timeline else {
            if args[\.every] != nil {
                throw UsageError(message: "--every applies to templates and timelines; use --frames or --grid for a video")
            }
            if animated != nil { throw UsageError(message: "--animated applies to templates and timelines") }
            let result = try Pipeline.videoSheet(path, count: frames, layout: layout, showSubjects: args[\.showSubjects])
            let out = sheetPath ?? subject.baseName + ".png"
            try Pipeline.write(result.sheet, to: out)
            report(out, sheet: result.sheet, cells: result.times.count, since: start, args)
            return .success
        }
        let selection: SheetSelection
        if let every = args[\.every] {
            guard let interval = TimeText.time(from: every, frameRate: timeline.frameRate), interval.isPositive else {
                throw UsageError(message: "--every takes a length such as 1s, 0.5 or 12f, not '\(every)'")
            }
            selection = .every(interval)
        } else if let frames {
            selection = .count(frames)
        } else if let grid = layout.gridCellCount {
            selection = .count(grid)
        } else {
            selection = .slots
        }
        if let sheetPath {
            let sheet = try Pipeline.contactSheet(of: subject, selection: selection, layout: layout)
            try Pipeline.write(sheet, to: sheetPath)
            report(sheetPath, sheet: sheet, cells: nil, since: start, args)
        }
        if let animated {
            try Pipeline.writeAnimatedPreview(subject, to: animated)
            if !args.quiet { Console.out("wrote \(animated) in \(format(monotonicSeconds() - start, 2)) s") }
        }
        return .success
    }

    private func report(_ path: String, sheet: ContactSheet, cells: Int?, since start: Double, _ args: ParsedArguments<Options>) {
        guard !args.quiet else { return }
        let l = sheet.layout
        Console.out("wrote \(path) (\(l.columns)x\(l.rows) grid, \(l.width)x\(l.height)) in \(format(monotonicSeconds() - start, 2)) s")
    }
}

/// The steps `preview` and `poster` share: the sheet's layout, the template filled.
enum PreviewOptions {
    static func layout(_ args: ParsedArguments<PreviewCommand.Options>) throws -> SheetLayoutOptions {
        var options = SheetLayoutOptions()
        options.columns = try positiveInt(args, \.columns, upTo: SheetLayout.maxCells)
        options.width = try positiveInt(args, \.width, upTo: SheetLayout.maxSide)
        if let grid = args[\.grid] {
            let parts = grid.lowercased().split(separator: "x")
            guard parts.count == 2, let c = WholeNumber.parse(parts[0]), let r = WholeNumber.parse(parts[1]), c > 0, r > 0 else {
                throw UsageError(message: "--grid takes columns x rows such as 4x3, not '\(grid)'")
            }
            guard c <= SheetLayout.maxCells, r <= SheetLayout.maxCells, c * r <= SheetLayout.maxCells else {
                throw UsageError(message: "--grid takes at most \(SheetLayout.maxCells) cells, not '\(grid)'")
            }
            if options.columns != nil { throw UsageError(message: "give --columns or --grid, not both") }
            options.columns = c
            options.rows = r
        }
        if let bg = args[\.background] {
            guard let colour = RGBColor(hex: bg) else { throw UsageError(message: "--background takes a colour such as #202020, not '\(bg)'") }
            options.background = colour
        }
        return options
    }

    /// Opens the source of a preview or poster (`Pipeline.openPreview`) with the fill options;
    /// prints the template's findings and what filling it left out.
    static func open(_ path: String, _ args: ParsedArguments<FillOptionGroup>) throws -> PreviewSubject {
        let media = args[\.media]
        var options = ResolveOptions()
        if let file = args[\.textFile] {
            do { options.texts = try TextsFile.read(file) } catch { throw ReelError.textFile(error) }
        }
        options.texts.merge(try Workflow.textPairs(args[\.text]), uniquingKeysWith: { _, given in given })
        if let seed = args[\.seed] {
            guard let s = UInt64(seed) else { throw UsageError(message: "--seed takes a whole number 0 or more, not '\(seed)'") }
            options.seed = s
        }
        if FileKind.of(path) != .folder {
            if !media.isEmpty { throw UsageError(message: "--media applies to a template folder") }
            if !options.texts.isEmpty { throw UsageError(message: "--text and --text-file apply to a template folder") }
        }
        let subject: PreviewSubject
        do { subject = try Pipeline.openPreview(PreviewRequest(source: path, media: media, resolve: options)) } catch {
            if case .invalidTemplate(_, let diagnostics) = error {
                for d in diagnostics where !(args.quiet && d.severity != .error) { Console.err(d.description) }
            }
            if case .resolve(let e) = error, case .missingText = e { throw UsageError(message: e.description) }
            if case .resolve(let e) = error, case .unknownTextKey = e { throw UsageError(message: e.description) }
            throw error
        }
        if !args.quiet {
            for d in subject.template?.diagnostics ?? [] { Console.err(d.description) }
            for d in subject.warnings { Console.err(d.description) }
            for d in subject.resolution?.diagnostics ?? [] where d.severity != .note || d.code == .mediaLeftOut { Console.err(d.description) }
        }
        return subject
    }

    /// A count or size from 1 to `limit` (digits only); anything else is a usage error, never a
    /// number too large for the arithmetic that follows.
    static func positiveInt<Table>(_ args: ParsedArguments<Table>, _ key: KeyPath<Table, Option>, upTo limit: Int) throws -> Int? {
        guard let text = args[key] else { return nil }
        guard let n = WholeNumber.parse(text), n > 0, n <= limit else {
            throw UsageError(message: "--\(args.table[keyPath: key].spec.long) takes a whole number from 1 to \(limit), not '\(text)'")
        }
        return n
    }
}
