import ReelKit

/// `reel probe`: what Reel sees in media files (size after rotation, rate, duration, sound).
///
/// `--format json` prints one document for scripts and batch services: exact times as the
/// timeline writes them (`"1001/30000s"`), with seconds beside them for convenience.
/// `--subjects` also runs the subject analysis (faces, salient regions, shot changes; cached per
/// file) and shows what it found: it decodes the whole video, so it is asked for, not done always.
struct ProbeCommand: Command {
    let name = "probe"
    let summary = "show what Reel reads from media files"
    let synopsis = "<media files...> [--format text|json] [--subjects]"
    struct Options: OptionTable {
        let format = Option("format", help: "text (default) or json")
        let subjects = Flag("subjects", help: "also find faces, salient regions and shot changes")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give one or more media files") }
        let format = try OutputFormat.of(args[\.format])
        var documents: [JSONValue] = []
        for path in args.operands {
            let info = try args[\.subjects] ? Pipeline.probe(path, subjects: .standard) : Pipeline.probe(path)
            if format == .json {
                documents.append(info.json)
            } else {
                Console.out(info.line)
            }
        }
        if format == .json {
            var document = JSONObject()
            document["files"] = .array(documents)
            Console.write(1, JSONWriter.write(.object(document)))
        }
        return .success
    }
}
