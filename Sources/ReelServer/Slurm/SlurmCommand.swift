import Foundation

/// Slurm's own commands (`sbatch`, `squeue`, `scontrol`, `scancel`), run as child processes with
/// their arguments as a list: nothing from a request passes through a shell.
///
/// Each run is bounded in time, so a controller that does not answer shows as an error of that
/// call (and the job is followed again a moment later), never as a server that hangs.
struct SlurmCommand: Sendable {
    /// What a call printed, and how it ended.
    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Where Slurm's commands are: found on `PATH` when the server starts.
    let folder: String
    /// Seconds a call may take before it is stopped and reported as failed.
    let timeout: Double

    /// Slurm's commands from `PATH`; nil when `sbatch` is not there.
    static func fromPath(_ path: String? = ProcessInfo.processInfo.environment["PATH"], timeout: Double = 30) -> SlurmCommand? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init) where !folder.isEmpty {
            if access(folder + "/sbatch", X_OK) == 0 { return SlurmCommand(folder: folder, timeout: timeout) }
        }
        return nil
    }

    /// Runs `command` (`"squeue"`) with `arguments`; throws when it cannot start or runs too long.
    func run(_ command: String, _ arguments: [String]) throws(SlurmError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: folder + "/" + command)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw SlurmError("\(command) could not start: \(error.localizedDescription)") }
        let pid = process.processIdentifier
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler { kill(pid, SIGKILL) }
        timer.resume()
        // Both pipes are drained before waiting, so a chatty command never blocks on a full pipe.
        let errData = LockedData()
        let errReader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        errData.wait()
        if process.terminationReason == .uncaughtSignal {
            throw SlurmError("\(command) \(arguments.first ?? "") did not answer within \(Int(timeout)) s")
        }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

/// Bytes handed from a reader thread, waited for once.
private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while data == nil { condition.wait() }
        condition.unlock()
    }

    var value: Data {
        condition.lock()
        defer { condition.unlock() }
        return data ?? Data()
    }
}

/// A Slurm command that failed, in its own words.
struct SlurmError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
