import Foundation

/// What the server asks of Slurm: submit a batch script, learn the state of its jobs, cancel
/// them. States are read with `squeue` while a job is known to the controller's queue and with
/// `scontrol show job` once it has left it (a cluster without accounting, like the test cluster,
/// has no `sacct`; when accounting is there, `sacct` answers for jobs `scontrol` has forgotten).
struct SlurmCluster: Sendable {
    let command: SlurmCommand
    /// Options the operator gives every submission (`--sbatch-option`), such as a partition.
    let submitOptions: [String]

    /// How one job, or one task of an array, stands.
    struct TaskState: Sendable, Equatable {
        /// The array job's id, or the job's own.
        let job: String
        /// Slurm's state word: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, ...
        let state: String

        /// The task is over (whatever its outcome).
        var isFinished: Bool { !Self.active.contains(state) }
        /// The task is over and succeeded.
        var succeeded: Bool { state == "COMPLETED" }

        /// States of a job still to finish.
        static let active: Set<String> = [
            "PENDING", "CONFIGURING", "RUNNING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING", "SIGNALING", "STAGE_OUT", "RESV_DEL_HOLD",
            "REQUEUE_FED", "REQUEUE_HOLD", "STOPPED",
        ]
    }

    /// Submits `script` with `arguments` under `name`; returns the job's id.
    func submit(
        name: String, folder: String, log: String, array: Int? = nil, after: [String] = [], script: String, arguments: [String]
    ) throws(SlurmError) -> String {
        var options = ["--parsable", "--job-name=\(name)", "--chdir=\(folder)", "--output=\(log)"] + submitOptions
        if let array { options.append("--array=0-\(array - 1)") }
        if !after.isEmpty { options += ["--dependency=afterok:" + after.joined(separator: ":"), "--kill-on-invalid-dep=yes"] }
        let out = try command.run("sbatch", options + [script] + arguments)
        let id = out.stdout.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        guard out.status == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
            throw SlurmError("sbatch refused the job: \(Self.firstLine(out.stderr.isEmpty ? out.stdout : out.stderr))")
        }
        return id
    }

    /// The states of every task of `jobs`; a job the cluster no longer knows has no entry.
    func states(_ jobs: [String]) throws(SlurmError) -> [TaskState] {
        guard !jobs.isEmpty else { return [] }
        var found: [TaskState] = []
        let queued = try command.run("squeue", ["--noheader", "--array", "--jobs=" + jobs.joined(separator: ","), "--format=%F|%T"])
        // squeue refuses a list whose every job has left the queue; those are asked of scontrol.
        if queued.status == 0 {
            for line in queued.stdout.split(separator: "\n") {
                let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { found.append(TaskState(job: parts[0], state: parts[1])) }
            }
        }
        for job in jobs where !found.contains(where: { $0.job == job }) {
            found += try finishedStates(job)
        }
        return found
    }

    /// The tasks of `job` once it has left the queue: from `scontrol`, else `sacct`.
    private func finishedStates(_ job: String) throws(SlurmError) -> [TaskState] {
        let shown = try command.run("scontrol", ["--oneliner", "show", "job", job])
        if shown.status == 0 {
            return shown.stdout.split(separator: "\n").compactMap { line in
                let fields = Self.fields(line)
                guard let state = fields["JobState"] else { return nil }
                return TaskState(job: fields["ArrayJobId"] ?? fields["JobId"] ?? job, state: state)
            }
        }
        let accounted = try command.run("sacct", ["--noheader", "--parsable2", "--allocations", "--jobs=\(job)", "--format=JobIDRaw,State"])
        guard accounted.status == 0 else { return [] }
        return accounted.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "|")
            guard parts.count == 2, let state = parts[1].split(separator: " ").first else { return nil }
            return TaskState(job: job, state: String(state))
        }
    }

    /// Ids of the jobs named `name` still in the queue: those of a submission whose ids were not
    /// recorded (a server killed between `sbatch` and writing them down).
    func jobs(named name: String) throws(SlurmError) -> [String] {
        let out = try command.run("squeue", ["--noheader", "--name=\(name)", "--format=%F"])
        guard out.status == 0 else { throw SlurmError("squeue: \(Self.firstLine(out.stderr))") }
        return Array(Set(out.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })).sorted()
    }

    /// Cancels `jobs` (every task of an array).
    func cancel(_ jobs: [String]) throws(SlurmError) {
        guard !jobs.isEmpty else { return }
        let out = try command.run("scancel", jobs)
        guard out.status == 0 else { throw SlurmError("scancel: \(Self.firstLine(out.stderr))") }
    }

    /// `Key=Value` words of one line of `scontrol --oneliner`.
    static func fields(_ line: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for word in line.split(separator: " ") {
            guard let eq = word.firstIndex(of: "=") else { continue }
            fields[String(word[..<eq])] = String(word[word.index(after: eq)...])
        }
        return fields
    }

    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? "(no message)"
    }
}
