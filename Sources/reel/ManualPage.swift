/// `reel manpage`: the manual page `reel.1`, written from the same text as `--help`, so the two
/// cannot drift apart.
struct ManualPageCommand: Command {
    let name = "manpage"
    let summary = "print the manual page (roff), as scripts/install puts it in share/man/man1/reel.1"
    let synopsis = ""
    func run(_ args: ParsedArguments<NoOptions>) throws -> ExitStatus {
        Console.write(1, Self.page())
        return .success
    }

    static func page() -> String {
        var out = [
            ".TH REEL 1 \"\" \"reel \(CommandLineTool.version)\" \"User Commands\"",
            ".SH NAME",
            "reel \\- make finished videos from templates and your clips and photos",
            ".SH SYNOPSIS",
            ".B reel",
            ".I command",
            "[options]",
            ".SH DESCRIPTION",
            escape(
                "Reel fills a template's slots with your media and renders a finished MP4: its transitions, filters, motion, titles and music, encoded to play everywhere. Every command prints its own help with reel <command> --help."
            ),
            ".SH COMMANDS",
        ]
        for c in CommandLineTool.commands where c.name != "manpage" && c.name != "completions" {
            out.append(".SS \(escape("reel \(c.name)"))")
            let lines = c.synopsis.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            out.append(".B \(escape("reel \(c.name)")) \(escape(lines.first ?? ""))")
            out.append(".PP")
            out.append(escape(c.summary) + ".")
            let rest = lines.dropFirst().drop { $0.isEmpty }
            if !rest.isEmpty {
                out.append(".PP")
                out.append(".nf")
                out += rest.map(escape)
                out.append(".fi")
            }
            for o in c.options {
                out.append(".TP")
                var flag = o.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
                flag += "\\fB\\-\\-\(escape(o.long))\\fR" + (o.takesValue ? " \\fIvalue\\fR" : "")
                out.append(flag)
                out.append(escape(o.help))
            }
        }
        out += [
            ".SH COMMON OPTIONS",
            ".TP", "\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR", "print nothing but errors",
            ".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "show the command's help",
            ".SH EXIT STATUS",
            ".TP", "0", "done",
            ".TP", "1", escape("a media file could not be read or decoded, the output could not be written, or validate found problems"),
            ".TP", "2", escape("the command was called wrongly, or an output names an input or another output"),
            ".TP", "3", escape("the template or timeline is invalid; for batch, the jobs file (or, with --check, a row)"),
            ".TP", "4", escape("batch: some rows failed, each in the manifest with its error; with --merge, rows failed or are missing"),
            ".TP", "129, 130, 143", escape("interrupted by SIGHUP, SIGINT or SIGTERM; partial outputs removed"),
            ".SH SEE ALSO",
            escape(
                "The documentation in the source repository: docs/template-format.md, docs/timeline-format.md, docs/editing.md, docs/batch.md, docs/safety.md."
            ),
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var s = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s
    }
}
