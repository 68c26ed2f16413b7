import ReelKit

/// The progress of every long stage of a command, shown as the render's always was: one line
/// redrawn in place on a terminal (`analysing  frame 12/24  50%  4.1 fps  ETA 0:03`), lines of
/// JSON with `--progress json`, nothing when piped or with `-q`. It keeps each stage's time for
/// the final line (`in 21.4 s: analysing 15.9 s, render 2.9 s`), and the whole time from when it
/// was made.
///
/// JSON lines, at most ten a second a stage and always one at its end:
/// `{"stage":"analysing","done":12,"total":24,"unit":"frames","percent":50,"rate":4.1,"eta":3.0}`;
/// the frames of `first pass` and `render` also carry the fields programs read before stages
/// existed: `"frame"` (done) and `"fps"` (rate).
final class StageDisplay: @unchecked Sendable {
    private let enabled: Bool
    private let json: Bool
    private let start = monotonicSeconds()
    private var lastDraw = 0.0
    private var drawn = false
    private var times: [(stage: StageProgress.Stage, seconds: Double)] = []

    init(quiet: Bool, json: Bool) {
        self.json = json && !quiet
        enabled = !quiet && (json || Console.stderrIsTerminal)
    }

    /// From the command's `-q` and `--progress`.
    convenience init(_ args: ParsedArguments<RenderOptionGroup>) {
        self.init(quiet: args.quiet, json: args[\.progress] == "json")
    }

    /// The pipeline's events to this display.
    var events: @Sendable (PipelineEvent) -> Void {
        { [self] event in if case .stage(let p) = event { show(p) } }
    }

    func show(_ p: StageProgress) {
        if p.isFinished { times.append((p.stage, p.elapsed)) }
        guard enabled else { return }
        let now = monotonicSeconds()
        if !p.isFinished && p.done > 0 && now - lastDraw < 0.1 { return }
        lastDraw = now
        let rate = p.elapsed > 0 ? Double(p.done) / p.elapsed : 0
        let remaining = rate > 0 ? Double(p.total - p.done) / rate : 0
        let pct = p.total > 0 ? Int(Double(p.done) * 100 / Double(p.total)) : 100
        if json {
            // A stage's beginning says nothing a program needs.
            guard p.done > 0 else { return }
            var fields = "\"stage\":\"\(p.stage.rawValue)\""
            if p.stage.unit == .frames && (p.stage == .render || p.stage == .firstPass) {
                fields += ",\"frame\":\(p.done)"
            }
            fields += ",\"done\":\(p.done),\"total\":\(p.total),\"unit\":\"\(p.stage.unit.rawValue)\",\"percent\":\(pct)"
            if p.stage == .render || p.stage == .firstPass { fields += ",\"fps\":\(format(rate, 1))" }
            fields += ",\"rate\":\(format(rate, 1)),\"eta\":\(format(remaining, 1))"
            Console.write(2, "{\(fields)}\n")
            return
        }
        if p.isFinished {
            clear()
            return
        }
        let count: String
        switch p.stage.unit {
        case .files: count = "file \(p.done)/\(p.total)  \(pct)%"
        case .frames: count = "frame \(p.done)/\(p.total)  \(pct)%  \(format(rate, 1)) fps"
        case .milliseconds:
            count = "\(format(Double(p.done) / 1000, 1))/\(format(Double(p.total) / 1000, 1)) s  \(pct)%  \(format(rate / 1000, 1))x"
        }
        // Before anything is done, the rate and so the time left are unknown.
        let eta = p.done > 0 ? "  ETA \(clock(remaining))" : ""
        Console.write(2, "\r\u{1B}[2K\(Self.label(p.stage))  \(count)\(eta)")
        drawn = true
    }

    /// The name a person reads on the terminal.
    static func label(_ stage: StageProgress.Stage) -> String {
        stage == .render ? "rendering" : stage.rawValue
    }

    /// Clears the line so the next message starts clean.
    func clear() {
        guard enabled, drawn, !json else { return }
        Console.write(2, "\r\u{1B}[2K")
        drawn = false
    }

    /// Seconds since the display was made: the command's whole time.
    var elapsed: Double { monotonicSeconds() - start }

    /// ` in 21.4 s: analysing 15.9 s, render 2.9 s`: the whole time and the share of each stage
    /// that took a tenth of a second or more (a stage run twice counted once, its times added).
    var timing: String {
        var order: [StageProgress.Stage] = []
        var sums: [StageProgress.Stage: Double] = [:]
        for t in times {
            if sums[t.stage] == nil { order.append(t.stage) }
            sums[t.stage, default: 0] += t.seconds
        }
        let shares = order.filter { sums[$0]! >= 0.05 }.map { "\($0.rawValue) \(format(sums[$0]!, 1)) s" }
        return "in \(format(elapsed, 1)) s" + (shares.isEmpty ? "" : ": " + shares.joined(separator: ", "))
    }
}
