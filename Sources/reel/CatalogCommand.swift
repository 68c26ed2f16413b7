import TemplateCore

/// `reel catalog`: every transition, filter, motion, text animation and easing a template can
/// name, with its parameters (type, range, default, animatable).
struct CatalogCommand: Command {
    let name = "catalog"
    let summary = "list the transitions, filters, motions and animations templates can use"
    let synopsis = "[--format text|json]"
    struct Options: OptionTable {
        let format = Option("format", help: "text (default) or json")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.isEmpty else { throw UsageError(message: "takes no operands") }
        switch try OutputFormat.of(args[\.format]) {
        case .text: Console.write(1, Catalog.text())
        case .json: Console.write(1, JSONWriter.write(Catalog.jsonValue()))
        }
        return .success
    }
}
