/// The bounds of what one request may ask of the server, declared once: the request readers, the
/// OpenAPI document and the tests read them here.
package enum ServerLimits {
    /// Largest JSON body (bytes): a render request with a thousand media paths fits many times over.
    package static let maxJSONBody = 1 << 20
    /// Most media one render request names (uploads or paths).
    package static let maxMedia = 1000
    /// Most texts one render request fills.
    package static let maxTexts = 64
    /// Longest string value in a request (characters): a path or a text.
    package static let maxString = 4096
    /// Most jobs one page of `GET /v1/renders` lists.
    package static let pageSize = 1...1000
    /// Jobs listed when the request does not say.
    package static let defaultPageSize = 50
    /// Largest upload (bytes).
    package static let maxUpload: Int64 = 2 << 30
    /// Segments one render is split into on Slurm, at most: past this, the join's packet copying
    /// and the array's scheduling outweigh what another worker saves.
    package static let maxSegments = 64
    /// Seconds of video a segment covers by default on Slurm (`--segment-seconds`).
    package static let defaultSegmentSeconds = 60
    /// `--segment-seconds` takes whole seconds in this range.
    package static let segmentSeconds = 1...3600
    /// Longest wait of author mode's long poll (seconds): under the idle timeouts of browsers and
    /// proxies (30 s and up), so a quiet poll is answered rather than cut.
    package static let changesWaitSeconds = 25.0
    /// Lines a preview frame may be drawn at (`?height=`): a thumbnail to a 4K player.
    package static let previewHeight = 16...2160
    /// Lines of a preview frame when the request does not say.
    package static let defaultPreviewHeight = 540
    /// Lines of a playback stream when the request does not say.
    package static let defaultStreamHeight = 360
    /// Timelines kept open for previews at once, their decoders warm; the least recently used closes.
    package static let previewSessions = 4
}
