/// A value of a `make` option that is not one the option takes.
///
/// The command line and a batch's columns give the same options as text, so they share their
/// parsing and their messages; each caller names where the value came from (`--size` on the
/// command line, a row and column in a jobs file).
public struct OptionValueError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The option's name without dashes (`size`), as a column of a jobs file is named.
    public let option: String
    /// What is wrong, to follow the option's name: "takes draft, standard or high, not 'fast'".
    public let message: String

    /// `message` reads after the option's name (`takes …, not '…'`).
    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    /// `--size takes ...`: as the command line says it.
    public var description: String { "--\(option) \(message)" }
}
