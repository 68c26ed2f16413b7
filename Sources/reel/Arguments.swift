/// A command-line option a subcommand accepts.
struct OptionSpec {
    /// Long name without dashes (`output`), and the short letter if any (`o`).
    let long: String
    let short: Character?
    /// True when the option takes a value (`-o out.mp4`, `--seed=4`).
    let takesValue: Bool
    let help: String
    /// Option may be given more than once (`--text k=v --text k2=v2`).
    var repeatable = false
    /// Option takes every value after it up to the next option (`--media a.jpg b.jpg c.mp4`).
    var list = false
}

/// Options and operands of one invocation, after parsing.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    func value(_ long: String) -> String? { values[long]?.last }
    func all(_ long: String) -> [String] { values[long] ?? [] }
    func flag(_ long: String) -> Bool { flags.contains(long) }
}

/// A mistake in how the command was called: exit code 2.
struct UsageError: Error {
    let message: String
}

/// Parses `args` against `specs`. `--` ends options; `-` alone is an operand.
func parseArguments(_ args: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    var optionsEnded = false
    while i < args.count {
        let arg = args[i]
        i += 1
        // A negative number (`-0.5s`, `-1`) is a value, not an option.
        let negativeNumber = arg.count > 1 && arg.dropFirst().first.map { $0.isNumber || $0 == "." } == true
        if optionsEnded || !arg.hasPrefix("-") || arg == "-" || negativeNumber {
            parsed.operands.append(arg)
            continue
        }
        if arg == "--" {
            optionsEnded = true
            continue
        }
        var name: String
        var inline: String?
        let spec: OptionSpec?
        if arg.hasPrefix("--") {
            name = String(arg.dropFirst(2))
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            spec = specs.first { $0.long == name }
        } else {
            guard arg.count == 2, let letter = arg.dropFirst().first else {
                throw UsageError(message: "unknown option '\(arg)'")
            }
            spec = specs.first { $0.short == letter }
            name = spec?.long ?? ""
        }
        guard let spec else { throw UsageError(message: "unknown option '\(arg)'") }
        if spec.takesValue {
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count else { throw UsageError(message: "option '\(arg)' needs a value") }
                value = args[i]
                i += 1
            }
            // No option takes an empty value: `-o ""` would name the working folder, or nothing.
            let shown = arg.hasPrefix("--") ? "--\(name)" : arg
            guard !value.isEmpty else { throw UsageError(message: "option '\(shown)' needs a value, not an empty one") }
            if !spec.repeatable && parsed.values[spec.long] != nil {
                throw UsageError(message: "option '\(arg)' is given twice")
            }
            parsed.values[spec.long, default: []].append(value)
            if spec.list && inline == nil {
                while i < args.count, !args[i].hasPrefix("-") || args[i] == "-" {
                    guard !args[i].isEmpty else { throw UsageError(message: "option '\(shown)' takes no empty value") }
                    parsed.values[spec.long, default: []].append(args[i])
                    i += 1
                }
            }
        } else {
            if inline != nil { throw UsageError(message: "option '--\(name)' takes no value") }
            parsed.flags.insert(spec.long)
        }
    }
    return parsed
}

/// Options every subcommand takes.
let commonOptions = [
    OptionSpec(long: "quiet", short: "q", takesValue: false, help: "print nothing but errors"),
    OptionSpec(long: "help", short: "h", takesValue: false, help: "show this help"),
]
