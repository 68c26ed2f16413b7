import DocumentJSON
import FileAccess
import Foundation
import HTTPServer
import ReelKit

/// Validation without rendering (Creatomate's `dry_run`), and the templates' pictures.
extension APIHandler {
    /// `POST /v1/validate`: `{"template": id}` checks the template; a whole render request is
    /// checked as `POST /v1/renders` would check it. Answers 200 with `valid` and every finding.
    func validate(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let object = try APIJSON.object(request.bodyBytes)
        guard case .string(let id)? = object["template"] else {
            throw APIError(400, "invalid_request", "give the template's id (\"template\"), and the rest of a render request to check it too")
        }
        var problems: [APIError.Problem] = []
        var diagnostics: [JSONValue] = []
        do {
            let loaded = try templates.load(id)
            diagnostics = loaded.diagnostics.map { $0.jsonValue }
        } catch {
            guard error.code == "invalid_template" else { throw error }
            problems += error.problems
        }
        if problems.isEmpty && object.keys.contains(where: { $0 != "template" }) {
            var whole = object
            if whole["media"] == nil { whole["media"] = .array([]) }
            do {
                let render = try RenderRequest(json: whole)
                _ = try check.makeRequest(render, owner: request.owner, output: configuration.outputFolder + "/check.mp4", timeline: nil)
            } catch {
                problems += error.problems.isEmpty ? [APIError.Problem(field: "", message: error.message)] : error.problems
            }
        }
        var o = JSONObject(["valid": .bool(problems.isEmpty), "template": .string(id)])
        o["diagnostics"] = .array(diagnostics)
        o["problems"] = APIError(422, "", "", problems: problems).errorObject.objectValue?["problems"] ?? .array([])
        return json(200, .object(o))
    }

    /// A template's contact sheet (png) or animated preview (gif), drawn once into the data
    /// folder's cache and served from there (with Range, like any file).
    func templatePicture(_ id: String, kind: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let cache = configuration.data + "/cache"
        let path = "\(cache)/\(id).\(kind)"
        previewLock.lock()
        defer { previewLock.unlock() }
        // In author mode, a picture drawn before the latest save goes first; the template is then loaded as saved.
        if authoring?.id == id { authoring?.removeStalePictures() }
        let loaded = try templates.load(id)
        if FileKind.of(path) != .regular {
            mkdir(cache, 0o700)
            do {
                let subject = try Pipeline.openPreview(PreviewRequest(source: loaded.folder))
                if kind == "png" {
                    try Pipeline.write(try Pipeline.contactSheet(of: subject), to: path)
                } else {
                    try Pipeline.writeAnimatedPreview(subject, to: path)
                }
            } catch {
                throw APIError(
                    500, "preview_failed", "the \(kind == "png" ? "contact sheet" : "preview") of '\(id)' could not be drawn: \(error.description)")
            }
        }
        return .file(path: path, contentType: kind == "png" ? "image/png" : "image/gif", range: request.header("range"))
    }

    /// `GET /v1/templates/{id}/changes?after=N`: author mode's long poll. Answers once the
    /// watched template's revision passes `after` (at once without it), else after about 25 s
    /// with the same revision; the page asks again with the revision it got.
    func templateChanges(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard let authoring, authoring.id == id else {
            guard templates.folder(of: id) != nil else {
                throw APIError(404, "template_not_found", "no template '\(id)'; GET /v1/templates lists them")
            }
            throw APIError(404, "not_watched", "template '\(id)' is not watched: start reel studio with its folder alone to follow its saves")
        }
        var after = -1
        if let text = request.queryValue("after") {
            guard let n = Int(text), n >= 0 else { throw APIError.badRequest("after takes the revision last seen, a whole number from 0") }
            after = n
        }
        return json(200, authoring.changes(after: after, seconds: ServerLimits.changesWaitSeconds))
    }
}
