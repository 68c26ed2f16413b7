import Foundation
import ReelKit
import ReelServer

#if canImport(Glibc)
    import Glibc
#endif

/// `reel serve`: the render API (docs/server.md) in the foreground until a signal.
///
/// SIGTERM, SIGINT or SIGHUP drains: no new connections or renders, running renders finish within
/// the drain's deadline or return to the queue, then the process exits 0; a second signal during
/// the drain stops at once (nothing is lost: running jobs are queued again at the next start).
struct ServeCommand: Command {
    let name = "serve"
    let summary = "run the render API: templates, uploads and renders over HTTP, jobs in a durable queue"
    let synopsis =
        "--data <folder> [--listen 127.0.0.1:8910] [--templates <folder>]... [--media-root <folder>]... [--jobs N] [--backend local|slurm] [--tokens <file>] [--webhook-secret <file>]"
    struct Options: OptionTable {
        let data = Option("data", help: "folder of the job store, uploads and outputs (made when missing)")
        let listen = Option(
            "listen", help: "address:port to listen on (default 127.0.0.1:8910; port 0 picks one); other than loopback needs --tokens")
        let templates = RepeatedOption("templates", help: "a folder of template folders (default: the shipped templates); an id is a folder's name")
        let mediaRoot = RepeatedOption("media-root", help: "a folder whose files and folders requests may name by path")
        let jobs = Option("jobs", help: "renders at once on this machine, or followed at once on Slurm (default 1)")
        let backend = Option("backend", help: "local (default): render here; slurm: submit each render as Slurm jobs (sbatch on PATH)")
        let segmentSeconds = Option(
            "segment-seconds", help: "with --backend slurm: a video longer than this is rendered as segments on many nodes (default 60)")
        let sbatchOption = RepeatedOption("sbatch-option", help: "with --backend slurm: an option for every sbatch (--partition=render)")
        let webhookSecret = Option("webhook-secret", help: "file whose first line is the secret webhooks are signed with (HMAC-SHA256)")
        let tokens = Option("tokens", help: "file of NAME TOKEN lines: every route but /v1/health then needs Authorization: Bearer")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.isEmpty else { throw UsageError(message: "serve takes no operands; see reel serve --help") }
        guard let data = args[\.data] else { throw UsageError(message: "give the data folder: --data <folder>") }
        var host = "127.0.0.1"
        var port = 8910
        if let listen = args[\.listen] {
            guard let parsed = ListenAddress.parse(listen) else { throw UsageError(message: "--listen takes address:port, not '\(listen)'") }
            (host, port) = parsed
        }
        var workers = 1
        if let j = args[\.jobs] {
            guard let n = Int(j), Limits.batchJobs.contains(n) else {
                throw UsageError(message: "--jobs takes a whole number from \(Limits.batchJobs.lowerBound) to \(Limits.batchJobs.upperBound)")
            }
            workers = n
        }
        var backend = RenderBackend.local
        switch args[\.backend] ?? "local" {
        case "local":
            guard args[\.segmentSeconds] == nil, args[\.sbatchOption].isEmpty else {
                throw UsageError(message: "--segment-seconds and --sbatch-option go with --backend slurm")
            }
        case "slurm":
            var seconds = ServerLimits.defaultSegmentSeconds
            if let text = args[\.segmentSeconds] {
                guard let n = Int(text), ServerLimits.segmentSeconds.contains(n) else {
                    let range = ServerLimits.segmentSeconds
                    throw UsageError(message: "--segment-seconds takes whole seconds from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
                }
                seconds = n
            }
            for option in args[\.sbatchOption] where !option.hasPrefix("--") {
                throw UsageError(message: "--sbatch-option takes one long sbatch option (--partition=render), not '\(option)'")
            }
            backend = .slurm(segmentSeconds: seconds, sbatchOptions: args[\.sbatchOption])
        case let other:
            throw UsageError(message: "--backend takes local or slurm, not '\(other)'")
        }
        let templates = args[\.templates].isEmpty ? [InstalledFiles.folder("templates") ?? "templates"] : args[\.templates]
        var configuration = ServerConfiguration(
            data: data, host: host, port: port, templateFolders: templates, mediaRoots: args[\.mediaRoot], workers: workers)
        configuration.drainSeconds = 30
        configuration.backend = backend
        if let file = args[\.webhookSecret] {
            do { configuration.webhookSecret = try WebhookSecret.read(file) } catch { throw UsageError(message: error.description) }
        }
        if let file = args[\.tokens] {
            do { configuration.tokens = try ServerTokens(file: file) } catch { throw UsageError(message: error.description) }
        }
        let signals = Self.takeSignals()
        let quiet = args.quiet
        let server = try Self.startServer(configuration, quiet: quiet)
        Console.out(
            "reel serve: listening on \(server.url)" + (server.recoveredJobs > 0 ? " (\(server.recoveredJobs) interrupted renders queued again)" : "")
        )
        Self.serve(server, until: signals, name: name, quiet: quiet)
        return .success
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP in this thread before the server starts: they are then
    /// taken by `serve` alone (sigwait), never by a handler, since the server's threads, made
    /// after this, inherit the mask.
    /// The server started on `configuration`, its request log on standard error unless `quiet`;
    /// a one-line usage error when it cannot start.
    static func startServer(_ configuration: ServerConfiguration, quiet: Bool) throws -> ReelServer {
        do {
            return try ReelServer(configuration, log: { line in if !quiet { Console.write(2, line + "\n") } })
        } catch {
            throw UsageError(message: error.description)
        }
    }

    static func takeSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, s) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return signals
    }

    /// Waits for one of `signals`, then drains `server`; a second signal during the drain exits at
    /// once. `reel serve` and `reel studio` (`name`, for the line said when draining) end this way.
    static func serve(_ server: ReelServer, until signals: sigset_t, name: String, quiet: Bool) {
        var signals = signals
        var received: Int32 = 0
        sigwait(&signals, &received)
        if !quiet { Console.write(2, "reel \(name): draining (a second signal stops at once)\n") }
        let drained = Thread { server.drain() }
        drained.start()
        let waited = signals
        Thread {
            var set = waited
            var again: Int32 = 0
            sigwait(&set, &again)
            TemporaryFiles.shared.removeAllForSignal()
            _exit(128 + again)
        }.start()
        while !drained.isFinished { usleep(50_000) }
    }
}
