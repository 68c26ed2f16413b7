/// What the parser, the help, the manual page and the shell completions know of one option: its
/// names, whether it takes a value, and its line of help. Written only by the typed keys below.
struct OptionSpec: Sendable, Equatable {
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

/// An option that takes one value (`--seed 4`, `-o out.mp4`); given twice, it is a usage error.
/// Looked up in `ParsedArguments` by its key path in a command's `OptionTable`: `String?`.
struct Option: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(long: long, short: short, takesValue: true, help: help)
    }
}

/// An option that may be given more than once (`--text k=v --text k2=v2`), or that takes every
/// value after it (`list`: `--media a.jpg b.jpg`). Looked up as `[String]`, in the order given.
struct RepeatedOption: Sendable {
    let spec: OptionSpec

    init(_ long: String, help: String, list: Bool = false) {
        spec = OptionSpec(long: long, short: nil, takesValue: true, help: help, repeatable: true, list: list)
    }
}

/// An option without a value (`--strict`, `-q`). Looked up as `Bool`.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(long: long, short: short, takesValue: false, help: help)
    }
}

/// The options of a command, each declared once as a stored property (`let seed = Option(...)`),
/// or a group of them shared by several commands (`let render = RenderOptions()`).
///
/// As in swift-argument-parser, the table is read by reflection: its properties, in the order
/// written, are what the parser accepts and what `--help`, the manual page and the completions
/// list. A command reads a value through a key path into its own table (`args[\.seed]`), so a
/// lookup of an option the command never declared does not compile.
protocol OptionTable: Sendable {
    init()
}

extension OptionTable {
    /// Every option of the table, groups expanded in place, in the order written.
    var specs: [OptionSpec] { Self.specs(of: self) }

    private static func specs(of value: Any) -> [OptionSpec] {
        Mirror(reflecting: value).children.flatMap { child -> [OptionSpec] in
            switch child.value {
            case let o as Option: return [o.spec]
            case let o as RepeatedOption: return [o.spec]
            case let f as Flag: return [f.spec]
            case let options as [Option]: return options.map(\.spec)
            case let group as any OptionTable: return specs(of: group)
            default:
                // A table holds options and groups of them, nothing else: anything else would be
                // a key the parser never fills.
                preconditionFailure("\(Self.self).\(child.label ?? "?") is not an option, a flag or a group of them")
            }
        }
    }
}

/// A command without options of its own.
struct NoOptions: OptionTable {}

/// Options every command takes, after its own.
enum CommonOptions {
    static let quiet = Flag("quiet", short: "q", help: "print nothing but errors")
    static let help = Flag("help", short: "h", help: "show this help")
    static let specs = [quiet.spec, help.spec]
}
