import FileAccess
import Foundation
import HTTPServer
import JobStore

/// `reel serve` as a library: the job store opened (and recovered), the renders' workers started,
/// the API listening. One object per process.
///
/// Starting recovers from whatever ended the last run: jobs that were running return to the
/// queue (they run again from the start; no job is reported done without its whole output), and
/// uploads that were still arriving are removed with their files.
package final class ReelServer: Sendable {
    /// Where it listens, as a URL: `http://127.0.0.1:8910`.
    package let url: String
    /// Jobs that were running when the last run ended, now queued again.
    package let recoveredJobs: Int
    private let http: HTTPServer
    private let handler: APIHandler
    private let runner: RenderRunner
    private let webhooks: WebhookSender?
    private let authoring: TemplateAuthoring?
    private let drainSeconds: Double

    /// Opens the store, recovers, starts the workers and listens; a one-line error otherwise.
    package init(_ configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }) throws(ServerError) {
        try configuration.checkAddress()
        guard configuration.workers >= 1 else { throw ServerError("--jobs", "takes 1 or more") }
        for folder in [configuration.data, configuration.outputFolder, configuration.uploadFolder] {
            if FileKind.of(folder) == nil && mkdir(folder, 0o700) != 0 {
                throw ServerError(folder, "cannot be created: \(String(cString: strerror(errno)))")
            }
            guard FileKind.of(folder) == .folder else { throw ServerError(folder, "is not a folder") }
        }
        for root in configuration.mediaRoots where FileKind.of(root) != .folder { throw ServerError(root, "is not a folder (--media-root)") }
        let store: JobStore
        do { store = try JobStore(path: configuration.databasePath) } catch { throw ServerError(error.file, "\(error.operation): \(error.reason)") }
        do {
            recoveredJobs = try store.requeueRunning()
            for upload in try store.takeIncompleteUploads() { unlink(upload.path) }
        } catch {
            throw ServerError(error.file, "\(error.operation): \(error.reason)")
        }
        if configuration.redrawsPictures, let names = FolderListing.names(configuration.pictureFolder) {
            for name in names where name.hasSuffix(".gif") || name.hasSuffix(".png") { unlink(configuration.pictureFolder + "/" + name) }
        }
        let site = try configuration.studioFolder.map { folder throws(ServerError) in try StudioSite(folder: folder) }
        let templates = try ServerTemplates(roots: configuration.templateFolders, templates: configuration.templates)
        let places = MediaPlaces(roots: configuration.mediaRoots, store: store)
        let metrics = ServerMetrics()
        let check = RenderCheck(templates: templates, places: places, signsWebhooks: configuration.webhookSecret != nil)
        let runner = RenderRunner(store: store, check: check, outputs: configuration.outputFolder, metrics: metrics, workers: configuration.workers)
        runner.timelineFolder = configuration.timelineFolder
        if case .slurm(let seconds, let options) = configuration.backend {
            guard let command = SlurmCommand.fromPath() else { throw ServerError("--backend slurm", "sbatch is not on PATH") }
            guard let reel = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
                throw ServerError("--backend slurm", "cannot tell where this reel executable is")
            }
            let slurm = SlurmBackend(
                cluster: SlurmCluster(command: command, submitOptions: options), reel: reel, root: configuration.slurmFolder,
                segmentSeconds: Double(seconds))
            try slurm.prepare()
            runner.slurm = slurm
        }
        let webhooks = configuration.webhookSecret.map { WebhookSender(store: store, secret: $0) }
        if let webhooks { runner.onWebhookDue = { webhooks.wake() } }
        let pictureLock = NSLock()
        var authoring: TemplateAuthoring?
        if configuration.watchesTemplate, configuration.templates.count == 1,
            let watched = templates.folders.first(where: { $0.folder == configuration.templates[0] })
        {
            authoring = try TemplateAuthoring(
                id: watched.id, templates: templates, pictureFolder: configuration.pictureFolder, pictureLock: pictureLock)
        }
        let handler = APIHandler(
            configuration: configuration, store: store, templates: templates, check: check, runner: runner, metrics: metrics, log: log,
            site: site, authoring: authoring, previewLock: pictureLock)
        let http: HTTPServer
        do { http = try HTTPServer(host: configuration.host, port: configuration.port, handler: handler) } catch {
            authoring?.stop()
            throw ServerError(error.address, error.reason)
        }
        self.authoring = authoring
        runner.start()
        webhooks?.start()
        self.webhooks = webhooks
        self.http = http
        self.handler = handler
        self.runner = runner
        self.drainSeconds = configuration.drainSeconds
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        url = "http://\(host):\(http.port)"
    }

    /// The port listened on (the one picked, when 0 was asked).
    package var port: Int { http.port }

    /// A drain, as SIGTERM asks: no new connections or renders; running renders finish within
    /// the drain's deadline or return to the queue; then the server stops.
    package func drain() {
        handler.startDraining()
        http.quiesce()
        authoring?.stop()
        runner.drain(deadline: drainSeconds)
        webhooks?.stop()
        http.stop()
    }

    /// Stops at once: running renders return to the queue.
    package func stop() {
        handler.startDraining()
        http.quiesce()
        authoring?.stop()
        runner.drain(deadline: 0)
        webhooks?.stop()
        http.stop()
    }
}
