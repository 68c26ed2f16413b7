/// `reel completions bash|zsh|fish`: shell completion of commands and options, written from the
/// commands' own option lists.
struct CompletionsCommand: Command {
    let name = "completions"
    let summary = "print shell completions: reel completions bash|zsh|fish"
    let synopsis = "<bash|zsh|fish>"
    func run(_ args: ParsedArguments<NoOptions>) throws -> ExitStatus {
        switch args.operands.first {
        case "bash": Console.write(1, Self.bash())
        case "zsh": Console.write(1, Self.zsh())
        case "fish": Console.write(1, Self.fish())
        default: throw UsageError(message: "name a shell: bash, zsh or fish")
        }
        return .success
    }

    static var commands: [any Command] { CommandLineTool.commands }

    static func flags(_ c: any Command) -> [String] {
        (c.options + CommonOptions.specs).flatMap { o in ["--\(o.long)"] + (o.short.map { ["-\($0)"] } ?? []) }
    }

    static func bash() -> String {
        var cases = ""
        for c in commands {
            cases += "        \(c.name)) opts=\"\(flags(c).joined(separator: " "))\" ;;\n"
        }
        return """
            # bash completion for reel
            _reel() {
                local cur="${COMP_WORDS[COMP_CWORD]}" opts
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases)        *) opts="" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _reel reel

            """
    }

    static func zsh() -> String {
        var cases = ""
        for c in commands {
            let specs = (c.options + CommonOptions.specs).map { o in
                "'--\(o.long)[\(o.help.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")"))]\(o.takesValue ? ":value:_files" : "")'"
            }.joined(separator: " ")
            cases += "    (\(c.name)) _arguments \(specs) '*:file:_files' ;;\n"
        }
        let described = commands.map {
            "'\($0.name):\($0.summary.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:"))'"
        }.joined(separator: " ")
        return """
            #compdef reel
            # zsh completion for reel
            _reel() {
              if (( CURRENT == 2 )); then
                local -a cmds
                cmds=(\(described))
                _describe 'command' cmds
                return
              fi
              case $words[2] in
            \(cases)  esac
            }
            _reel "$@"

            """
    }

    static func fish() -> String {
        var lines = ["# fish completion for reel", "complete -c reel -f"]
        for c in commands {
            lines.append("complete -c reel -n '__fish_use_subcommand' -a \(c.name) -d '\(c.summary.replacingOccurrences(of: "'", with: "\\'"))'")
            for o in c.options + CommonOptions.specs {
                var line = "complete -c reel -n '__fish_seen_subcommand_from \(c.name)' -l \(o.long)"
                if let s = o.short { line += " -s \(s)" }
                if o.takesValue { line += " -r -F" }
                line += " -d '\(o.help.replacingOccurrences(of: "'", with: "\\'"))'"
                lines.append(line)
            }
            lines.append("complete -c reel -n '__fish_seen_subcommand_from \(c.name)' -F")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
