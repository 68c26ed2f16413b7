/// Gathers findings in the order they are made, so that validation can go on after the first.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    /// Starts with no findings; only `report` adds any.
    package init() {}

    /// Records one finding and lets the caller go on checking.
    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Records the findings of a sub-check (a nested reader, a rule) after those already made, keeping their order.
    package mutating func report(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// True when any finding is an error, or, with `strict`, a warning.
    package func hasFailures(strict: Bool) -> Bool { diagnostics.hasFailures(strict: strict) }
}
