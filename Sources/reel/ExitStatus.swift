/// The exit codes of `reel`, documented in the README.
enum ExitStatus: Int32 {
    case success = 0
    /// Media could not be read or decoded, or the output could not be written.
    case failure = 1
    /// The command was called wrongly: unknown subcommand or option, missing operand.
    case usage = 2
    /// The template or timeline is invalid (validation found errors, or warnings under --strict).
    case invalid = 3
    /// `batch`: some rows failed (or, with --merge, are missing); the others are done.
    case rowsFailed = 4
}
