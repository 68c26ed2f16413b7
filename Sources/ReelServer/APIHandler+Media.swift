import DocumentJSON
import FileAccess
import Foundation
import HTTPServer
import JobStore
import ReelKit

/// Uploads: `POST /v1/media?name=clip.mov` streams the body into the data folder (bounded), the
/// file is probed, and only what Reel can read is kept; its id then names it in render requests.
extension APIHandler {
    /// The upload's id and file name, chosen from the head; the body goes to its own folder.
    func uploadPlan(_ head: HTTPRequest, owner: String?) -> BodyPlan {
        let name = Self.safeName(head.queryValue("name") ?? head.header("x-file-name") ?? "upload")
        let id = JobIDs.make(prefix: "m_")
        // One file per upload, named by its id: a body cut short is one file for the server to remove.
        let path = configuration.uploadFolder + "/" + id + "_" + name
        do { try store.beginUpload(id: id, fileName: name, path: path, owner: owner) } catch { return .refuse(storeError(error).response) }
        return .file(path: path, limit: ServerLimits.maxUpload)
    }

    /// A file name kept from what the client said: its last component, only letters, digits and
    /// `._-` (others become `_`), at most 100 characters, never hidden.
    static func safeName(_ given: String) -> String {
        let last = given.split(separator: "/").last.map(String.init) ?? ""
        var name = String(
            last.unicodeScalars.prefix(100).map { c in
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "._-".unicodeScalars.contains(c)) ? Character(c) : "_"
            })
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "upload" : name
    }

    /// The upload received in full: probed, kept or removed.
    func finishUpload(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard case .file(let path, let size) = request.body else { throw APIError.badRequest("send the file as the body") }
        let file = PathText.name(of: path)
        // `<id>_<name>`, the id `m_` and 26 characters.
        let id = String(file.prefix(MediaPlaces.uploadIDLength))
        func discard() {
            unlink(path)
            try? store.deleteUpload(id)
        }
        let probed: ProbedMedia
        do { probed = try Pipeline.probe(path) } catch {
            discard()
            throw APIError(422, "media_unreadable", "Reel cannot read this file as a video, photo or sound: \(error.description)")
        }
        let probe = JSONWriter.line(probed.json)
        do { try store.completeUpload(id: id, size: size, probe: probe) } catch {
            discard()
            throw storeError(error)
        }
        return json(201, uploadJSON(id: id, name: String(file.dropFirst(id.count + 1)), size: size, probe: probed.json))
    }

    /// `GET /v1/media/{id}`: what the upload is; another token's is not found.
    func media(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let found: StoredUpload?
        do { found = try store.upload(id, owner: request.owner) } catch { throw storeError(error) }
        guard let found else { throw APIError.notFound("no upload '\(id)'") }
        return json(200, uploadJSON(id: id, name: found.fileName, size: found.size, probe: APIJSON.stored(found.probe) ?? .null))
    }

    private func uploadJSON(id: String, name: String, size: Int64, probe: JSONValue) -> JSONValue {
        .object(JSONObject(["id": .string(id), "name": .string(name), "size": APIJSON.int64(size), "probe": probe]))
    }
}
