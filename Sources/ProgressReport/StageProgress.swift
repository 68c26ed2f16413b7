import Dispatch
import Foundation
import ProgressReport

/// Where one stage of making a video stands, for progress displays: every stage that can take
/// more than a second (probing the media, analysing it for smart framing, tracking a song's beats,
/// a two-pass bit rate's first pass, rendering, mixing and encoding the sound) reports through
/// this one value, so a display shows them all alike and can tell how the time was spent.
///
/// A stage reports `done` 0 when it begins, then as work is done, and `done == total` exactly
/// once, last, when it ends; `done` never goes back. The last report's `elapsed` is the stage's time.
public struct StageProgress: Sendable {
    /// The stages, in the order `Pipeline.make` runs them.
    public enum Stage: String, Sendable, CaseIterable {
        case probing
        case analysing
        case beats
        case firstPass = "first pass"
        case render
        case sound

        /// What `done` and `total` count.
        package var unit: Unit {
            switch self {
            case .probing: .files
            case .analysing, .firstPass, .render: .frames
            case .beats, .sound: .milliseconds
            }
        }
    }

    /// Files probed; frames analysed or drawn; milliseconds of sound gone through.
    package enum Unit: String, Sendable {
        case files, frames, milliseconds
    }

    /// Which stage this reports on; `unit` says what its counts count.
    package let stage: Stage
    /// Work done so far in the stage's `unit`: 0 first, never decreasing, `total` exactly once at the end.
    package let done: Int64
    /// All the stage's work in its `unit`, known when it begins and never changed; positive from `StageClock`.
    package let total: Int64
    /// Seconds since the stage began (a monotonic clock).
    package let elapsed: Double

    /// Callers keep `0 <= done <= total`; `StageClock` is how the pipeline makes them in order.
    public init(stage: Stage, done: Int64, total: Int64, elapsed: Double) {
        self.stage = stage
        self.done = done
        self.total = total
        self.elapsed = elapsed
    }

    /// The stage's last report.
    package var isFinished: Bool { done >= total }
}

/// Times one stage and reports it by the rules of `StageProgress`: made with `begin` (which
/// reports 0), moved on with `advance`, ended with `finish`. Safe from several threads (probing
/// runs in parallel); work that turns out longer than counted (a sound encoded again) stays just
/// short of the total until `finish`.
package final class StageClock: @unchecked Sendable {
    /// The stage every report of this clock carries.
    package let stage: StageProgress.Stage
    /// The stage's work in its unit, as given to `begin`; `finish` reports it as done.
    package let total: Int64
    private let report: @Sendable (StageProgress) -> Void
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var done: Int64 = 0
    private var finished = false

    private init(stage: StageProgress.Stage, total: Int64, report: @escaping @Sendable (StageProgress) -> Void) {
        self.stage = stage
        self.total = total
        self.report = report
    }

    /// A clock for `stage` that has reported its beginning; nil without a `report` to call or
    /// without work to count.
    package static func begin(_ stage: StageProgress.Stage, total: Int64, report: (@Sendable (StageProgress) -> Void)?) -> StageClock? {
        guard let report, total > 0 else { return nil }
        let clock = StageClock(stage: stage, total: total, report: report)
        report(StageProgress(stage: stage, done: 0, total: total, elapsed: 0))
        return clock
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Work done so far, of `total`; reported when it moves on.
    package func advance(to value: Int64) { move { _ in value } }

    /// `n` more done.
    package func advance(by n: Int64) { move { $0 + n } }

    private func move(_ next: (Int64) -> Int64) {
        lock.lock()
        let value = min(max(next(done), done), total - 1)
        guard !finished, value > done else {
            lock.unlock()
            return
        }
        done = value
        let p = StageProgress(stage: stage, done: value, total: total, elapsed: elapsed)
        // Reported under the lock, so reports from parallel work arrive in order.
        report(p)
        lock.unlock()
    }

    /// Reports the end, once.
    package func finish() {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        finished = true
        done = total
        let p = StageProgress(stage: stage, done: total, total: total, elapsed: elapsed)
        // Reported under the lock, so reports from parallel work arrive in order.
        report(p)
        lock.unlock()
    }
}
