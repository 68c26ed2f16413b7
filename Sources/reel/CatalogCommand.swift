import ReelKit

/// `reel catalog`: every transition, filter, motion, text animation and easing a template can
/// name, with its parameters (type, range, default, animatable). `--format schema` and
/// `--format markdown` print the two documents made from the catalog: the template JSON Schema
/// (templates/template.schema.json) and the catalog tables of docs/template-format.md.
struct CatalogCommand: Command {
    let name = "catalog"
    let summary = "list the transitions, filters, motions and animations templates can use"
    let synopsis = "[--format text|json|schema|markdown]"
    struct Options: OptionTable {
        let format = Option(
            "format", help: "text (default), json, schema (the template JSON Schema) or markdown (the documentation's tables)")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.isEmpty else { throw UsageError(message: "takes no operands") }
        switch args[\.format] ?? "text" {
        case "text": Console.write(1, Catalog.text())
        case "json": Console.write(1, JSONWriter.write(Catalog.jsonValue()))
        case "schema": Console.write(1, TemplateSchema.text())
        case "markdown": Console.write(1, Catalog.markdown())
        case let other: throw UsageError(message: "--format takes text, json, schema or markdown, not '\(other)'")
        }
        return .success
    }
}
