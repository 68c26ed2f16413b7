import Foundation
import ReelKit

/// `reel validate`: checks templates and reports every finding at once.
///
/// Exit 0 when every template is clean (warnings allowed unless `--strict`), 1 when problems
/// were found, 2 for a wrong call. With `--format json` it prints one JSON document on standard
/// output for editors and CI.
struct ValidateCommand: Command {
    let name = "validate"
    let summary = "check templates and report every problem, with where and how to fix it"
    let synopsis = "<template folders or template.json files...> [--strict] [--format text|json]"
    struct Options: OptionTable {
        let strict = Flag("strict", help: "treat warnings as failures")
        let format = Option("format", help: "text (default) or json")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give one or more template folders") }
        let format = try OutputFormat.of(args[\.format])
        let strict = args[\.strict]
        var failed = false
        var reports: [JSONValue] = []
        for operand in args.operands {
            let folder = Self.folder(of: operand)
            let diagnostics: [Diagnostic]
            let file: String
            do {
                let result = try TemplateLoader.load(folder: folder, inspector: TemplateAssetInspector())
                diagnostics = result.diagnostics
                file = result.templateFile
            } catch {
                // A folder that cannot be read is one more problem found, reported like the others,
                // with its code, in text and JSON alike.
                diagnostics = [error.diagnostic]
                file = error.path
            }
            let fails = diagnostics.hasFailures(strict: strict)
            failed = failed || fails
            if format == .json {
                reports.append(Self.report(file: file, diagnostics: diagnostics, valid: !fails))
                continue
            }
            for d in diagnostics { Console.err(d.description) }
            if !fails && !args.quiet {
                let warnings = diagnostics.filter { $0.severity == .warning }.count
                Console.out("\(file): ok" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
            }
        }
        if format == .json {
            var document = JSONObject()
            document["templates"] = .array(reports)
            document["valid"] = .bool(!failed)
            Console.write(1, JSONWriter.write(.object(document)))
        }
        return failed ? .failure : .success
    }

    /// A template folder, or the folder of a `template.json` given directly.
    static func folder(of operand: String) -> String {
        if let kind = FileKind.of(operand), kind != .folder, PathText.name(of: operand) == TemplateLoader.fileName {
            return PathText.folder(of: operand)
        }
        return operand
    }

    static func report(file: String, diagnostics: [Diagnostic], valid: Bool) -> JSONValue {
        var object = JSONObject()
        object["file"] = .string(file)
        object["valid"] = .bool(valid)
        for severity in Severity.allCases {
            object[severity.rawValue + "s"] = .number(JSONNumber(diagnostics.filter { $0.severity == severity }.count))
        }
        object["diagnostics"] = .array(diagnostics.map(\.jsonValue))
        return .object(object)
    }
}
