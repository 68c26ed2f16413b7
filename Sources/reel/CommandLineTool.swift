import ReelKit

/// Dispatches `reel <subcommand> ...` and turns every failure into one line and an exit code.
enum CommandLineTool {
    static let version = "0.1.0"

    static let commands: [any Command] = [
        MakeCommand(), ResolveCommand(), RenderCommand(), ExportCommand(), ValidateCommand(), ProbeCommand(), BeatsCommand(), CatalogCommand(),
        NewTemplateCommand(), PreviewCommand(), PosterCommand(), GalleryCommand(), EditCommand(), BatchCommand(), JoinCommand(),
        ServeCommand(), StudioCommand(), ManualPageCommand(), CompletionsCommand(),
    ]

    static func run(_ args: [String]) -> ExitStatus {
        guard let first = args.first else {
            Console.err(usage)
            return .usage
        }
        switch first {
        case "--version", "-V", "version":
            Console.out("reel \(version) (\(Pipeline.libraryVersions))")
            return .success
        case "--help", "-h", "help":
            if args.count > 1, let c = commands.first(where: { $0.name == args[1] }) {
                Console.out(c.help)
            } else {
                Console.out(usage)
            }
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            if first.hasPrefix("-") {
                Console.error("unknown option '\(first)' (see 'reel --help')")
            } else {
                Console.error("unknown command '\(first)' (commands: \(commands.map(\.name).joined(separator: ", ")))")
            }
            return .usage
        }
        do {
            return try run(command, Array(args.dropFirst()))
        } catch let error as UsageError {
            Console.error("\(command.name): \(error.message) (see 'reel \(command.name) --help')")
            return .usage
        } catch let error as ReelError {
            Console.error(error.description)
            switch error {
            case .file(let e) where e.kind == .collision: return .usage
            case .cancelled: return .failure
            default: return error.isInvalidInput ? .invalid : .failure
            }
        } catch let error as BatchError {
            switch error {
            case .jobsFile(let e):
                for line in e.lines { Console.error(line) }
                return .invalid
            case .file(let e):
                Console.error(e.description)
                return e.kind == .collision ? .usage : .failure
            }
        } catch let error as FileAccessError {
            Console.error(error.description)
            return error.kind == .collision ? .usage : .failure
        } catch let error as RenderError {
            Console.error(error.description)
            return .failure
        } catch let error as CommandFailure {
            Console.error(error.message)
            return error.status
        } catch {
            Console.error("\(error)")
            return .failure
        }
    }

    /// Parses `args` against the command's table and runs it, or prints its help.
    private static func run<C: Command>(_ command: C, _ args: [String]) throws -> ExitStatus {
        let parsed: ParsedArguments<C.Options> = try parseArguments(args)
        if parsed.help {
            Console.out(command.help)
            return .success
        }
        return try command.run(parsed)
    }

    static var usage: String {
        var lines = [
            "usage: reel <command> [options]",
            "",
            "Makes finished videos from templates and your clips and photos.",
            "",
            "commands:",
        ]
        for c in commands {
            lines.append("  " + c.name.padding(12) + c.summary)
        }
        lines += ["", "options: --version, --help; 'reel <command> --help' for a command's options"]
        return lines.joined(separator: "\n")
    }
}

/// A subcommand of `reel`.
protocol Command: Sendable {
    /// Its options, declared once: what it parses, what its help lists, the keys it reads.
    associatedtype Options: OptionTable
    var name: String { get }
    var summary: String { get }
    /// Usage line(s) and a description of the operands.
    var synopsis: String { get }
    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus
}

extension Command {
    /// The command's own options, from its table, in the order declared.
    var options: [OptionSpec] { Options().specs }

    var help: String {
        var lines = ["usage: reel \(name) \(synopsis)", "", summary, "", "options:"]
        for o in options + CommonOptions.specs {
            var flag = o.short.map { "-\($0), " } ?? "    "
            flag += "--\(o.long)" + (o.takesValue ? " <value>" : "")
            lines.append("  " + flag.padding(26) + o.help)
        }
        return lines.joined(separator: "\n")
    }
}

/// A failure the CLI itself detects, with the exit code it maps to.
struct CommandFailure: Error {
    let message: String
    var status: ExitStatus = .failure
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
