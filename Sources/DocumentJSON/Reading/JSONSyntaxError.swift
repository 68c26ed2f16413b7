/// Why a text is not a JSON document we accept, and where.
///
/// Thrown by `JSONParser`; the template loader turns it into a diagnostic, the timeline decoder into
/// its own error. It carries the position so that the message can point at the character.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem: callers map them to distinct diagnostic codes.
    package enum Reason: Sendable, Hashable {
        /// Not JSON (json-c's description, or our stricter checks).
        case syntax
        /// Objects and arrays nested deeper than the limit.
        case tooDeep(limit: Int)
        /// More bytes than the limit.
        case tooLarge(limit: Int)
    }

    /// Which kind of failure, for the caller's diagnostic code and the limit it names.
    package let reason: Reason
    /// What went wrong, without the position (the description adds it): json-c's wording or ours.
    package let message: String
    /// Where the parser stopped; nil for a document too large to read.
    package let position: TextPosition?

    /// `position` is nil only when the text was refused before parsing (too large).
    package init(reason: Reason, message: String, position: TextPosition?) {
        self.reason = reason
        self.message = message
        self.position = position
    }

    /// `3:14: unexpected character`.
    package var description: String {
        position.map { "\($0): \(message)" } ?? message
    }
}
