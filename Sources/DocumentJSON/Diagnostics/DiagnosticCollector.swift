/// Gathers findings in the order they are made, so that validation can go on after the first.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func report(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// True when any finding is an error, or, with `strict`, a warning.
    public func hasFailures(strict: Bool) -> Bool { diagnostics.hasFailures(strict: strict) }
}
