import ReelKit

/// `reel beats`: the tempo, beats, downbeats and sections of a song, found by aubio.
///
/// The analysis is cached per file, so asking again is instant. `--format json` prints one
/// document for scripts (docs/beats.md): every time a sample index at 48 kHz, exact.
struct BeatsCommand: Command {
    let name = "beats"
    let summary = "find the tempo, beats, bars and sections of a song"
    let synopsis = """
        <audio file> [--format text|json]

        Prints the tempo, the first beats and downbeats, and the sections with their energy
        (the strongest is where the music is fullest). A silent file, or one without a steady
        beat, is an error (exit 1).
        """
    struct Options: OptionTable {
        let format = Option("format", help: "text (default) or json")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one audio file") }
        let format = try OutputFormat.of(args[\.format])
        // A long song takes a while: its progress shows on a terminal.
        let display = StageDisplay(quiet: args.quiet, json: false)
        let report: BeatReport
        do { report = try Pipeline.beats(of: path, events: display.events) } catch {
            display.clear()
            throw error
        }
        display.clear()
        if format == .json {
            Console.write(1, JSONWriter.write(report.json))
        } else {
            for line in report.lines { Console.out(line) }
        }
        return .success
    }
}
