/// Why the server could not start: one line naming the file or address and the problem.
package struct ServerError: Error, Sendable, CustomStringConvertible {
    /// The folder, file or address at fault.
    package var subject: String
    /// What is wrong with it, said for the person who started the server.
    package var reason: String

    /// `subject` is printed first, as Reel's file errors are.
    package init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    package var description: String { "\(subject): \(reason)" }
}
