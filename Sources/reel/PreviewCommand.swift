import FileAccess
import Foundation
import MediaTime
import ReelKit
import RenderCore
import TemplateCore

/// `reel preview`: a contact sheet of a template, a timeline or a video file, and animated previews.
struct PreviewCommand: Command {
    let name = "preview"
    let summary = "draw a contact sheet (PNG) of a template, timeline or video, or an animated preview"
    let synopsis = """
        <template folder | timeline.json | video file> [-o sheet.png] [--animated out.gif|out.webp]

        A template shows one cell per slot at its midpoint (or --every, --frames), drawn by the same
        render core as the video; without --media, each slot shows a placeholder with its number, what
        it accepts and its length. A video file shows evenly spaced exact frames with their times.
        """
    let options = [
        Workflow.outputOption,
        OptionSpec(long: "media", short: nil, takesValue: true, help: "fill a template with these media (files or folders)", repeatable: true),
        OptionSpec(long: "every", short: nil, takesValue: true, help: "a cell every interval (1s, 0.5, 12f) instead of one per slot"),
        OptionSpec(long: "frames", short: nil, takesValue: true, help: "this many evenly spaced cells"),
        OptionSpec(long: "columns", short: nil, takesValue: true, help: "number of columns"),
        OptionSpec(long: "grid", short: nil, takesValue: true, help: "CxR: columns and rows (C*R evenly spaced cells)"),
        OptionSpec(long: "width", short: nil, takesValue: true, help: "width of the sheet in pixels"),
        OptionSpec(long: "background", short: nil, takesValue: true, help: "colour behind the cells, #rrggbb"),
        OptionSpec(long: "animated", short: nil, takesValue: true, help: "also (or only) write a looping .gif or .webp preview"),
    ]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else {
            throw UsageError(message: "give one template folder, timeline file or video file")
        }
        let layout = try PreviewOptions.layout(args)
        let frames = try PreviewOptions.positiveInt(args, "frames")
        let animated = args.value("animated")
        if let animated, !Pipeline.isAnimatedPreviewPath(animated) {
            throw UsageError(message: "--animated names a .gif or .webp file, not '\(animated)'")
        }
        let start = monotonicSeconds()
        let input = try PreviewInput.open(path, media: args.all("media"), quiet: args.flag("quiet"))
        // Placeholder pictures live as long as the input: keep it until every output is drawn.
        defer { withExtendedLifetime(input) {} }
        let sheetPath = args.value("output") ?? (animated == nil ? Workflow.name(of: input.baseName) + ".png" : nil)
        try OutputCheck.check([("-o", sheetPath), ("--animated", animated)], inputs: input.inputs(media: args.all("media")))

        guard let timeline = input.timeline else {
            if args.value("every") != nil {
                throw UsageError(message: "--every applies to templates and timelines; use --frames or --grid for a video")
            }
            if animated != nil { throw UsageError(message: "--animated applies to templates and timelines") }
            let result = try VideoSheet.make(path, count: frames, options: layout)
            let out = sheetPath ?? Workflow.name(of: input.baseName) + ".png"
            try result.sheet.write(to: out)
            report(out, sheet: result.sheet, cells: result.times.count, since: start, args)
            return .success
        }
        let selection: SheetSelection
        if let every = args.value("every") {
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
            let sheet = try TimelineSheet.make(timeline, header: input.header, selection: selection, options: layout)
            try sheet.write(to: sheetPath)
            report(sheetPath, sheet: sheet, cells: nil, since: start, args)
        }
        if let animated {
            try AnimatedPreview.write(timeline, to: animated)
            if !args.flag("quiet") { Console.out("wrote \(animated) in \(format(monotonicSeconds() - start, 2)) s") }
        }
        return .success
    }

    private func report(_ path: String, sheet: ContactSheet, cells: Int?, since start: Double, _ args: ParsedArguments) {
        guard !args.flag("quiet") else { return }
        let l = sheet.layout
        Console.out("wrote \(path) (\(l.columns)x\(l.rows) grid, \(l.width)x\(l.height)) in \(format(monotonicSeconds() - start, 2)) s")
    }
}

/// Layout options shared by `preview` and `gallery`.
enum PreviewOptions {
    static func layout(_ args: ParsedArguments) throws -> SheetLayoutOptions {
        var options = SheetLayoutOptions()
        options.columns = try positiveInt(args, "columns")
        options.width = try positiveInt(args, "width")
        if let grid = args.value("grid") {
            let parts = grid.lowercased().split(separator: "x")
            guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0 else {
                throw UsageError(message: "--grid takes columns x rows such as 4x3, not '\(grid)'")
            }
            if options.columns != nil { throw UsageError(message: "give --columns or --grid, not both") }
            options.columns = c
            options.rows = r
        }
        if let bg = args.value("background") {
            guard let colour = RGBColor(hex: bg) else { throw UsageError(message: "--background takes a colour such as #202020, not '\(bg)'") }
            options.background = colour
        }
        return options
    }

    static func positiveInt(_ args: ParsedArguments, _ name: String) throws -> Int? {
        guard let text = args.value(name) else { return nil }
        guard let n = Int(text), n > 0 else { throw UsageError(message: "--\(name) takes a whole number above zero, not '\(text)'") }
        return n
    }
}

/// What `preview` and `poster` were given, made ready to draw: a template (resolved against media
/// or placeholders), a timeline file, or a video file.
struct PreviewInput {
    let path: String
    /// Nil for a video file, which is shown as it is.
    let timeline: Timeline?
    let template: Template?
    let header: SheetHeader?
    /// Keeps placeholder pictures on disk while the timeline is drawn.
    let placeholders: PlaceholderMedia?

    /// What drawing from this input reads, for the output check.
    func inputs(media: [String]) -> [OutputGuard.Input] {
        if template != nil { return [.tree(path)] + OutputCheck.media(media) }
        if let timeline, path.lowercased().hasSuffix(".json") { return OutputCheck.timeline(path, timeline) }
        return [.file(path)]
    }

    /// The name outputs are called after by default.
    var baseName: String {
        var name = Workflow.name(of: path)
        for ext in [".json", ".mp4", ".mov", ".m4v", ".mkv", ".webm"] where name.lowercased().hasSuffix(ext) {
            name = String(name.dropLast(ext.count))
        }
        return name
    }

    static func open(_ path: String, media: [String], quiet: Bool) throws -> PreviewInput {
        guard let kind = FileKind.of(path) else {
            throw CommandFailure(message: "\(path): opening: no such file or folder")
        }
        if kind == .folder {
            let template = try Workflow.loadTemplate(path, quiet: quiet)
            if media.isEmpty {
                let placeholders = try PlaceholderMedia(template: template)
                let timeline: Timeline
                do { timeline = try placeholders.timeline(template: template, templateFolder: path) } catch let e as ResolveError {
                    throw CommandFailure(message: e.description)
                }
                return PreviewInput(
                    path: path, timeline: timeline, template: template,
                    header: SheetHeader(template: template, timeline: timeline, placeholders: true), placeholders: placeholders)
            }
            let assets = try Workflow.gatherMedia(media)
            let resolution: Resolution
            do { resolution = try Resolver.resolve(template: template, templateFolder: path, media: assets) } catch {
                throw CommandFailure(message: error.description)
            }
            for d in resolution.diagnostics where d.severity != .note && !quiet { Console.err(d.description) }
            return PreviewInput(
                path: path, timeline: resolution.timeline, template: template,
                header: SheetHeader(template: template, timeline: resolution.timeline, placeholders: false), placeholders: nil)
        }
        if !media.isEmpty { throw UsageError(message: "--media applies to a template folder") }
        if path.lowercased().hasSuffix(".json") {
            let timeline: Timeline
            timeline = try TimelineInput.read(path)
            return PreviewInput(path: path, timeline: timeline, template: nil, header: SheetHeader(timeline: timeline, file: path), placeholders: nil)
        }
        return PreviewInput(path: path, timeline: nil, template: nil, header: nil, placeholders: nil)
    }
}
