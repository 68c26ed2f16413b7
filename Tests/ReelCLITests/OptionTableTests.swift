import EffectCatalog
import ReelKit
import Testing

@testable import reel

/// Every command's options are declared once, in its `OptionTable`: what the parser accepts, what
/// `--help`, the manual page and the completions list, and the keys the command reads are that
/// one table. These tests hold every table to it.
@Suite struct OptionTableTests {
    /// Each command's table with the common options, as the parser sees it.
    static var tables: [(command: String, specs: [OptionSpec])] {
        CommandLineTool.commands.map { ($0.name, $0.options + CommonOptions.specs) }
    }

    @Test func noNameIsDeclaredTwice() {
        for (command, specs) in Self.tables {
            let longs = specs.map(\.long)
            #expect(Set(longs).count == longs.count, "reel \(command) declares a long name twice: \(longs.sorted())")
            let shorts = specs.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "reel \(command) declares a short letter twice: \(shorts)")
            for spec in specs {
                #expect(!spec.long.isEmpty && !spec.long.hasPrefix("-") && !spec.help.isEmpty, "reel \(command): --\(spec.long)")
                #expect(spec.takesValue || !spec.repeatable, "reel \(command): the flag --\(spec.long) cannot repeat")
            }
        }
    }

    @Test func helpManualAndCompletionsListEveryOption() {
        let manual = ManualPageCommand.page()
        let bash = CompletionsCommand.bash()
        let fish = CompletionsCommand.fish()
        for command in CommandLineTool.commands {
            let help = command.help
            for spec in command.options + CommonOptions.specs {
                #expect(help.contains("--\(spec.long)" + (spec.takesValue ? " <value>" : "")), "reel \(command.name) --help: --\(spec.long)")
                #expect(help.contains(spec.help), "reel \(command.name) --help: the help of --\(spec.long)")
                #expect(
                    fish.contains("__fish_seen_subcommand_from \(command.name)' -l \(spec.long)"), "fish completions: \(command.name) --\(spec.long)")
            }
            #expect(bash.contains("\(command.name)) opts=\"\(CompletionsCommand.flags(command).joined(separator: " "))\""))
            guard command.name != "manpage" && command.name != "completions" else { continue }
            for spec in command.options {
                #expect(manual.contains("\\fB\\-\\-\(ManualPageCommand.escape(spec.long))\\fR"), "reel.1: \(command.name) --\(spec.long)")
            }
        }
    }

    /// Every option a command declares is accepted by its parser and read back through its key.
    @Test func everyDeclaredOptionParses() throws {
        for (command, specs) in Self.tables {
            guard let c = CommandLineTool.commands.first(where: { $0.name == command }) else { continue }
            for spec in specs {
                let given = spec.takesValue ? ["--\(spec.long)", "v"] : ["--\(spec.long)"]
                #expect(throws: Never.self, "reel \(command) \(given)") { try Self.parses(c, given, spec) }
                if let short = spec.short {
                    #expect(throws: Never.self, "reel \(command) -\(short)") {
                        try Self.parses(c, spec.takesValue ? ["-\(short)", "v"] : ["-\(short)"], spec)
                    }
                }
            }
            #expect(throws: UsageError.self) { try Self.parses(c, ["--not-an-option-of-reel"], nil) }
        }
    }

    private static func parses<C: Command>(_ command: C, _ args: [String], _ spec: OptionSpec?) throws {
        let parsed: ParsedArguments<C.Options> = try parseArguments(args)
        guard let spec else { return }
        if spec.takesValue {
            #expect(parsed.values[spec.long] == ["v"])
        } else {
            #expect(parsed.flags == [spec.long])
        }
    }

    /// `reel edit` reads an effect's parameters by name: each one `filter add` and `transition`
    /// can set is an option it declares (else the lookup traps).
    @Test func editDeclaresEveryEffectParameterItReads() {
        let declared = Set((EditCommand().options + CommonOptions.specs).map(\.long))
        for entry in Catalog.all where entry.family == .filter || entry.family == .transition {
            for p in entry.parameters where p.range != nil {
                #expect(declared.contains(p.name), "reel edit: --\(p.name) of \(entry.id)")
            }
        }
    }

    /// `reel edit`'s options are ReelKit's (`EditOperations`), in its order: an option the command
    /// line declares that no operation reads, or one an operation reads that it does not parse, fails here.
    @Test func editDeclaresExactlyTheOptionsOfTheLibrary() {
        let declared = EditCommand().options.map(\.long).filter { $0 != EditCommand.Options().format.spec.long }
        #expect(declared == EditOperations.optionNames)
        for operation in EditOperations.names {
            for name in EditOperations.optionNames(of: operation) ?? [] {
                #expect(declared.contains(name), "reel edit \(operation): --\(name)")
            }
        }
    }

    /// A key that is not a stored property of its table (so the parser never fills it) and a
    /// name a table does not declare are programming errors: looking them up traps.
    @Test func undeclaredLookupTraps() async {
        await #expect(processExitsWith: .failure) {
            let parsed: ParsedArguments<StrayKeyTable> = try parseArguments(["--declared", "v"])
            _ = parsed[\.stray]
        }
        await #expect(processExitsWith: .failure) {
            let parsed: ParsedArguments<EditCommand.Options> = try parseArguments([])
            _ = parsed.value(named: "no-such-parameter")
        }
    }

    /// A group shares the invocation: values given to `make` read the same through its groups.
    @Test func groupsReadTheInvocation() throws {
        let parsed: ParsedArguments<MakeCommand.Options> = try parseArguments(
            ["t", "--quality", "high", "--text", "a=1", "--text", "b=2", "--music", "s.mp3", "-q", "--soft-captions", "m.jpg"])
        #expect(parsed.operands == ["t", "m.jpg"])
        #expect(parsed.group(\.render)[\.quality] == "high")
        #expect(parsed[\.render.quality] == "high")
        #expect(parsed.group(\.resolve)[\.text] == ["a=1", "b=2"])
        #expect(parsed.group(\.song)[\.music] == "s.mp3")
        #expect(parsed.group(\.render)[\.softCaptions])
        #expect(parsed.group(\.render).quiet && parsed.quiet)
        #expect(parsed[\.timeline] == nil && !parsed[\.strict])
    }
}

/// A table with a key the parser cannot see: a computed property, not a stored one.
struct StrayKeyTable: OptionTable {
    let declared = Option("declared", help: "an option of the table")
    var stray: Option { Option("stray", help: "not a stored property, so never parsed") }
}
