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
    }
}
