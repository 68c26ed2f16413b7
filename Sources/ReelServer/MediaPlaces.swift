import FileAccess
import JobStore

/// Where a request's media and files may come from: uploads (`m_...` ids) and paths beneath the
/// server's media roots, nothing else.
///
/// A path is refused when it holds `..`, leads outside every root (lexically or through a link),
/// or is neither a file nor a folder. The roots are also confined (`ConfinedFolders`), so a file
/// swapped for a link after this check is refused when the render opens it.
package struct MediaPlaces: Sendable {
    /// The media roots, absolute, as given.
    package let roots: [String]
    let store: JobStore

    /// Confines every root for the life of the process.
    package init(roots: [String], store: JobStore) {
        self.roots = roots.map(PathText.absolute)
        self.store = store
        for root in self.roots { ConfinedFolders.confine(root) }
    }

    /// Characters of an upload id: `m_` and 26 of Crockford's base 32.
    static let uploadIDLength = 28

    /// True for text shaped as an upload id.
    static func isUploadID(_ text: String) -> Bool {
        text.hasPrefix("m_") && text.count == uploadIDLength && text.dropFirst(2).allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) }
    }

    /// The file or folder `item` names for a request of `owner` (a token's name; nil without
    /// tokens), whose uploads alone it may name; the reason it is refused otherwise.
    package func resolve(_ item: String, owner: String? = nil) -> Result<String, Refusal> {
        if Self.isUploadID(item) {
            guard let upload = try? store.upload(item, owner: owner) else { return .failure(Refusal("no upload '\(item)'; POST /v1/media first")) }
            return .success(upload.path)
        }
        guard !item.isEmpty else { return .failure(Refusal("is empty")) }
        guard !item.split(separator: "/").contains("..") else { return .failure(Refusal("'\(item)' holds '..'")) }
        guard !roots.isEmpty else {
            return .failure(Refusal("'\(item)' is not an upload id, and this server has no media root for paths (reel serve --media-root)"))
        }
        let candidates = item.hasPrefix("/") ? [PathText.absolute(item)] : roots.map { PathText.absolute($0 + "/" + item) }
        for path in candidates {
            guard let root = roots.first(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else { continue }
            guard let kind = FileKind.of(path) else { continue }
            guard let real = PathText.realPath(path), let realRoot = PathText.realPath(root),
                real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
            else { return .failure(Refusal("'\(item)' leads outside the media root through a link")) }
            guard kind == .regular || kind == .folder else { return .failure(Refusal("'\(item)' is \(kind.phrase), not a file or folder")) }
            return .success(path)
        }
        return .failure(Refusal(item.hasPrefix("/") ? "'\(item)' is not beneath a media root" : "'\(item)' is in no media root"))
    }
}

/// Why a request's media or file is refused, for its problem's message.
package struct Refusal: Error, Sendable {
    /// One line naming the item and the reason.
    package let reason: String

    init(_ reason: String) { self.reason = reason }
}
