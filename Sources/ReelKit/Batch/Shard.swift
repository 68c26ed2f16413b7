import MediaTime

/// Shard K of N: the rows of a jobs file one task of an array job renders.
///
/// K counts from 0, as Kubernetes' `JOB_COMPLETION_INDEX` and Slurm's array indices do, so an
/// engine's index is passed on as it is: `--shard 0/4` ... `--shard 3/4`. Row r (counted from 1)
/// belongs to shard (r - 1) mod N: the shards are disjoint, together they hold every row, and
/// neighbouring rows (often alike in cost) go to different tasks.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// K, from 0 to `count - 1`.
    public let index: Int
    /// N, 1 or more.
    public let count: Int

    /// Most shards accepted: far more tasks than any array job runs.
    public static let maxCount = 1_000_000

    /// Throws unless `count` is 1...`maxCount` and `index` is 0..<`count`.
    public init(index: Int, count: Int) throws(OptionValueError) {
        guard count >= 1, count <= Self.maxCount else {
            throw OptionValueError(option: "shard", message: "takes K/N with N from 1 to \(Self.maxCount), not N = \(count)")
        }
        guard index >= 0, index < count else {
            throw OptionValueError(option: "shard", message: "takes K/N with K from 0 to N-1 (K counts from 0), not \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// `K/N`, as `--shard` takes it.
    public static func parse(_ text: String) throws(OptionValueError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = WholeNumber.parse(parts[0]), let n = WholeNumber.parse(parts[1]) else {
            throw OptionValueError(option: "shard", message: "takes K/N (K counts from 0: 0/2 and 1/2 are the two halves), not '\(text)'")
        }
        return try Shard(index: k, count: n)
    }

    /// The shard an array job's task is, from its environment: Kubernetes Indexed Jobs
    /// (`JOB_COMPLETION_INDEX`, with `JOB_COMPLETIONS` set in the pod's spec, since Kubernetes does
    /// not set it) or Slurm job arrays (`SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`; an array
    /// that does not start at 0 or steps by more than 1 is mapped through `SLURM_ARRAY_TASK_MIN`
    /// and `SLURM_ARRAY_TASK_STEP`). Nil outside an array job. Half of a pair is an error, never
    /// a silent "all rows", which would render every row on every task.
    public static func fromEnvironment(_ env: [String: String]) throws(OptionValueError) -> Shard? {
        if let index = env["JOB_COMPLETION_INDEX"] {
            guard let count = env["JOB_COMPLETIONS"] else {
                throw OptionValueError(
                    option: "shard",
                    message:
                        "is not given and JOB_COMPLETION_INDEX is set without JOB_COMPLETIONS; set JOB_COMPLETIONS to the job's completions in the pod's env"
                )
            }
            return try Shard(index: try number(index, "JOB_COMPLETION_INDEX"), count: try number(count, "JOB_COMPLETIONS"))
        }
        if env["JOB_COMPLETIONS"] != nil {
            throw OptionValueError(option: "shard", message: "is not given and JOB_COMPLETIONS is set without JOB_COMPLETION_INDEX")
        }
        guard let id = env["SLURM_ARRAY_TASK_ID"] else {
            // The rest of an array's description without its task's place in it is half a pair too.
            for name in ["SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP"] where env[name] != nil {
                throw OptionValueError(option: "shard", message: "is not given and \(name) is set without SLURM_ARRAY_TASK_ID")
            }
            return nil
        }
        guard let count = env["SLURM_ARRAY_TASK_COUNT"] else {
            throw OptionValueError(option: "shard", message: "is not given and SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT")
        }
        let task = try number(id, "SLURM_ARRAY_TASK_ID")
        let n = try number(count, "SLURM_ARRAY_TASK_COUNT")
        let min = try env["SLURM_ARRAY_TASK_MIN"].map { v throws(OptionValueError) in try number(v, "SLURM_ARRAY_TASK_MIN") } ?? 0
        let step = try env["SLURM_ARRAY_TASK_STEP"].map { v throws(OptionValueError) in try number(v, "SLURM_ARRAY_TASK_STEP") } ?? 1
        // Every value is 0 or more, so the difference cannot overflow; the checks say why a task
        // lies outside its array rather than computing a shard from it.
        let offset = task - min
        guard step >= 1, offset >= 0, offset % step == 0 else {
            throw OptionValueError(option: "shard", message: "cannot be taken from SLURM_ARRAY_TASK_ID \(id) (min \(min), step \(step))")
        }
        return try Shard(index: offset / step, count: n)
    }

    /// Whether row `row` (counted from 1) is this shard's.
    public func contains(row: Int) -> Bool { (row - 1) % count == index }

    public var description: String { "\(index)/\(count)" }

    /// A variable's value: digits only (no sign, space or exponent), up to `maxVariable`.
    private static func number(_ text: String, _ name: String) throws(OptionValueError) -> Int {
        guard let n = WholeNumber.parse(text), n <= maxVariable else {
            throw OptionValueError(
                option: "shard",
                message: "is not given and \(name) is '\(text.debugDescription.dropFirst().dropLast())', not a whole number from 0 to \(maxVariable)")
        }
        return n
    }

    /// Largest value of an array job's variable taken: Slurm's and Kubernetes' indices and counts
    /// stay far below it (Slurm's `MaxArraySize` is at most 4,000,001).
    static let maxVariable = 1 << 32
}
