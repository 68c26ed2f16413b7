import Foundation
import ReelTestSupport
import Testing

/// `reel batch` as a person and an array job run it: exit codes, messages, shards from the
/// engine's environment, and `--merge` naming what is missing.
@Suite struct BatchCommandTests {
    let project: TinyProject
    var jobs: String { project.dir.file("jobs.csv") }
    var out: String { project.dir.file("out") }

    init() throws {
        project = try TinyProject()
        try TestMedia.truncate(project.media + "/a.mp4", to: project.dir.file("broken.mp4"), fraction: 0.3)
    }

    func writeJobs(_ rows: [String], header: String = "id,template,media,quality,size") throws {
        try ([header] + rows).joined(separator: "\r\n").write(toFile: jobs, atomically: true, encoding: .utf8)
    }

    /// Runs `reel` with the environment of this process, less any array job's, plus `extra`.
    func reel(_ args: [String], env extra: [String: String] = [:]) throws -> Tools.Output {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") && !$0.key.hasPrefix("JOB_COMPLETION") }
        env.merge(extra) { _, new in new }
        return try Tools.run(Reel.path, args, environment: env, timeout: 300)
    }

    func rows(in manifest: String) throws -> [Int] {
        try String(contentsOfFile: out + "/" + manifest, encoding: .utf8).split(separator: "\n").compactMap {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["row"] as? Int
        }
    }

    @Test func checkNamesEveryBadRowAndRendersNothing() throws {
        try writeJobs(["one,tiny,media,draft,96x160", "two,tiny,media/none.mp4,draft,96x160", "three,tiny,media,fast,96x160"])
        let r = try reel(["batch", jobs, "-o", out, "--check"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("jobs.csv:3: row 2 (id two), column 'media'"), "\(r.stderr)")
        #expect(r.stderr.contains("jobs.csv:4: row 3 (id three), column 'quality': takes draft, standard or high"), "\(r.stderr)")
        #expect(r.stdout.contains("1 ready, 2 with problems"))
        #expect(!FileManager.default.fileExists(atPath: out))

        try writeJobs(["one,tiny,media,draft,96x160"], header: "id,template,media,quality,sise")
        let unknown = try reel(["batch", jobs, "-o", out, "--check"])
        #expect(unknown.status == 3 && unknown.stderr.contains("jobs.csv:1: column 'sise': unknown column"), "\(unknown.stderr)")
    }

    /// `-o ""` names no folder: a usage error before the jobs file is read, as any empty option value
    /// is; and a problem of the whole file reads as a row's does, `jobs.csv: what`.
    @Test func anEmptyOutputIsAUsageErrorAndAnEmptyFileIsNamedWithASpace() throws {
        try writeJobs(["one,tiny,media,draft,96x160"])
        for args in [["-o", ""], ["--output="], ["-o", out, "--jobs", ""], ["-o", out, "--shard="]] {
            let r = try reel(["batch", jobs, "--check"] + args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("needs a value, not an empty one"), "\(args): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let empty = project.dir.file("c_empty.csv")
        try Data().write(to: URL(fileURLWithPath: empty))
        let r = try reel(["batch", empty, "-o", out, "--check"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr == "reel: error: \(empty): the file is empty\n", "\(r.stderr)")
    }

    @Test func aRowThatFailsGivesExitFourAndTheOthersAreMade() throws {
        try writeJobs(["one,tiny,media,draft,96x160", "two,tiny,broken.mp4;media/b.mp4,draft,96x160"])
        let r = try reel(["batch", jobs, "-o", out, "--jobs", "2"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stderr.contains("row 2 (id two)") && r.stderr.contains("broken.mp4"), "\(r.stderr)")
        #expect(r.stdout.contains("1 rendered, 0 already done, 1 failed"), "\(r.stdout)")
        #expect(try Tools.probe(out + "/one.mp4").video?.frames == 50)
        #expect(try reel(["batch", jobs, "-o", out, "-q"]).stdout.isEmpty)
    }

    @Test func shardsFromTheEnginesEnvironmentAndAMergeThatNamesWhatIsMissing() throws {
        try writeJobs(["one,tiny,media,draft,96x160", "two,tiny,media/b.mp4;media/a.mp4,draft,96x160", "three,tiny,media,draft,96x160"])
        // Kubernetes Indexed Job, task 0 of 2: rows 1 and 3.
        let k8s = try reel(["batch", jobs, "-o", out, "-q"], env: ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2"])
        #expect(k8s.status == 0, "\(k8s.stderr)")
        #expect(try rows(in: "manifest.0-of-2.jsonl") == [1, 3])
        let early = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(early.status == 4, "\(early.stderr)")
        #expect(early.stderr.contains("row 2 (id two): missing"), "\(early.stderr)")
        #expect(!early.stderr.contains("row 1 ") && !early.stderr.contains("row 3 "))
        // Slurm array task 1 of 2 (an array numbered from 1): row 2.
        let slurm = try reel(
            ["batch", jobs, "-o", out, "-q"], env: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1"])
        #expect(slurm.status == 0, "\(slurm.stderr)")
        #expect(try rows(in: "manifest.1-of-2.jsonl") == [2])
        let merged = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("merged 3 manifests: 3 of 3 rows done"), "\(merged.stdout)")
        #expect(try rows(in: "manifest.jsonl") == [1, 2, 3])
        for id in ["one", "two", "three"] { #expect(try Tools.probe(out + "/\(id).mp4").video?.frames == 50) }
        // --shard wins over the environment; the same shard run again keeps its rows.
        let again = try reel(["batch", jobs, "-o", out, "--shard", "1/2"], env: ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2"])
        #expect(again.status == 0 && again.stdout.contains("shard 1/2 (1 of 3 rows): 0 rendered, 1 already done"), "\(again.stdout)")
    }

    @Test func aMergeChecksEachOutputsHashAndTheRowsInputsAsARerunWould() throws {
        try writeJobs(["one,tiny,media,draft,96x160", "two,tiny,media/b.mp4;media/a.mp4,draft,96x160", "three,tiny,media,draft,96x160"])
        for shard in ["0/2", "1/2"] { #expect(try reel(["batch", jobs, "-o", out, "--shard", shard, "-q"]).status == 0) }
        let whole = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(whole.status == 0 && whole.stdout.contains("3 of 3 rows done"), "\(whole.stderr)")
        // A shard's output altered after its manifest was written, to the same size: only its hash tells.
        let two = out + "/two.mp4"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: two)))
        let size = bytes.count
        bytes[size / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: two))
        let altered = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(altered.status == 4, "\(altered.stderr)")
        #expect(
            altered.stderr.contains("row 2 (id two): missing: its output two.mp4 is not the one rendered: its SHA-256 is not the manifest's"),
            "\(altered.stderr)")
        #expect(!altered.stderr.contains("row 1 ") && !altered.stderr.contains("row 3 "), "\(altered.stderr)")
        #expect(altered.stdout.contains("2 of 3 rows done, 0 failed, 1 missing"), "\(altered.stdout)")
        #expect(try rows(in: "manifest.jsonl") == [1, 3])
        // A row's values changed since its shard rendered it: its output is as recorded, its inputs are not.
        try writeJobs(["one,tiny,media,draft,96x160", "two,tiny,media/b.mp4;media/a.mp4,draft,96x160", "three,tiny,media,standard,96x160"])
        let changed = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(changed.status == 4, "\(changed.stderr)")
        #expect(changed.stderr.contains("row 3 (id three): missing: its inputs changed since it was rendered"), "\(changed.stderr)")
        #expect(changed.stderr.contains("row 2 (id two): missing: its output two.mp4") && !changed.stderr.contains("row 1 "))
        // The array job run again renders exactly the rows the merge named, and the next merge finds the batch complete.
        let shard0 = try reel(["batch", jobs, "-o", out, "--shard", "0/2"])
        #expect(shard0.stdout.contains("1 rendered, 1 already done, 0 failed"), "\(shard0.stdout)")
        let shard1 = try reel(["batch", jobs, "-o", out, "--shard", "1/2"])
        #expect(shard1.stdout.contains("1 rendered, 0 already done, 0 failed"), "\(shard1.stdout)")
        let complete = try reel(["batch", jobs, "-o", out, "--merge"])
        #expect(complete.status == 0 && complete.stdout.contains("3 of 3 rows done, 0 failed, 0 missing"), "\(complete.stderr)")
        #expect(try Tools.probe(two).video?.frames == 50)
    }

    @Test func aJSONLinesJobsFileRunsAsTheCSVDoes() throws {
        let path = project.dir.file("jobs.jsonl")
        try """
        {"id": "one", "template": "tiny", "media": ["media/a.mp4", "media/b.mp4"], "quality": "draft", "size": "96x160", "seed": 2}
        {"id": "two", "template": "tiny", "media": "media", "quality": "draft", "size": "96x160", "output": "sub/{id}.mp4"}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try reel(["batch", path, "-o", out, "--jobs", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Tools.probe(out + "/one.mp4").video?.frames == 50 && Tools.probe(out + "/sub/two.mp4").video?.frames == 50)
        #expect(try rows(in: "manifest.jsonl") == [1, 2])
    }

    @Test func wrongCallsAreUsageErrors() throws {
        try writeJobs(["one,tiny,media,draft,96x160"])
        for args in [["batch", jobs], ["batch", jobs, "-o", out, "--shard", "2/2"], ["batch", jobs, "-o", out, "--jobs", "0"]] {
            let r = try reel(args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
        }
        let half = try reel(["batch", jobs, "-o", out], env: ["JOB_COMPLETION_INDEX": "0"])
        #expect(half.status == 2 && half.stderr.contains("JOB_COMPLETIONS"), "\(half.stderr)")
    }

    /// An array job's variables hold anything: each value is read exactly or refused as a usage
    /// error in one line, never an arithmetic trap, and a count without its index is refused.
    @Test func extremeArrayVariablesAreUsageErrors() throws {
        try writeJobs(["one,tiny,media,draft,96x160"])
        let slurm = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "2"]
        let cases: [[String: String]] = [
            slurm.merging(["SLURM_ARRAY_TASK_MIN": "-9223372036854775808"]) { $1 },
            slurm.merging(["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "0"]) { $1 },
            slurm.merging(["SLURM_ARRAY_TASK_STEP": "9223372036854775808"]) { $1 },
            slurm.merging(["SLURM_ARRAY_TASK_ID": "+1"]) { $1 },
            slurm.merging(["SLURM_ARRAY_TASK_COUNT": " 2"]) { $1 },
            slurm.merging(["SLURM_ARRAY_TASK_COUNT": "1e3"]) { $1 },
            ["SLURM_ARRAY_TASK_COUNT": "2"],
            ["JOB_COMPLETIONS": "2"],
            ["JOB_COMPLETION_INDEX": "-9223372036854775808", "JOB_COMPLETIONS": "9223372036854775807"],
        ]
        for env in cases {
            let r = try reel(["batch", jobs, "-o", out, "--check"], env: env)
            let lines = r.stderr.split(separator: "\n")
            #expect(r.status == 2 && lines.count == 1 && lines[0].hasPrefix("reel: error: "), "\(env): \(r.status) \(r.stderr)")
        }
        for segment in ["-9223372036854775808/2", "0/9223372036854775807", "0/99999999999999999999", "+0/2", " 0/2", "0/1e3"] {
            let r = try reel(["render", project.timeline, "--segment", segment, "-o", project.dir.file("part.mp4")])
            #expect(r.status == 2 && r.stderr.split(separator: "\n").count == 1, "\(segment): \(r.stderr)")
        }
        for (option, value) in [("--bitrate", "1e300"), ("--bitrate", "9223372036854775807M"), ("--bpp", "1e300"), ("--audio-bitrate", "1e300")] {
            let r = try reel(["render", project.timeline, option, value, "-o", project.dir.file("v.mp4")])
            #expect(r.status == 2 && r.stderr.split(separator: "\n").count == 1, "\(option) \(value): \(r.status) \(r.stderr)")
        }
        for jobs in ["9223372036854775808", "-9223372036854775808", "+1"] {
            let r = try reel(["batch", self.jobs, "-o", out, "--jobs", jobs])
            #expect(r.status == 2, "--jobs \(jobs): \(r.stderr)")
        }
    }
}
