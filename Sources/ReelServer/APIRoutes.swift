/// Every route of the API, once: the handler dispatches on them, and the OpenAPI document's paths
/// are held to them by a test.
enum APIRoutes {
    static let health = Route("GET", "/v1/health")
    static let metrics = Route("GET", "/metrics")
    static let openAPI = Route("GET", "/v1/openapi.json")
    static let templates = Route("GET", "/v1/templates")
    static let template = Route("GET", "/v1/templates/{id}")
    static let contactSheet = Route("GET", "/v1/templates/{id}/contact-sheet.png")
    static let preview = Route("GET", "/v1/templates/{id}/preview.gif")
    static let validate = Route("POST", "/v1/validate")
    static let upload = Route("POST", "/v1/media")
    static let media = Route("GET", "/v1/media/{id}")
    static let submit = Route("POST", "/v1/renders")
    static let list = Route("GET", "/v1/renders")
    static let job = Route("GET", "/v1/renders/{id}")
    static let cancel = Route("DELETE", "/v1/renders/{id}")
    static let output = Route("GET", "/v1/renders/{id}/output")
    static let timeline = Route("GET", "/v1/renders/{id}/timeline")
    static let createTimeline = Route("POST", "/v1/timelines")
    static let getTimeline = Route("GET", "/v1/timelines/{id}")
    static let editTimeline = Route("POST", "/v1/timelines/{id}/edits")
    static let renderTimeline = Route("POST", "/v1/timelines/{id}/renders")
    static let mediaRoots = Route("GET", "/v1/media-roots")
    static let templateChanges = Route("GET", "/v1/templates/{id}/changes")
    static let timelineFrame = Route("GET", "/v1/timelines/{id}/frames/{n}")
    static let timelinePreview = Route("GET", "/v1/timelines/{id}/preview.mp4")

    static let all =
        [
            health, metrics, openAPI, templates, template, contactSheet, preview, validate, upload, media, submit, list, job, cancel, output,
            timeline, createTimeline, getTimeline, editTimeline, renderTimeline, mediaRoots, templateChanges,
        ] + previewRoutes

    /// The preview engine's routes: frames on demand, and playback as a stream.
    static let previewRoutes = [timelineFrame, timelinePreview]
}
