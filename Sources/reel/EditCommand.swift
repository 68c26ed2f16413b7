import ReelKit

/// `reel edit`: one edit of a timeline file per call, kept valid, with a history to undo and redo.
struct EditCommand: Command {
    let name = "edit"
    let summary = "edit a timeline: split, trim, move, swap, replace, speed, filters, texts, music; undo and redo"
    let synopsis = """
        <timeline.json> <operation> [arguments]

        operations (a clip is its id or its number in 'list'; times as 2.5s, 1.2 or 48f):
          list                                   numbered clips, layers, transitions, texts and sounds
          split <clip> --at <time>               cut a clip in two at a time of the video
          trim <clip> [--in +0.5s] [--out -1s]   move its start later (+) or earlier (-), its end likewise
          slip <clip> <offset>                   show a later (+) or earlier (-) part of the source
          move <clip> --to <n>                   put a main-track clip at place n
          swap <clip> <clip>                     exchange two main-track clips
          delete <clip>
          replace <clip> <media>                 other media in its place, fitted as the resolver would
          speed <clip> <ratio>   reverse <clip>   rotate <clip> <90|180|270>
          volume <clip> <gain>   mute <clip>
          filter <clip> add <kind> [--<parameter> <value>...]   filter <clip> remove [<kind>]
          transition <clip> <kind> [--duration 0.4] [--easing easeInOut]   the cut after the clip; kind 'cut' removes it
          text <id> "<words>"
          music <file> [--start auto|12s]        another song under the whole video; clips counted in beats
                                                 are re-timed to its beats (auto: its strongest stretch)
          snap <clip> [next|previous|nearest]    move the cut after the clip to a beat of the music
          undo   redo   history

        The history is kept beside the timeline, in <name>.history.jsonl; edits of one timeline run one
        at a time, a later one waiting up to \(Int(Limits.maxEditWait.seconds)) s for the one before (see docs/editing.md).
        """

    /// The options of every operation are ReelKit's (`EditOperations`), declared there once and
    /// listed here in its order, with `--format` after the named ones as it always was.
    struct Options: OptionTable {
        let named = EditOperations.named.map { Option($0.name, help: $0.help) }
        let format = Option("format", help: "text (default) or json")
        /// Every effect parameter of the catalog with a range is an option of `filter add` and
        /// `transition`, unless an option above has its name.
        let parameters = EditOperations.effectParameters.map { Option($0.name, help: $0.help) }
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count >= 2 else { throw UsageError(message: "give a timeline file and an operation") }
        let json = try Workflow.summaryFormat(args[\.format])
        let path = args.operands[0]
        let operation = args.operands[1]
        let quiet = args.quiet
        let waiting = { if !quiet { Console.err("reel: waiting for another reel edit of \(path) to finish") } }
        do throws(EditFailure) {
            // `list` and `history` only read: they write nothing, neither the timeline nor its journal.
            if operation == "list" {
                EditListingPrinter.print(try Pipeline.editListing(timeline: path), json: json)
                return .success
            }
            if operation == "history" {
                EditListingPrinter.printHistory(try Pipeline.editHistory(timeline: path, waiting: waiting), json: json)
                return .success
            }
            let options = args.values.filter { $0.key != args.table.format.spec.long }.compactMapValues(\.last)
            let request = EditRequest(operation: operation, operands: Array(args.operands.dropFirst(2)), options: options)
            let outcome = try Pipeline.edit(timeline: path, request, waiting: waiting)
            if json {
                Console.write(1, VisibleText.json(JSONWriter.write(outcome.json)))
            } else if !quiet {
                Console.out(VisibleText.escaped(outcome.changed))
            }
            return .success
        } catch {
            throw Self.failure(error)
        }
    }

    /// The failure as the command reports it: a mistake in the request is a usage error (exit 2),
    /// a medium that did not read is reported as every command reports it, and the rest exit 3 for
    /// a document to mend (the timeline, its journal) and 1 for a file that cannot be reached.
    private static func failure(_ error: EditFailure) -> any Error {
        switch error {
        case .request(let message): return UsageError(message: message)
        case .media(let e): return e
        default: return CommandFailure(message: error.description, status: error.isInvalidDocument ? .invalid : .failure)
        }
    }
}
