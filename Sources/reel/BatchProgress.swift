import Foundation
import ReelKit

/// The progress of a batch on a terminal (`batch  rows 3/8  failed 1  ETA 0:42`), redrawn in
/// place; nothing when standard error is not a terminal or under `-q`. A row that fails while
/// rendering is printed as it fails, always.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let line: ProgressLine
    private let enabled: Bool
    private let total: Int
    private let jobsFile: String
    /// Rows that failed their checks, already printed.
    private let checked: Set<Int>
    private var finished = 0
    private var failed = 0
    /// Rows rendered (not kept) and the fraction of the frames of rows under way: the ETA's rate.
    private var rendered = 0
    private var running: [Int: Double] = [:]
    private var renderStart: Double?
    private var lastDraw = 0.0

    init(total: Int, quiet: Bool, jobsFile: String, checked: Set<Int>) {
        self.total = total
        self.jobsFile = jobsFile
        self.checked = checked
        line = ProgressLine(label: "batch", quiet: quiet)
        enabled = !quiet && Console.stderrIsTerminal
    }

    var elapsed: Double { line.elapsed }

    func handle(_ event: BatchEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .rowStarted(let row, _):
            if renderStart == nil { renderStart = monotonicSeconds() }
            running[row] = 0
        case .rowProgress(let row, let p):
            running[row] = p.overallCount > 0 ? Double(p.overallDone) / Double(p.overallCount) : 0
        case .rowFinished(let entry):
            finished += 1
            if entry.status == .failed { failed += 1 }
            if running.removeValue(forKey: entry.row) != nil { rendered += 1 }
            if entry.status == .failed && !checked.contains(entry.row) {
                line.finish()
                Console.error("\(jobsFile): row \(entry.row) (id \(entry.id)): \(entry.error ?? "failed")")
            }
        }
        draw()
    }

    /// Redraws at most ten times a second.
    private func draw() {
        guard enabled else { return }
        let now = monotonicSeconds()
        guard now - lastDraw >= 0.1 || finished == total else { return }
        lastDraw = now
        var text = "rows \(finished)/\(total)"
        if failed > 0 { text += "  failed \(failed)" }
        let progressed = Double(rendered) + running.values.reduce(0, +)
        if let start = renderStart, progressed > 0.05 {
            let left = Double(total - finished) - running.values.reduce(0, +)
            text += "  ETA \(clock((now - start) / progressed * max(0, left)))"
        }
        line.show(text)
    }

    func finish() { line.finish() }
}
