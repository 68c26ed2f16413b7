/// Options and operands of one invocation, after parsing, read through the keys of the
/// command's `OptionTable`: `args[\.seed]` is `String?`, `args[\.text]` `[String]`,
/// `args[\.strict]` `Bool`.
struct ParsedArguments<Table: OptionTable> {
    let table: Table
    /// The long names of the options declared: the table's and the common ones.
    private let declared: Set<String>
    /// The values given, by long name, in the order given.
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var operands: [String] = []

    init(table: Table = Table()) {
        self.table = table
        declared = Set((table.specs + CommonOptions.specs).map(\.long))
    }

    subscript(key: KeyPath<Table, Option>) -> String? { values[declaredName(table[keyPath: key].spec)]?.last }
    subscript(key: KeyPath<Table, RepeatedOption>) -> [String] { values[declaredName(table[keyPath: key].spec)] ?? [] }
    subscript(key: KeyPath<Table, Flag>) -> Bool { flags.contains(declaredName(table[keyPath: key].spec)) }

    /// `-q`, `--quiet`.
    var quiet: Bool { flags.contains(CommonOptions.quiet.spec.long) }
    /// `-h`, `--help`.
    var help: Bool { flags.contains(CommonOptions.help.spec.long) }

    /// The same invocation read through a group of the table (`args.group(\.render)`), for the
    /// steps several commands share.
    func group<Group: OptionTable>(_ key: KeyPath<Table, Group>) -> ParsedArguments<Group> {
        var view = ParsedArguments<Group>(table: table[keyPath: key])
        view.values = values
        view.flags = flags
        view.operands = operands
        return view
    }

    /// The value of the option named `long`, for options named by data (an effect parameter of
    /// `reel edit`); a name the table does not declare is a programming error, and traps.
    func value(named long: String) -> String? {
        precondition(declared.contains(long), "--\(long) is not declared by \(Table.self)")
        return values[long]?.last
    }

    /// A key whose option the table does not list (a computed property, say) would never be
    /// filled: it traps rather than reading as never given.
    private func declaredName(_ spec: OptionSpec) -> String {
        precondition(declared.contains(spec.long), "--\(spec.long) is not declared by \(Table.self)")
        return spec.long
    }

    mutating func record(value: String, for spec: OptionSpec) { values[spec.long, default: []].append(value) }
    mutating func record(flag spec: OptionSpec) { flags.insert(spec.long) }
    mutating func record(operand: String) { operands.append(operand) }
}

/// A mistake in how the command was called: exit code 2.
struct UsageError: Error {
    let message: String
}

/// Parses `args` against the options of `table` and the common ones. `--` ends options; `-`
/// alone is an operand.
func parseArguments<Table: OptionTable>(_ args: [String], table: Table = Table()) throws(UsageError) -> ParsedArguments<Table> {
    let specs = table.specs + CommonOptions.specs
    var parsed = ParsedArguments(table: table)
    var i = 0
    var optionsEnded = false
    while i < args.count {
        let arg = args[i]
        i += 1
        // A negative number (`-0.5s`, `-1`) is a value, not an option.
        let negativeNumber = arg.count > 1 && arg.dropFirst().first.map { $0.isNumber || $0 == "." } == true
        if optionsEnded || !arg.hasPrefix("-") || arg == "-" || negativeNumber {
            parsed.record(operand: arg)
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
            parsed.record(value: value, for: spec)
            if spec.list && inline == nil {
                while i < args.count, !args[i].hasPrefix("-") || args[i] == "-" {
                    guard !args[i].isEmpty else { throw UsageError(message: "option '\(shown)' takes no empty value") }
                    parsed.record(value: args[i], for: spec)
                    i += 1
                }
            }
        } else {
            if inline != nil { throw UsageError(message: "option '--\(name)' takes no value") }
            parsed.record(flag: spec)
        }
    }
    return parsed
}
