/// One edit of a timeline as a person or a program asks for it: the operation, its operands and
/// its options, all as text, checked only when the edit is made (`Pipeline.edit`).
///
/// The command line builds one from `reel edit <t> <operation> ...`, an API from its request
/// body; both make the same edit, with the same words when it is refused.
package struct EditRequest: Sendable, Hashable {
    /// The operation's name (`split`, `undo`: see `EditOperations.names`).
    package var operation: String
    /// Its operands as typed: clips by id or number, times as `2.5s`, `1.2` or `48f`.
    package var operands: [String]
    /// Its options by name without dashes, each with its value as typed (`["at": "2.5s"]`).
    package var options: [String: String]

    /// Values as typed, unchecked.
    package init(operation: String, operands: [String] = [], options: [String: String] = [:]) {
        self.operation = operation
        self.operands = operands
        self.options = options
    }

    /// The call as the journal records it: operation, operands, then the options sorted by name
    /// (`split 2 --at 2.5s`), which `history` shows.
    package var call: String {
        ([operation] + operands + options.sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value)" }).joined(separator: " ")
    }

    /// Refuses options no operation takes and empty values, as the command line's parser does.
    /// An option of another operation is let be, as `reel edit` always has: the journal records it, nothing reads it.
    func checkOptions() throws(EditFailure) {
        let known = Set(EditOperations.optionNames)
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            guard known.contains(name) else { throw .request("unknown option '--\(name)'") }
            guard !value.isEmpty else { throw .request("option '--\(name)' needs a value, not an empty one") }
        }
    }
}
