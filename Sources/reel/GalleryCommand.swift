import ReelKit

/// `reel gallery`: a static web page of every template in a folder, to choose from by looking.
struct GalleryCommand: Command {
    let name = "gallery"
    let summary = "write a static HTML gallery of every template in a folder: sheets, animations, details, status"
    let synopsis = "<templates folder> -o <site folder> [--media <folder>]"
    struct Options: OptionTable {
        let output = Option("output", short: "o", help: "folder to write index.html and its images into")
        let media = RepeatedOption("media", help: "fill every template with these media instead of placeholders", list: true)
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let folder = args.operands.first else { throw UsageError(message: "give one folder of templates") }
        guard let site = args[\.output] else { throw UsageError(message: "give the site folder with -o") }
        let start = monotonicSeconds()
        // Checks every file it will write against the templates and media before any work.
        let result = try Pipeline.gallery(templates: folder, site: site, media: args[\.media])
        if !args.quiet {
            let invalid = result.entries.filter { !$0.isValid }.count
            Console.out("wrote \(result.page) (\(result.entries.count) templates, \(invalid) invalid) in \(format(monotonicSeconds() - start, 1)) s")
        }
        return .success
    }
}
