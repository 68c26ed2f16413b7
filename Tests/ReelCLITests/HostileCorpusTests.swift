import Foundation
import ReelTestSupport
import Testing

/// Every case of the hostile corpus (`scripts/hostile`: broken media, FIFOs, folders posing as
/// files, oversized pictures, links out of templates, mutated templates and timelines) ends within
/// its time limit, never by a signal, with a documented exit code and a `reel: error:` line when it
/// fails; no case leaves a partial file or changes an input.
@Suite struct HostileCorpusTests {
    struct Case: Decodable, Sendable {
        let name: String
        let args: [String]
        let expect: String
        let mentions: String?
        /// The one exit code the case must end with, where the documentation names it.
        let exit: Int32?
        /// Environment variables set for the run (a batch's Slurm or Kubernetes index, say).
        let env: [String: String]?
    }

    struct Outcome: Sendable {
        let name: String
        let problem: String?
    }

    @Test func noHostileInputCrashesHangsOrLeavesAnythingBehind() throws {
        let dir = TemporaryFolder()
        let corpus = dir.file("corpus")
        let made = try Tools.run(Reel.repositoryRoot + "/scripts/hostile", [corpus, "--reel", Reel.path], timeout: 300)
        try #require(made.status == 0, "scripts/hostile: \(made.stderr)")
        let lines = try String(contentsOfFile: corpus + "/cases.jsonl", encoding: .utf8).split(separator: "\n")
        let cases = try lines.map { try JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
        #expect(cases.count > 100)
        let before = try inputs(corpus)

        let outcomes = OutcomeList(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            outcomes.set(i, Self.run(cases[i], in: corpus))
        }
        for outcome in outcomes.all {
            if let problem = outcome.problem { Issue.record("\(outcome.name): \(problem)") }
        }
        let partials = try Tools.run("find", [corpus, "-name", "*.partial"])
        #expect(partials.stdout.isEmpty, "partial files left: \(partials.stdout)")
        #expect(try inputs(corpus) == before, "an input of the corpus changed")
    }

    static func run(_ c: Case, in corpus: String) -> Outcome {
        let r: Tools.Output
        do {
            // Each case runs in the corpus folder, where its relative paths lead; outputs go to
            // per-case names so parallel cases never share one.
            let args = c.args.map { $0.hasPrefix("out/") ? "out/\(abs(c.name.hashValue))-" + $0.dropFirst(4) : $0 }
            let env = (c.env ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            r = try Tools.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", corpus, "env"] + env + [Reel.path] + args, timeout: 60)
        } catch {
            return Outcome(name: c.name, problem: "could not run: \(error)")
        }
        if r.signaled {
            return Outcome(name: c.name, problem: "ended by signal \(r.status) (a crash, or killed after 60 s): \(r.stderr.suffix(300))")
        }
        let allowed: Set<Int32> = c.expect == "fail" ? [1, 2, 3] : [0, 1, 2, 3]
        if !allowed.contains(r.status) { return Outcome(name: c.name, problem: "exit \(r.status), expected \(c.expect): \(r.stderr.suffix(300))") }
        if let exit = c.exit, r.status != exit {
            return Outcome(name: c.name, problem: "exit \(r.status), expected exit \(exit): \(r.stderr.suffix(300))")
        }
        if r.stderr.contains("Fatal error") || r.stderr.contains("Stack dump") {
            return Outcome(name: c.name, problem: "crashed: \(r.stderr.suffix(300))")
        }
        if r.status != 0 && c.args.first != "validate" {
            let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
            if !last.hasPrefix("reel: error: ") { return Outcome(name: c.name, problem: "no 'reel: error:' line: \(r.stderr.suffix(300))") }
        }
        if let mentions = c.mentions, !r.stderr.contains(mentions) {
            return Outcome(name: c.name, problem: "the error does not say '\(mentions)': \(r.stderr.suffix(300))")
        }
        return Outcome(name: c.name, problem: nil)
    }

    /// Size and modification time of every regular file outside `out/`.
    func inputs(_ corpus: String) throws -> [String: String] {
        let r = try Tools.run("find", [corpus, "-path", corpus + "/out", "-prune", "-o", "-type", "f", "-printf", "%P %s %T@\n"])
        var files: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { files[String(parts[0])] = String(parts[1]) }
        }
        return files
    }
}

private final class OutcomeList: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [HostileCorpusTests.Outcome?]
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ o: HostileCorpusTests.Outcome) {
        lock.lock()
        outcomes[i] = o
        lock.unlock()
    }
    var all: [HostileCorpusTests.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { $0 }
    }
}
