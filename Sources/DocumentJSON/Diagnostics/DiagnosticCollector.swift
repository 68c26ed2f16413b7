/// Gathers findings in the order they are made, so that validation can go on after the first.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func report(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// True when any finding is an error, or, with `strict`, a warning.
    package func hasFailures(strict: Bool) -> Bool { diagnostics.hasFailures(strict: strict) }
}
