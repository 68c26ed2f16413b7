import FileAccess
import HTTPServer

/// The studio's page (`reel studio`, docs/studio.md): its HTML, JavaScript modules and CSS, read
/// once from one folder when the server starts and served without a token, since they hold no data.
///
/// Only the folder's own visible files of a known type are served, by exact name (`/` is its
/// `index.html`, `/studio/<name>` any of them): a path naming anything else never reaches the
/// disk, and one holding `..` is refused outright.
package struct StudioSite: Sendable {
    /// One file of the page: its bytes and the type it is served as.
    struct File: Sendable {
        let contentType: String
        let bytes: [UInt8]
    }

    private let files: [String: File]
    /// The page's own limit: a file larger is not one of its small modules.
    static let maxFileSize = 4 << 20
    /// The content types of the files served, by extension; other files are not served.
    static let contentTypes = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "json": "application/json; charset=utf-8",
    ]
    /// Sent with every file: scripts and everything else from this server alone (no inline script,
    /// no other site), pictures and videos also from the page's own blob URLs, never framed,
    /// never sniffed, and the address (which carries the token at first) never sent as a referrer.
    static let headers: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' blob:; media-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"), ("Cache-Control", "no-cache"),
    ]

    /// Reads every visible file of a served type in `folder` (not its subfolders); it must hold `index.html`.
    package init(folder: String) throws(ServerError) {
        guard FileKind.of(folder) == .folder, let names = FolderListing.names(folder) else {
            throw ServerError(folder, "is not a folder of the studio's page")
        }
        var files: [String: File] = [:]
        for name in names where !name.hasPrefix(".") {
            guard let ext = name.split(separator: ".").last.map({ $0.lowercased() }), let type = Self.contentTypes[ext] else { continue }
            guard FileKind.of(folder + "/" + name) == .regular else { continue }
            do {
                let bytes = try ReadableFile(path: folder + "/" + name).readAll(limit: Self.maxFileSize)
                files[name] = File(contentType: type, bytes: bytes)
            } catch {
                throw ServerError(error.file, error.reason)
            }
        }
        guard files["index.html"] != nil else { throw ServerError(folder, "holds no index.html (the studio's page)") }
        self.files = files
    }

    /// The names of the files served, sorted.
    package var names: [String] { files.keys.sorted() }

    /// True for the paths the page owns: `/` and everything under `/studio/`.
    static func owns(_ path: String) -> Bool { path == "/" || path.hasPrefix("/studio/") }

    /// The answer to a request for one of the page's paths; nil for any other path (the API's).
    func answer(_ request: HTTPRequest) -> HTTPResponse? {
        guard Self.owns(request.path) else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            var r = APIError(405, "method_not_allowed", "the studio's page is read with GET").response
            r.headers.append((name: "Allow", value: "GET, HEAD"))
            return r
        }
        let name = request.path == "/" ? "index.html" : String(request.path.dropFirst("/studio/".count))
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(".."), !segments.contains("."), !name.contains("/"), !name.contains("\\"), !name.contains("\0") else {
            return APIError(400, "bad_path", "the studio's files are named plainly: /studio/<name>, without '..' or folders").response
        }
        guard let file = files[name] else { return APIError.notFound("the studio has no file '\(name)'").response }
        // For HEAD, libmicrohttpd sends the head alone.
        return HTTPResponse(status: 200, headers: [(name: "Content-Type", value: file.contentType)] + Self.headers, body: .bytes(file.bytes))
    }
}
