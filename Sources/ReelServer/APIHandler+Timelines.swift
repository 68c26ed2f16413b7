import DocumentJSON
import FileAccess
import Foundation
import HTTPServer
import JobStore
import ReelKit

/// Timelines: a template filled without rendering (`POST /v1/timelines`), edited through the same
/// operations and journal as `reel edit` (`POST /v1/timelines/{id}/edits`, with `undo` and
/// `redo`), and rendered as a job (`POST /v1/timelines/{id}/renders`). A timeline lives in the data
/// folder as `timelines/<id>/timeline.json`, its journal beside it, as the CLI keeps them.
extension APIHandler {
    /// `<data>/timelines/<id>/timeline.json`, when `id` is shaped as a timeline id.
    func timelinePath(_ id: String, for request: HTTPRequest) throws(APIError) -> String {
        guard JobIDs.isWellFormed(id, prefix: "t_") else { throw APIError.notFound("no timeline '\(id)'") }
        let folder = "\(configuration.timelineFolder)/\(id)"
        let path = folder + "/timeline.json"
        guard FileKind.of(path) == .regular, Self.owner(ofTimeline: folder) == request.owner else {
            throw APIError.notFound("no timeline '\(id)'")
        }
        return path
    }

    /// The token a timeline was made with (its folder's `owner` file); nil for one made without tokens.
    static func owner(ofTimeline folder: String) -> String? {
        (try? String(contentsOfFile: folder + "/owner", encoding: .utf8)).map { $0.trimmingCharacters(in: .newlines) }
    }

    /// `POST /v1/timelines`: a render request resolved, the timeline kept; 201 with it.
    func createTimeline(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let render = try RenderRequest(json: try APIJSON.object(request.bodyBytes))
        guard render.webhook == nil else {
            throw APIError(400, "invalid_request", "a timeline is made at once: give a webhook to its renders instead")
        }
        let id = JobIDs.make(prefix: "t_")
        let folder = "\(configuration.timelineFolder)/\(id)"
        let path = folder + "/timeline.json"
        let make = try check.makeRequest(render, owner: request.owner, output: folder + "/unused.mp4", timeline: path)
        mkdir(configuration.timelineFolder, 0o700)
        guard mkdir(folder, 0o700) == 0 else {
            throw APIError(507, "storage_full", "the timeline cannot be stored: \(String(cString: strerror(errno)))")
        }
        // Only the token that made it finds it again.
        if let owner = request.owner {
            do { try Data((owner + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/owner"), options: .atomic) } catch {
                rmdir(folder)
                throw APIError(507, "storage_full", "the timeline cannot be stored: \(error.localizedDescription)")
            }
        }
        let resolved: (loaded: LoadedTemplate, resolution: Resolution)
        do throws(ReelError) {
            let (loaded, resolution, _) = try Pipeline.resolveMake(make)
            try Pipeline.writeTimeline(resolution.timeline, to: path)
            resolved = (loaded, resolution)
        } catch {
            unlink(path)
            unlink(folder + "/owner")
            rmdir(folder)
            throw APIError(422, error.apiCode, Self.hidingData(error.description, folder: folder))
        }
        let warnings = (resolved.loaded.diagnostics + resolved.resolution.diagnostics).filter { $0.severity == .warning }
        var o = try timelineJSON(id, path: path)
        o["summary"] = APIJSON.strings(resolved.resolution.summary)
        o["warnings"] = .array(warnings.map { $0.jsonValue })
        var response = json(201, .object(o))
        response.headers.append((name: "Location", value: "/v1/timelines/\(id)"))
        return response
    }

    /// `GET /v1/timelines/{id}`.
    func getTimeline(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        json(200, .object(try timelineJSON(id, path: try timelinePath(id, for: request))))
    }

    /// The timeline's document, whether an edit can be undone or redone, and the journal's entries.
    private func timelineJSON(_ id: String, path: String) throws(APIError) -> JSONObject {
        let text: String
        do { text = try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch { throw APIError(500, "store_error", error.reason) }
        var o = JSONObject(["id": .string(id)])
        o["timeline"] = APIJSON.stored(text) ?? .null
        if let history = try? Pipeline.editHistory(timeline: path) {
            o["canUndo"] = .bool(history.canUndo)
            o["canRedo"] = .bool(history.canRedo)
            o["history"] = history.json
        }
        o["renders"] = .string("/v1/timelines/\(id)/renders")
        return o
    }

    /// `POST /v1/timelines/{id}/edits`: `{"operation", "operands"?, "options"?}`, as `reel edit`
    /// takes them (`undo` and `redo` included); 200 with what changed and the timeline after.
    func editTimeline(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let path = try timelinePath(id, for: request)
        let object = try APIJSON.object(request.bodyBytes)
        var problems: [APIError.Problem] = []
        for key in object.keys where !["operation", "operands", "options"].contains(key) {
            problems.append(APIError.Problem(field: key, message: "is not a field of an edit (operation, operands, options)"))
        }
        guard case .string(let operation)? = object["operation"] else {
            throw APIError(400, "invalid_request", "give the edit's operation, as reel edit names it (swap, trim, undo...)")
        }
        var operands: [String] = []
        for (i, value) in (object["operands"]?.arrayValue ?? []).enumerated() {
            switch value {
            case .string(let s): operands.append(s)
            case .number(let n): operands.append(n.text)
            default: problems.append(APIError.Problem(field: "operands[\(i)]", message: "must be a string or a number"))
            }
        }
        var options: [String: String] = [:]
        for member in object["options"]?.objectValue?.members ?? [] {
            switch member.value {
            case .string(let s): options[member.key] = s
            case .number(let n): options[member.key] = n.text
            case .bool(let b): options[member.key] = b ? "true" : "false"
            default: problems.append(APIError.Problem(field: "options.\(member.key)", message: "must be a string, a number or a boolean"))
            }
        }
        guard problems.isEmpty else { throw APIError(400, "invalid_request", "the edit has \(problems.count) problem(s)", problems: problems) }
        let outcome: EditOutcome
        do { outcome = try Pipeline.edit(timeline: path, EditRequest(operation: operation, operands: operands, options: options)) } catch {
            throw Self.editError(error, folder: PathText.folder(of: path))
        }
        var o = try timelineJSON(id, path: path)
        o["operation"] = .string(outcome.operation)
        o["changed"] = .string(outcome.changed)
        return json(200, .object(o))
    }

    /// An edit refused, as the API says it: the request's mistake 400, nothing to undo 409, the
    /// rest 422; the data folder's paths are not shown.
    static func editError(_ error: EditFailure, folder: String) -> APIError {
        let message = hidingData(error.description, folder: folder)
        switch error {
        case .request: return APIError(400, "invalid_edit", message)
        case .nothingToUndo, .nothingToRedo: return APIError(409, "nothing_to_\(error.isUndo ? "undo" : "redo")", message)
        case .draft(let e) where !e.isInvalidDocument: return APIError(503, "busy", message)
        default: return APIError(422, "edit_refused", message)
        }
    }

    /// `text` with the timeline's folder in the data folder said as "the timeline".
    static func hidingData(_ text: String, folder: String) -> String {
        text.replacingOccurrences(of: folder + "/timeline.json", with: "the timeline").replacingOccurrences(of: folder + "/", with: "")
    }

    /// `POST /v1/timelines/{id}/renders`: the timeline as it is now, rendered as a job.
    func renderTimeline(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let path = try timelinePath(id, for: request)
        let snapshot = "render-\(JobIDs.make(prefix: "s_")).json"
        let render = try TimelineRenderRequest(json: try APIJSON.object(request.bodyBytes), timeline: id, snapshot: snapshot)
        if render.webhook != nil && configuration.webhookSecret == nil {
            throw APIError(
                422, "invalid_request", "the render request has 1 problem",
                problems: [
                    APIError.Problem(
                        field: "webhook", message: "this server signs webhooks with a secret it was not given (reel serve --webhook-secret FILE)")
                ])
        }
        // The render's options are checked against the timeline's canvas before it is queued.
        let timeline: Timeline
        do { timeline = try Pipeline.readTimeline(path) } catch {
            throw APIError(422, error.apiCode, Self.hidingData(error.description, folder: PathText.folder(of: path)))
        }
        do { _ = try render.optionText.exportOptions(canvas: timeline.canvas) } catch {
            throw APIError(
                422, "invalid_request", "the render request has 1 problem",
                problems: [APIError.Problem(field: "options.\(error.option)", message: error.message)])
        }
        let text: String
        do { text = try ReadableFile.text(path, limit: TimelineCodec.maxFileSize) } catch { throw APIError(500, "store_error", error.reason) }
        do {
            let copy = try AtomicFile(path: PathText.folder(of: path) + "/" + snapshot)
            try copy.write(Array(text.utf8))
            try copy.commit()
        } catch {
            throw APIError(507, "storage_full", "the timeline's copy cannot be stored: \(error.reason)")
        }
        return try queue(kind: RenderRunner.timelineKind, text: render.canonicalText, request)
    }
}

extension EditFailure {
    /// True for `nothingToUndo`.
    var isUndo: Bool {
        if case .nothingToUndo = self { return true }
        return false
    }
}

extension TimelineRenderRequest {
    /// The options as `make`'s text options, for the export's settings.
    var optionText: MakeOptionText {
        MakeOptionText(
            quality: options["quality"], size: options["size"], bitrate: options["bitrate"], bpp: options["bpp"],
            audioBitrate: options["audio-bitrate"], loudness: options["loudness"])
    }
}
