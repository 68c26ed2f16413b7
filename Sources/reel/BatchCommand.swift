import Foundation
import ReelKit

/// `reel batch`: one video per row of a jobs file, on a pool of workers; a thin client of `Batch`.
struct BatchCommand: Command {
    let name = "batch"
    let summary = "make one video per row of a CSV or JSONL jobs file (resumable, shardable)"
    let synopsis = "<jobs.csv|jobs.jsonl> -o <output folder> [--jobs N] [--shard K/N] [--force] [--check] [--merge]"
    struct Options: OptionTable {
        let output = Option("output", short: "o", help: "the folder for the videos and manifest.jsonl")
        let jobs = Option("jobs", short: "j", help: "rows rendered at once (default: from the cores and memory)")
        let shard = Option("shard", help: "render only shard K of N (K from 0), e.g. 0/4; default from the array job's env")
        let force = Flag("force", help: "render every row again, even those already done")
        let check = Flag("check", help: "check every row (templates, media, texts, options) and render nothing")
        let merge = Flag("merge", help: "join the shards' manifests into manifest.jsonl; report rows missing or failed")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let jobsFile = args.operands.first else { throw UsageError(message: "give one jobs file (.csv or .jsonl)") }
        guard let folder = args[\.output] else { throw UsageError(message: "give the output folder: -o <folder>") }
        let quiet = args.quiet
        if args[\.merge] {
            guard !args[\.check], args[\.shard] == nil else { throw UsageError(message: "--merge takes no --check or --shard") }
            return try merge(jobsFile, folder, quiet: quiet)
        }
        let shard: Shard?
        do throws(OptionValueError) {
            if let s = args[\.shard] {
                shard = try Shard.parse(s)
            } else {
                shard = try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
            }
        } catch { throw UsageError(message: error.description) }
        var workers: Int?
        if let j = args[\.jobs] {
            guard let n = WholeNumber.parse(j), Limits.batchJobs.contains(n) else {
                throw UsageError(
                    message: "--jobs takes a number of rows from \(Limits.batchJobs.lowerBound) to \(Limits.batchJobs.upperBound), not '\(j)'")
            }
            workers = n
        }
        let plan = try Batch.plan(
            BatchRequest(jobsFile: jobsFile, outputFolder: folder, shard: shard, workers: workers, force: args[\.force]),
            keepingJobs: !args[\.check])
        for p in plan.problems { Console.error("\(jobsFile):\(p.line): \(p)") }
        let scope = shard.map { "shard \($0) (\(plan.shardRows) of \(plan.rowCount) rows)" } ?? "\(plan.rowCount) rows"
        if args[\.check] {
            if !quiet { Console.out("checked \(scope): \(plan.readyRows) ready, \(plan.problems.count) with problems") }
            return plan.problems.isEmpty ? .success : .invalid
        }
        try Pipeline.checkEncoders()
        let progress = BatchProgress(total: plan.shardRows, quiet: quiet, jobsFile: jobsFile, checked: Set(plan.problems.map(\.row)))
        let summary = try Batch.run(plan, events: progress.handle)
        progress.finish()
        if !quiet {
            Console.out(
                "\(scope): \(summary.rendered) rendered, \(summary.skipped) already done, \(summary.failed.count) failed in \(clock(progress.elapsed)); manifest \(summary.manifestPath)"
            )
        }
        return summary.failed.isEmpty && summary.entries.count == plan.shardRows ? .success : .rowsFailed
    }

    private func merge(_ jobsFile: String, _ folder: String, quiet: Bool) throws -> ExitStatus {
        let report = try Batch.merge(jobsFile: jobsFile, outputFolder: folder)
        for m in report.missing { Console.error("\(jobsFile): row \(m.row) (id \(m.id)): missing: \(m.reason)") }
        for f in report.failed { Console.error("\(jobsFile): row \(f.row) (id \(f.id)): failed: \(f.error ?? "")") }
        if !quiet {
            let done = report.entries.count - report.failed.count
            Console.out(
                "merged \(report.sources.count) manifest\(report.sources.count == 1 ? "" : "s"): \(done) of \(report.rowCount) rows done, \(report.failed.count) failed, \(report.missing.count) missing; \(report.manifestPath)"
            )
        }
        return report.isComplete ? .success : .rowsFailed
    }
}
