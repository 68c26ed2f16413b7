import ReelKit

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to the terminal: errors to standard error, results to standard output, progress only
/// when standard error is a terminal.
enum Console {
    /// Lines for people show control characters and bidirectional overrides as codes (`\u001b`,
    /// see `VisibleText`) and a file name's bytes that are not UTF-8 as `\xFF` (see `PathBytes`):
    /// names, ids, texts and cells quoted in a message are anyone's bytes. Line ends between the
    /// lines of one message stay. Data (JSON, timelines, pages) goes through `write` unchanged.
    static func out(_ line: String) {
        write(1, shown(line) + "\n")
    }

    static func err(_ line: String) {
        write(2, shown(line) + "\n")
    }

    /// `text` as a message shows it: each line escaped, the line ends kept.
    static func shown(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { PathBytes.display(VisibleText.escaped(String($0))) }
            .joined(separator: "\n")
    }

    /// `reel: error: <message>`: the one-line form every failure takes.
    static func error(_ message: String) {
        err("reel: error: \(message)")
    }

    static func warning(_ message: String) {
        err("reel: warning: \(message)")
    }

    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buf in Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// A one-line progress display (`frame 120/300  58.2 fps  ETA 0:03`) redrawn in place on a terminal.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let start = monotonicSeconds()
    private var lastDraw = 0.0
    private var drawn = false

    /// Shown only on a terminal and without `-q`; the stages of making a video are shown by
    /// `StageDisplay`, which also writes them as JSON.
    init(label: String, quiet: Bool) {
        self.label = label
        enabled = !quiet && Console.stderrIsTerminal
    }

    func update(done: Int64, total: Int64) {
        guard enabled else { return }
        let now = monotonicSeconds()
        if done < total && now - lastDraw < 0.1 { return }
        lastDraw = now
        let elapsed = max(now - start, 1e-6)
        let fps = Double(done) / elapsed
        let remaining = fps > 0 ? Double(total - done) / fps : 0
        let pct = total > 0 ? Int(Double(done) * 100 / Double(total)) : 100
        let line = "\(label)  frame \(done)/\(total)  \(pct)%  \(format(fps, 1)) fps  ETA \(clock(remaining))"
        Console.write(2, "\r\u{1B}[2K" + line)
        drawn = true
    }

    /// Shows `text` after the label, for displays that count other things than frames.
    func show(_ text: String) {
        guard enabled else { return }
        Console.write(2, "\r\u{1B}[2K\(label)  \(text)")
        drawn = true
    }

    /// Clears the line so the next message starts clean.
    func finish() {
        guard enabled, drawn else { return }
        Console.write(2, "\r\u{1B}[2K")
        drawn = false
    }

    var elapsed: Double { monotonicSeconds() - start }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `m:ss`, for durations shown to people.
func clock(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded()))
    let sec = s % 60
    return "\(s / 60):\(sec < 10 ? "0" : "")\(sec)"
}

/// A number with `digits` decimals, independent of locale.
func format(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (x * scale).rounded() / scale
    var s = "\(r)"
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        if digits == 0 { s = String(s[..<dot]) }
    }
    return s
}
