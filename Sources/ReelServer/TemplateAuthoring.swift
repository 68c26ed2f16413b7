import DocumentJSON
import Foundation

/// Author mode (`reel studio templates/mine`): one template's folder watched; on every save the
/// template is checked again, its cached pictures removed (drawn again when next asked for), and
/// the revision moved on, which wakes the page's long polls (`GET /v1/templates/{id}/changes`).
///
/// Revision 1 is the check made at start; each burst of saves adds one.
final class TemplateAuthoring: @unchecked Sendable {
    /// The template watched, by its id.
    let id: String
    private let templates: ServerTemplates
    private let pictureFolder: String
    private let pictureLock: NSLock
    private let condition = NSCondition()
    private var revision = 0
    /// The revision whose pictures were last removed; guarded by the picture lock.
    private var cleaned = 1
    private var valid = false
    private var diagnostics: [Diagnostic] = []
    private var stopped = false
    private var watch: FolderWatch?

    /// Checks the template once and starts watching its folder; the watch's error when it cannot.
    init(id: String, templates: ServerTemplates, pictureFolder: String, pictureLock: NSLock) throws(ServerError) {
        self.id = id
        self.templates = templates
        self.pictureFolder = pictureFolder
        self.pictureLock = pictureLock
        guard let folder = templates.folder(of: id) else { throw ServerError(id, "is not one of the server's templates") }
        recheck()
        watch = try FolderWatch(folder: folder) { [weak self] in self?.recheck() }
    }

    /// Checks the template again, moves the revision on, wakes the waiters, then removes its
    /// pictures unless one is being drawn (that draw may be of the old template: the next request
    /// for a picture removes them first, `removeStalePictures`). The findings never wait for a draw.
    func recheck() {
        let found = templates.recheck(id) ?? (valid: false, diagnostics: [])
        condition.lock()
        revision += 1
        (valid, diagnostics) = found
        condition.broadcast()
        condition.unlock()
        if pictureLock.try() {
            removeStalePictures()
            pictureLock.unlock()
        }
    }

    /// Removes the template's cached pictures when drawn before the latest save; call with the picture lock held.
    func removeStalePictures() {
        condition.lock()
        let latest = revision
        condition.unlock()
        guard cleaned < latest else { return }
        for kind in ["png", "gif"] { unlink("\(pictureFolder)/\(id).\(kind)") }
        cleaned = latest
    }

    /// The state once the revision has passed `after`, or after `seconds` (or at a stop) as it is:
    /// `{"template", "revision", "valid", "diagnostics"}`, each diagnostic as `reel validate
    /// --format json` writes it, with its first note as `fix`.
    func changes(after: Int, seconds: Double) -> JSONValue {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while revision <= after && !stopped && condition.wait(until: deadline) {}
        var o = JSONObject(["template": .string(id), "revision": APIJSON.int(revision), "valid": .bool(valid)])
        o["diagnostics"] = .array(
            diagnostics.map { d in
                guard case .object(var item) = d.jsonValue else { return d.jsonValue }
                if let fix = d.notes.first { item["fix"] = .string(fix) }
                return .object(item)
            })
        condition.unlock()
        return .object(o)
    }

    /// Stops watching and answers every waiting poll at once (a drain must not wait for them).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        watch?.stop()
    }
}
