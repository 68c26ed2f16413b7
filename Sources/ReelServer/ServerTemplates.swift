import DocumentJSON
import FileAccess
import Foundation
import ReelKit

/// The templates a server offers: every template folder in its folders of templates, by id (the
/// folder's name), loaded and checked once when first asked for.
///
/// Two folders of templates holding the same name: the first given wins, as a search path does.
package final class ServerTemplates: @unchecked Sendable {
    /// Template folders by id, in id order.
    package let folders: [(id: String, folder: String)]
    private let lock = NSLock()
    private var loaded: [String: Result<LoadedTemplate, ReelError>] = [:]

    /// Lists the template folders of `roots`; a root that holds none is an error naming it.
    /// `templates` are template folders themselves, each found before any of the roots'.
    package init(roots: [String], templates: [String] = []) throws(ServerError) {
        var found: [String: String] = [:]
        for folder in templates {
            guard FileKind.of(folder + "/" + TemplateLoader.fileName) == .regular else {
                throw ServerError(folder, "holds no \(TemplateLoader.fileName): it is not a template folder")
            }
            let id = (PathText.absolute(folder) as NSString).lastPathComponent
            if found[id] == nil { found[id] = folder }
        }
        for root in roots {
            let folders: [String]
            do { folders = try Gallery.templateFolders(in: root) } catch { throw ServerError(root, error.reason) }
            for folder in folders {
                let id = (folder as NSString).lastPathComponent
                if found[id] == nil { found[id] = folder }
            }
        }
        folders = found.sorted { $0.key < $1.key }.map { (id: $0.key, folder: $0.value) }
    }

    /// The folder of template `id`; nil when the server has none of that name.
    package func folder(of id: String) -> String? { folders.first { $0.id == id }?.folder }

    /// Template `id` loaded and validated (once); the API's error when there is none or it is invalid.
    package func load(_ id: String) throws(APIError) -> LoadedTemplate {
        guard let folder = folder(of: id) else {
            throw APIError(404, "template_not_found", "no template '\(id)'; GET /v1/templates lists them")
        }
        lock.lock()
        let known = loaded[id]
        lock.unlock()
        let result: Result<LoadedTemplate, ReelError>
        if let known {
            result = known
        } else {
            do { result = .success(try Pipeline.loadTemplate(folder)) } catch { result = .failure(error) }
            lock.lock()
            loaded[id] = result
            lock.unlock()
        }
        switch result {
        case .success(let t): return t
        case .failure(let error): throw Self.invalid(id, error)
        }
    }

    /// Loads template `id` again from its folder (its files changed) and keeps the result for
    /// `load`; every finding of the check, as `reel validate` reports them, and whether it passed.
    package func recheck(_ id: String) -> (valid: Bool, diagnostics: [Diagnostic])? {
        guard let folder = folder(of: id) else { return nil }
        let result: Result<LoadedTemplate, ReelError>
        let found: (valid: Bool, diagnostics: [Diagnostic])
        do {
            let t = try Pipeline.loadTemplate(folder)
            (result, found) = (.success(t), (true, t.diagnostics))
        } catch {
            result = .failure(error)
            switch error {
            case .invalidTemplate(_, let diagnostics): found = (false, diagnostics)
            case .templateUnreadable(let unreadable): found = (false, [unreadable.diagnostic])
            default: found = (false, [])
            }
        }
        lock.lock()
        loaded[id] = result
        lock.unlock()
        return found
    }

    /// A template that does not load, with each of its errors and their codes.
    static func invalid(_ id: String, _ error: ReelError) -> APIError {
        guard case .invalidTemplate(_, let diagnostics) = error else {
            return APIError(422, "invalid_template", "template '\(id)': \(error.description)")
        }
        let errors = diagnostics.filter { $0.severity == .error }
        return APIError(
            422, "invalid_template", "template '\(id)' has \(errors.count) error\(errors.count == 1 ? "" : "s")",
            problems: errors.map { APIError.Problem(field: "template", message: $0.description, code: $0.code.rawValue) })
    }

    /// What `GET /v1/templates` says of each: id, name, canvas, length, texts to fill, music.
    package func summary(_ id: String) -> JSONValue {
        var o = JSONObject(["id": .string(id)])
        do {
            let t = try load(id).template
            o["name"] = .string(t.name)
            if let d = t.description { o["description"] = .string(d) }
            o["canvas"] = .object(
                JSONObject([
                    "width": APIJSON.int(t.canvas.width), "height": APIJSON.int(t.canvas.height), "frameRate": .string(t.frameRate.description),
                ]))
            if let total = t.totalDuration {
                o["duration"] = .string(TimeText.string(from: total))
                o["seconds"] = APIJSON.double(total.seconds)
            }
            o["slots"] = APIJSON.int(t.slots.count)
            o["texts"] = APIJSON.strings(t.textKeys)
            o["tags"] = APIJSON.strings(t.tags)
            o["music"] = .bool(t.music != nil)
            o["valid"] = .bool(true)
        } catch {
            o["valid"] = .bool(false)
            o["error"] = error.json
        }
        o["contactSheet"] = .string("/v1/templates/\(id)/contact-sheet.png")
        o["preview"] = .string("/v1/templates/\(id)/preview.gif")
        return .object(o)
    }

    /// `GET /v1/templates/{id}`: the summary, each slot (id, what it takes, its length) and each text.
    package func detail(_ id: String) throws(APIError) -> JSONValue {
        let t = try load(id).template
        guard case .object(var o) = summary(id) else { return summary(id) }
        o["slotList"] = .array(
            t.slots.map { slot in
                .object(
                    JSONObject([
                        "id": .string(slot.id), "accepts": .string(slot.accepts.rawValue),
                        "duration": .string(TimeText.string(from: slot.duration)), "seconds": APIJSON.double(slot.duration.seconds),
                    ]))
            })
        return .object(o)
    }
}
