/// The operations of an edit and the options each one reads, declared here once: the command
/// line's option table for `reel edit` is built from them, and an API offers the same.
package enum EditOperations {
    /// One option of one or more operations: its name without dashes, and its line of help.
    package struct Option: Sendable, Hashable {
        /// The name, as `--<name>` on the command line and a key of `EditRequest.options`.
        package let name: String
        /// One line for `--help`, the manual page and the completions, naming the operation it serves.
        package let help: String
        /// The operations that read it.
        package let operations: [String]
    }

    /// Every operation, in the order `reel edit --help` lists them. `list` and `history` only
    /// read (`Pipeline.editListing`, `Pipeline.editHistory`); the others are `Pipeline.edit`'s.
    package static let names = [
        "list", "split", "trim", "slip", "move", "swap", "delete", "replace", "speed", "reverse", "rotate", "volume", "mute", "filter",
        "transition", "text", "music", "snap", "undo", "redo", "history",
    ]

    /// The operations that only read: they write neither the timeline nor its journal.
    package static let reading: Set<String> = ["list", "history"]

    /// The options operations read by a name of their own, in the order the help lists them.
    package static let named = [
        Option(name: "at", help: "split: the time of the video to cut at", operations: ["split"]),
        Option(name: "in", help: "trim: move the start by this much (+ later, - earlier)", operations: ["trim"]),
        Option(name: "out", help: "trim: move the end by this much (+ later, - earlier)", operations: ["trim"]),
        Option(name: "to", help: "move: the place (1 is first)", operations: ["move"]),
        Option(name: "duration", help: "transition: its length", operations: ["transition"]),
        Option(name: "easing", help: "transition: linear, easeIn, easeOut or easeInOut", operations: ["transition"]),
        Option(
            name: "start", help: "music: where in the song the video begins (auto, or a time, moved to a beat)", operations: ["music"]),
    ]

    /// Every parameter of the catalog's filters and transitions with a range (a number) is an
    /// option of `filter add` and `transition`, sorted by name; those named as an option above are that option.
    package static let effectParameters: [Option] = {
        let taken = Set(named.map(\.name))
        let families: [(EffectFamily, String)] = [(.filter, "filter"), (.transition, "transition")]
        var operations: [String: [String]] = [:]
        for (family, operation) in families {
            for entry in Catalog.all where entry.family == family {
                for p in entry.parameters where p.range != nil && !taken.contains(p.name) {
                    if operations[p.name]?.contains(operation) != true { operations[p.name, default: []].append(operation) }
                }
            }
        }
        return operations.keys.sorted().map { Option(name: $0, help: "an effect parameter (see 'reel catalog')", operations: operations[$0] ?? []) }
    }()

    /// Every option of an edit: `named`, then `effectParameters`.
    package static var options: [Option] { named + effectParameters }

    /// The names of every option any operation reads.
    package static var optionNames: [String] { options.map(\.name) }

    /// The names of the options `operation` reads; nil for an operation there is none of.
    package static func optionNames(of operation: String) -> [String]? {
        guard names.contains(operation) else { return nil }
        return options.filter { $0.operations.contains(operation) }.map(\.name)
    }
}
