import Foundation

/// How one `reel serve` process runs: where it keeps its state, where it listens, what it may read.
///
/// Everything the server may read is named here: template folders, media roots and its own data
/// folder's uploads. A request naming any other file is refused before it is queued.
package struct ServerConfiguration: Sendable {
    /// The data folder: the job store (`reel.db`), uploads and outputs live beneath it.
    package var data: String
    /// Address to listen on; loopback unless tokens are given (`checkAddress`).
    package var host: String
    /// Port to listen on; 0 picks a free one (the tests' way).
    package var port: Int
    /// Folders of template folders, as `reel gallery` takes; a template's id is its folder's name.
    package var templateFolders: [String]
    /// Template folders named one by one (`reel studio templates/mine`), each its own template;
    /// one of these wins a name over a template found in `templateFolders`.
    package var templates: [String] = []
    /// Author mode (`reel studio templates/mine`): the one template of `templates` is watched, and
    /// checked again and its pictures redrawn on every save (`GET /v1/templates/{id}/changes`).
    package var watchesTemplate = false
    /// Folders beneath which a request may name media by path.
    package var mediaRoots: [String]
    /// Renders that run at once on this machine.
    package var workers: Int
    /// Bodies of JSON requests may not be larger (bytes).
    package var maxJSONBody: Int = 1 << 20
    /// Uploads may not be larger (bytes).
    package var maxUpload: Int64 = 2 << 30
    /// How long a drain (SIGTERM) lets running renders finish before they return to the queue.
    package var drainSeconds: Double = 30
    /// Bearer tokens (`--tokens`); nil serves loopback alone, without authentication.
    package var tokens: ServerTokens?
    /// The secret webhooks are signed with (`--webhook-secret`); nil refuses requests that name a webhook.
    package var webhookSecret: [UInt8]?
    /// The folder of the studio's page (`reel studio`), served without a token at `/` and
    /// `/studio/`; nil serves the API alone.
    package var studioFolder: String?
    /// Removes the templates' pictures drawn by an earlier run when starting, so a template changed
    /// since is drawn again (`reel studio`, whose data folder outlives its runs).
    package var redrawsPictures = false
    /// Queued and running renders one token may have at once (429 past it).
    package var maxActivePerToken = 100
    /// Where renders run: here, or as jobs of a Slurm cluster.
    package var backend: RenderBackend = .local

    /// Values as given; `ReelServer.start` checks them (folders exist, address allowed).
    package init(data: String, host: String = "127.0.0.1", port: Int = 8910, templateFolders: [String], mediaRoots: [String] = [], workers: Int = 1) {
        self.data = data
        self.host = host
        self.port = port
        self.templateFolders = templateFolders
        self.mediaRoots = mediaRoots
        self.workers = workers
    }

    /// Refuses an address other machines can reach when no token guards it.
    package func checkAddress() throws(ServerError) {
        guard tokens != nil || ListenAddress.isLoopback(host) else {
            throw ServerError("\(host):\(port)", "only loopback addresses are served without tokens: give --tokens FILE to listen here")
        }
    }

    /// `<data>/reel.db`: the job store.
    var databasePath: String { data + "/reel.db" }
    /// `<data>/outputs`: finished videos and timelines, named by job id.
    var outputFolder: String { data + "/outputs" }
    /// `<data>/cache`: the templates' contact sheets and animated previews, drawn once.
    var pictureFolder: String { data + "/cache" }
    /// `<data>/timelines`: timelines made without rendering, one folder each with its journal.
    var timelineFolder: String { data + "/timelines" }
    /// `<data>/slurm`: a work folder per render on Slurm (its plan, logs, segments).
    var slurmFolder: String { data + "/slurm" }
    /// `<data>/uploads`: uploaded media, one file per upload (`<id>_<name>`).
    var uploadFolder: String { data + "/uploads" }
}

/// Where a server's renders run (`--backend`).
package enum RenderBackend: Sendable, Equatable {
    /// On this machine, `--jobs` at a time.
    case local
    /// As Slurm jobs (sbatch, squeue, scontrol, scancel on `PATH`): a video longer than
    /// `segmentSeconds` as an array of segments, a soundtrack task and a join; `sbatchOptions`
    /// given to every submission (a partition, an account).
    case slurm(segmentSeconds: Int, sbatchOptions: [String])
}
