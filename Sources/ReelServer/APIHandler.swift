import DocumentJSON
import FileAccess
import Foundation
import HTTPServer
import JobStore
import ReelKit

/// The render API over HTTP: each request routed, answered as JSON (or a file), counted and
/// logged as one JSON line with its request id.
final class APIHandler: HTTPHandler, @unchecked Sendable {
    let configuration: ServerConfiguration
    let store: JobStore
    let templates: ServerTemplates
    let check: RenderCheck
    let runner: RenderRunner
    let metrics: ServerMetrics
    let log: @Sendable (String) -> Void
    /// The studio's page (`reel studio`), answered before any token is asked for; nil for `reel serve`.
    let site: StudioSite?
    /// One picture drawn at a time: two requests for the same one draw it once; author mode
    /// removes a changed template's pictures under it too.
    let previewLock: NSLock
    /// Author mode's watched template (`reel studio` on one template folder); nil otherwise.
    let authoring: TemplateAuthoring?
    /// The timelines last previewed, kept open so their frames are drawn without opening media again.
    let previews: TimelinePreviews
    /// Set by a drain: new renders are refused (503) while running ones finish.
    private let drainingFlag = CancellationFlag()

    init(
        configuration: ServerConfiguration, store: JobStore, templates: ServerTemplates, check: RenderCheck, runner: RenderRunner,
        metrics: ServerMetrics, log: @escaping @Sendable (String) -> Void, site: StudioSite? = nil, authoring: TemplateAuthoring? = nil,
        previewLock: NSLock = NSLock()
    ) {
        self.site = site
        self.authoring = authoring
        self.previewLock = previewLock
        self.configuration = configuration
        self.store = store
        self.templates = templates
        self.check = check
        self.runner = runner
        self.metrics = metrics
        self.log = log
        previews = TimelinePreviews(capacity: ServerLimits.previewSessions, proxies: configuration.data + "/proxies")
    }

    /// Refuses new renders from now on.
    func startDraining() { drainingFlag.cancel() }

    func bodyPlan(for head: HTTPRequest) -> BodyPlan {
        // A request that sends a body without a valid token is answered before a byte of it is
        // taken; a GET, and anything sent to the studio's page, is answered by `respond`.
        var owner: String?
        if head.method != "GET" && head.method != "HEAD" && !(site != nil && StudioSite.owns(head.path)) {
            do { owner = try self.owner(of: head) } catch { return .refuse(error.response) }
        }
        if APIRoutes.upload.method == head.method, APIRoutes.upload.match(head.path) != nil {
            return uploadPlan(head, owner: owner)
        }
        if head.method == "POST" || head.method == "PUT" || head.method == "PATCH" {
            let type = head.header("content-type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard type == "application/json" else {
                return .refuse(APIError(415, "unsupported_media_type", "send the body as application/json").response)
            }
        }
        return .memory(limit: ServerLimits.maxJSONBody)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ServerClock.seconds()
        var route = "unmatched"
        var response: HTTPResponse
        do throws(APIError) {
            var request = request
            if let answered = site?.answer(request) {
                // The page's files hold no data: they are served without a token.
                (route, response) = ("studio", answered)
            } else {
                request.owner = try owner(of: request)
                (route, response) = try dispatch(request)
            }
        } catch {
            response = error.response
        }
        let seconds = ServerClock.seconds() - start
        metrics.request(method: request.method, route: route, status: response.status, seconds: seconds)
        var line = JSONObject([
            "time": APIJSON.time(ServerClock.wallMilliseconds()), "request": .string(request.id), "method": .string(request.method),
            "route": .string(route), "status": APIJSON.int(response.status), "ms": APIJSON.double((seconds * 10000).rounded() / 10),
        ])
        line["remote"] = .string(request.remoteAddress)
        log(JSONWriter.line(.object(line)))
        return response
    }

    /// The token's name the request carries; nil without tokens. Every route but the health
    /// check needs one when the server has tokens.
    private func owner(of request: HTTPRequest) throws(APIError) -> String? {
        guard let tokens = configuration.tokens else { return nil }
        if let owner = tokens.owner(authorization: request.header("authorization")) { return owner }
        if request.method == APIRoutes.health.method && request.path == APIRoutes.health.pattern { return nil }
        throw APIError(401, "unauthorized", "give a token of this server: Authorization: Bearer <token>")
    }

    private func dispatch(_ request: HTTPRequest) throws(APIError) -> (String, HTTPResponse) {
        var allowed: [String] = []
        for route in APIRoutes.all {
            guard let captured = route.match(request.path) else { continue }
            guard route.method == request.method else {
                allowed.append(route.method)
                continue
            }
            return (route.pattern, try answer(route, captured, request))
        }
        if !allowed.isEmpty {
            var response = APIError(405, "method_not_allowed", "\(request.path) takes \(allowed.joined(separator: ", "))").response
            response.headers.append((name: "Allow", value: allowed.joined(separator: ", ")))
            return ("unmatched", response)
        }
        throw APIError.notFound("no route \(request.method) \(request.path)")
    }

    private func answer(_ route: Route, _ captured: [String: String], _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let id = captured["id"] ?? ""
        switch route.name {
        case APIRoutes.health.name: return try health()
        case APIRoutes.metrics.name:
            var r = HTTPResponse(status: 200, body: .bytes(Array(metrics.text(jobs: try counts()).utf8)))
            r.headers = [(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")]
            return r
        case APIRoutes.openAPI.name: return .json(200, OpenAPIDocument.text)
        case APIRoutes.templates.name:
            return json(200, .object(JSONObject(["templates": .array(templates.folders.map { templates.summary($0.id) })])))
        case APIRoutes.template.name: return json(200, try templates.detail(id))
        case APIRoutes.contactSheet.name: return try templatePicture(id, kind: "png", request)
        case APIRoutes.preview.name: return try templatePicture(id, kind: "gif", request)
        case APIRoutes.validate.name: return try validate(request)
        case APIRoutes.upload.name: return try finishUpload(request)
        case APIRoutes.media.name: return try media(id, request)
        case APIRoutes.submit.name: return try submit(request)
        case APIRoutes.list.name: return try list(request)
        case APIRoutes.job.name: return json(200, JobJSON.value(try job(id, for: request), store: store))
        case APIRoutes.cancel.name: return try cancel(id, request)
        case APIRoutes.output.name: return try output(id, request, timeline: false)
        case APIRoutes.timeline.name: return try output(id, request, timeline: true)
        case APIRoutes.createTimeline.name: return try createTimeline(request)
        case APIRoutes.getTimeline.name: return try getTimeline(id, request)
        case APIRoutes.editTimeline.name: return try editTimeline(id, request)
        case APIRoutes.renderTimeline.name: return try renderTimeline(id, request)
        case APIRoutes.mediaRoots.name: return json(200, check.places.listing())
        case APIRoutes.templateChanges.name: return try templateChanges(id, request)
        case APIRoutes.timelineFrame.name: return try timelineFrame(id, captured["n"] ?? "", request)
        case APIRoutes.timelinePreview.name: return try timelinePreview(id, request)
        default: throw APIError.notFound("no route \(request.method) \(request.path)")
        }
    }

    func json(_ status: Int, _ value: JSONValue) -> HTTPResponse { .json(status, JSONWriter.line(value)) }

    func storeError(_ error: JobStoreError) -> APIError {
        switch error.kind {
        case .full: APIError(507, "storage_full", "the server's data folder is full; try again later")
        case .busy: APIError(503, "busy", "the job store is busy; try again")
        case .conflict: APIError(409, "idempotency_conflict", "this Idempotency-Key was used with another request")
        default: APIError(500, "store_error", "the job store failed: \(error.reason)")
        }
    }

    func counts() throws(APIError) -> [JobState: Int] {
        do { return try store.counts() } catch { throw storeError(error) }
    }

    private func health() throws(APIError) -> HTTPResponse {
        let jobs = try counts()
        var byState = JSONObject()
        for state in JobState.allCases { byState[state.rawValue] = APIJSON.int(jobs[state] ?? 0) }
        var o = JSONObject([
            "status": .string(drainingFlag.isCancelled ? "draining" : "ok"), "jobs": .object(byState),
            "templates": APIJSON.int(templates.folders.count), "workers": APIJSON.int(configuration.workers),
            "backend": .string(configuration.backend == .local ? "local" : "slurm"),
        ])
        if let authoring { o["authoring"] = .string(authoring.id) }
        return json(200, .object(o))
    }

    /// Job `id`, when the request's token (if any) submitted it: another token's job is not found.
    func job(_ id: String, for request: HTTPRequest) throws(APIError) -> StoredJob {
        let found: StoredJob?
        do { found = try store.job(id) } catch { throw storeError(error) }
        guard let found, configuration.tokens == nil || found.owner == request.owner else { throw APIError.notFound("no render '\(id)'") }
        return found
    }

    private func submit(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard !drainingFlag.isCancelled else { throw APIError(503, "draining", "the server is shutting down and takes no new renders") }
        let render = try RenderRequest(json: try APIJSON.object(request.bodyBytes))
        _ = try check.makeRequest(render, owner: request.owner, output: configuration.outputFolder + "/check.mp4", timeline: nil)
        return try queue(kind: RenderRunner.renderKind, text: render.canonicalText, request)
    }

    /// Queues a job of `kind` whose request the store keeps as `text`: the token's limit, the
    /// request's `Idempotency-Key`, 202 with the job (200 with the earlier one for a retried key).
    func queue(kind: String, text: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let key = request.header("idempotency-key")
        if let key, key.isEmpty || key.count > 255 { throw APIError.badRequest("Idempotency-Key must be 1 to 255 characters") }
        if configuration.tokens != nil {
            let active: Int
            do { active = try store.activeCount(owner: request.owner) } catch { throw storeError(error) }
            guard active < configuration.maxActivePerToken else {
                throw APIError(
                    429, "too_many_renders", "this token has \(active) renders queued or running, the most it may have; wait for some to end")
            }
        }
        let submitted: (job: StoredJob, created: Bool)
        do { submitted = try store.submit(kind: kind, request: text, owner: request.owner, idempotencyKey: key) } catch {
            throw storeError(error)
        }
        if submitted.created { runner.wake() }
        var response = json(submitted.created ? 202 : 200, JobJSON.value(submitted.job, store: store))
        response.headers.append((name: "Location", value: "/v1/renders/\(submitted.job.id)"))
        return response
    }

    private func list(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        var state: JobState?
        if let s = request.queryValue("status") {
            guard let parsed = JobState(rawValue: s) else {
                throw APIError.badRequest("status takes \(JobState.allCases.map(\.rawValue).joined(separator: ", ")), not '\(s)'")
            }
            state = parsed
        }
        var limit = ServerLimits.defaultPageSize
        if let l = request.queryValue("limit") {
            guard let n = Int(l), ServerLimits.pageSize.contains(n) else {
                throw APIError.badRequest(
                    "limit takes a whole number from \(ServerLimits.pageSize.lowerBound) to \(ServerLimits.pageSize.upperBound)")
            }
            limit = n
        }
        let after = request.queryValue("after")
        let jobs: [StoredJob]
        do { jobs = try store.list(state: state, limit: limit + 1, after: after, owner: request.owner) } catch { throw storeError(error) }
        var o = JSONObject(["renders": .array(jobs.prefix(limit).map { JobJSON.value($0, store: store) })])
        if jobs.count > limit, let last = jobs.prefix(limit).last { o["next"] = .string(last.id) }
        return json(200, .object(o))
    }

    private func cancel(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let before = try job(id, for: request)
        guard !before.state.isFinal else {
            throw APIError(409, "already_\(before.state.rawValue)", "render '\(id)' is already \(before.state.rawValue)")
        }
        let after: StoredJob?
        do { after = try store.cancel(id) } catch { throw storeError(error) }
        runner.cancel(id)
        guard let after else { throw APIError.notFound("no render '\(id)'") }
        return json(200, JobJSON.value(after, store: store))
    }

    private func output(_ id: String, _ request: HTTPRequest, timeline: Bool) throws(APIError) -> HTTPResponse {
        let found = try job(id, for: request)
        guard found.state == .done else {
            throw APIError(409, "not_done", "render '\(id)' is \(found.state.rawValue); its output exists once it is done")
        }
        let paths = runner.outputPaths(id)
        if timeline { return .file(path: paths.timeline, contentType: "application/json", range: request.header("range")) }
        var response = HTTPResponse.file(path: paths.video, contentType: "video/mp4", range: request.header("range"))
        response.headers.append((name: "Content-Disposition", value: "inline; filename=\"\(id).mp4\""))
        return response
    }
}

extension HTTPRequest {
    /// The name of the token the request carried (set once checked); nil without tokens.
    var owner: String? {
        get { user }
        set { user = newValue }
    }

    /// The body as bytes: what JSON routes read.
    var bodyBytes: [UInt8] {
        if case .bytes(let b) = body { return b }
        return []
    }
}
