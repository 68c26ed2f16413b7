import ReelKit
import Testing

/// Shards of an array job: disjoint, together every row, and the same whether given as `--shard`
/// or taken from Kubernetes' or Slurm's environment.
@Suite struct ShardTests {
    @Test func theShardsOfAnyCountCoverEveryRowOnce() throws {
        let rows = Array(1...103)
        for n in 1...9 {
            let shards = try (0..<n).map { try Shard(index: $0, count: n) }
            var seen: [Int: Int] = [:]
            for shard in shards { for row in rows where shard.contains(row: row) { seen[row, default: 0] += 1 } }
            #expect(seen.count == rows.count && seen.values.allSatisfy { $0 == 1 }, "N = \(n)")
            // Balanced: no shard has more than one row more than another.
            let sizes = shards.map { s in rows.filter { s.contains(row: $0) }.count }
            #expect(sizes.max()! - sizes.min()! <= 1)
        }
    }

    @Test func kCountsFromZero() throws {
        #expect(try Shard.parse("0/2") == Shard(index: 0, count: 2))
        #expect(try Shard.parse("1/2").contains(row: 2))
        for bad in ["2/2", "-1/2", "1/0", "1", "a/b", "1/2/3"] {
            #expect(throws: OptionValueError.self, "\(bad)") { try Shard.parse(bad) }
        }
    }

    @Test func theEnginesEnvironmentGivesTheShard() throws {
        #expect(try Shard.fromEnvironment([:]) == nil)
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "4"]) == Shard(index: 3, count: 4))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"]) == Shard(index: 1, count: 2))
        // `--array=1-4` and `--array=0-6:2`: the task's place in the array, not its raw index.
        let offset = ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"]
        #expect(try Shard.fromEnvironment(offset) == Shard(index: 3, count: 4))
        let stepped = ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2"]
        #expect(try Shard.fromEnvironment(stepped) == Shard(index: 2, count: 4))
        // Half a pair would render every row on every task: refused.
        #expect(throws: OptionValueError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"]) }
        #expect(throws: OptionValueError.self) { try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "0"]) }
        #expect(throws: OptionValueError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"]) }
        // The other half of each pair without its task's index is half a pair too.
        for alone in ["JOB_COMPLETIONS", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP"] {
            #expect(throws: OptionValueError.self, "\(alone)") { try Shard.fromEnvironment([alone: "2"]) }
        }
    }

    @Test func anyNumberTheEnvironmentHoldsIsReadExactlyOrRefused() throws {
        let extremes = [
            "-9223372036854775808", "9223372036854775807", "9223372036854775808", "99999999999999999999999", "+1", " 1", "1 ", "1e3", "0x1",
            "", "-0", "1.0", "１", "4294967297",
        ]
        let slurm = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"]
        for value in extremes {
            for name in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP"] {
                let env = slurm.merging([name: value]) { $1 }
                #expect(throws: OptionValueError.self, "\(name)=\(value)") { try Shard.fromEnvironment(env) }
            }
            let k8s = ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2"]
            for name in ["JOB_COMPLETION_INDEX", "JOB_COMPLETIONS"] {
                #expect(throws: OptionValueError.self, "\(name)=\(value)") { try Shard.fromEnvironment(k8s.merging([name: value]) { $1 }) }
            }
            #expect(throws: OptionValueError.self, "\(value)") { try Shard.parse("\(value)/2") }
            #expect(throws: OptionValueError.self, "\(value)") { try Shard.parse("0/\(value)") }
        }
        // The largest values taken, in range but far from a place in the array: refused, not an overflow.
        let far = slurm.merging(["SLURM_ARRAY_TASK_ID": "4294967296", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "1"]) { $1 }
        #expect(throws: OptionValueError.self) { try Shard.fromEnvironment(far) }
        let stepped = slurm.merging(["SLURM_ARRAY_TASK_ID": "4294967296", "SLURM_ARRAY_TASK_STEP": "4294967296"]) { $1 }
        #expect(try Shard.fromEnvironment(stepped) == Shard(index: 1, count: 2))
        let below = slurm.merging(["SLURM_ARRAY_TASK_MIN": "4294967296"]) { $1 }
        #expect(throws: OptionValueError.self) { try Shard.fromEnvironment(below) }
    }
}
