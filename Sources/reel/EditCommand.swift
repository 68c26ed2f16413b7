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

    struct Options: OptionTable {
        let at = Option("at", help: "split: the time of the video to cut at")
        let trimIn = Option("in", help: "trim: move the start by this much (+ later, - earlier)")
        let trimOut = Option("out", help: "trim: move the end by this much (+ later, - earlier)")
        let to = Option("to", help: "move: the place (1 is first)")
        let duration = Option("duration", help: "transition: its length")
        let easing = Option("easing", help: "transition: linear, easeIn, easeOut or easeInOut")
        let start = Option("start", help: "music: where in the song the video begins (auto, or a time, moved to a beat)")
        let format = Option("format", help: "text (default) or json")
        /// Every effect parameter of the catalog with a range is an option of `filter add` and
        /// `transition`, unless an option above has its name; read by name (`value(named:)`).
        let parameters: [Option]

        init() {
            let taken = Set(
                [at, trimIn, trimOut, to, duration, easing, start, format].map(\.spec.long) + CommonOptions.specs.map(\.long) + ["output"])
            parameters = Set(
                Catalog.all.filter { $0.family == .filter || $0.family == .transition }.flatMap(\.parameters)
                    .filter { $0.range != nil }.map(\.name)
            ).subtracting(taken).sorted().map { Option($0, help: "an effect parameter (see 'reel catalog')") }
        }
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count >= 2 else { throw UsageError(message: "give a timeline file and an operation") }
        let json = try Workflow.summaryFormat(args[\.format])
        let path = args.operands[0]
        let operation = args.operands[1]
        let operands = Array(args.operands.dropFirst(2))
        let quiet = args.quiet
        func read(_ text: String) throws -> Timeline {
            do { return try TimelineCodec.decode(text, file: path, timelineFolder: PathText.folder(of: path)) } catch {
                throw CommandFailure(message: error.description, status: .invalid)
            }
        }
        // `list` and `history` only read: they write nothing, neither the timeline nor its journal.
        if operation == "list" {
            let text: String
            do { text = try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch {
                throw CommandFailure(message: error.description, status: error.kind == .notFound ? .failure : .invalid)
            }
            EditListing.print(try read(text), json: json)
            return .success
        }
        let waiting = { if !quiet { Console.err("reel: waiting for another reel edit of \(path) to finish") } }
        if operation == "history" {
            let history = try Self.drafting { () throws(EditDraftError) in
                try EditDraft.readHistory(of: path, wait: Limits.maxEditWait, waiting: waiting)
            }
            EditListing.printHistory(history, json: json)
            return .success
        }
        // Every other call holds the journal's lock from reading the timeline to writing it, so
        // edits of one timeline never interleave (see docs/editing.md). What the journal holds is
        // checked as `render` checks a timeline file before it is written back.
        let check = EditDraft.readCheck(timelinePath: path, files: TimelineMediaCheck.check)
        var draft = try Self.drafting { () throws(EditDraftError) in
            try EditDraft(timelinePath: path, wait: Limits.maxEditWait, check: check, waiting: waiting)
        }
        let changed: String
        switch operation {
        case "undo":
            // undo and redo need only the journal: a file that no longer reads (an edit by hand,
            // or one written by an older version) can always be stepped back from.
            guard let undone = try Self.drafting({ () throws(EditDraftError) in try draft.undo() }) else {
                throw CommandFailure(message: "\(path): nothing to undo")
            }
            changed = "undid: \(undone)"
        case "redo":
            guard let redone = try Self.drafting({ () throws(EditDraftError) in try draft.redo() }) else {
                throw CommandFailure(message: "\(path): nothing to redo")
            }
            changed = "redid: \(redone)"
        default:
            let timeline = try read(draft.currentTimeline)
            var editor: TimelineEditor
            do { editor = try TimelineEditor(timeline) } catch {
                throw CommandFailure(message: "\(path): \(error.description)", status: .invalid)
            }
            // The rules of the editor need no files; what the media allow (the frames a transition
            // needs beyond a cut) is checked as `render` checks it, and the videos' lengths let a
            // swap or a move shorten a transition to the frames its new clips have. Only problems
            // the edit brings refuse it, so a timeline whose media moved can still be mended with `replace`.
            let media = TimelineMediaCheck.examine(timeline)
            editor.videoDurations = media.videoDurations
            let request = EditRequest(operation: operation, operands: operands, args: args, timeline: timeline)
            do { changed = try request.apply(to: &editor) } catch let error as EditError {
                throw CommandFailure(message: "\(path): \(operation): \(error.description); nothing was changed")
            }
            let before = Set(media.problems.map(\.description))
            let brought = TimelineMediaCheck.problems(editor.timeline).filter { !before.contains($0.description) }
            if let first = brought.first {
                throw CommandFailure(
                    message: "\(path): \(operation) would leave the timeline unrenderable: \(first.description); nothing was changed")
            }
            let written = TimelineCodec.encode(editor.timeline, mediaRelativeTo: PathText.folder(of: path))
            let call = ([operation] + operands + request.optionText).joined(separator: " ")
            try Self.drafting { () throws(EditDraftError) in try draft.commitEdit(call, summary: changed, timeline: written) }
        }
        if json {
            let value = JSONValue.object(
                JSONObject([
                    "operation": .string(operation), "changed": .string(changed), "timeline": .string(path),
                    "canUndo": .bool(draft.history.canUndo), "canRedo": .bool(draft.history.canRedo),
                ]))
            Console.write(1, VisibleText.json(JSONWriter.write(value)))
        } else if !quiet {
            Console.out(VisibleText.escaped(changed))
        }
        return .success
    }

    /// Runs `body`, its draft's failure as the command's: exit 3 for a journal or timeline text
    /// that does not read, 1 for a file that cannot be reached or a lock held too long.
    private static func drafting<T>(_ body: () throws(EditDraftError) -> T) throws -> T {
        do { return try body() } catch {
            throw CommandFailure(message: error.description, status: error.isInvalidDocument ? .invalid : .failure)
        }
    }
}
