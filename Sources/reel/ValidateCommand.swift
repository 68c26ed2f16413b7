import TemplateCore

/// `reel validate`: checks templates and reports every finding at once.
struct ValidateCommand: Command {
    let name = "validate"
    let summary = "check templates and report every problem, with where and how to fix it"
    let synopsis = "<template folders...> [--strict]"
    let options = [OptionSpec(long: "strict", short: nil, takesValue: false, help: "treat warnings as failures")]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give one or more template folders") }
        var failed = false
        for folder in args.operands {
            let result: TemplateLoadResult
            do { result = try TemplateLoader.load(folder: folder) } catch {
                Console.error(error.description)
                failed = true
                continue
            }
            for d in result.diagnostics { Console.err(d.description) }
            if result.diagnostics.hasFailures(strict: args.flag("strict")) {
                failed = true
            } else if !args.flag("quiet") {
                let warnings = result.diagnostics.filter { $0.severity == .warning }.count
                Console.out("\(result.templateFile): ok" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
            }
        }
        return failed ? .invalid : .success
    }
}
