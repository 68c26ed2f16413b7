import DocumentJSON
import FileAccess
import Foundation

/// `GET /v1/media-roots`: what a person may pick from the media roots (the studio's Make view),
/// listed under the same confinement as `resolve`, so every path listed is one a request may name.
extension MediaPlaces {
    /// Files listed at most, over every root: a folder of thousands is picked as a folder instead.
    static let maxListed = 2000
    /// Folders below a root that are walked at most.
    static let maxDepth = 6
    /// What a file is, by its extension: only what Reel makes videos of is listed.
    static let kinds: [String: String] = {
        var kinds: [String: String] = [:]
        for e in ["mp4", "mov", "m4v", "mkv", "webm", "avi", "mts", "m2ts", "3gp", "mpg", "mpeg", "nut"] { kinds[e] = "video" }
        for e in ["jpg", "jpeg", "png", "heic", "heif", "avif", "webp", "gif", "tif", "tiff", "bmp"] { kinds[e] = "image" }
        for e in ["m4a", "mp3", "wav", "aac", "flac", "ogg", "opus"] { kinds[e] = "audio" }
        return kinds
    }()

    /// Each root by its folder's name (never its path on the server), with its videos, photos and
    /// sounds: the path a request names (relative to the root, unless another root would take it),
    /// the kind and the size in bytes. Hidden files and what leads out of a root are left out.
    func listing() -> JSONValue {
        var budget = Self.maxListed
        var rootsJSON: [JSONValue] = []
        for root in roots {
            var files: [JSONValue] = []
            var truncated = false
            var pending: [(relative: String, depth: Int)] = [("", 0)]
            while let (folder, depth) = pending.popLast() {
                let absolute = folder.isEmpty ? root : root + "/" + folder
                for name in (FolderListing.names(absolute) ?? []).sorted().reversed() where !name.hasPrefix(".") {
                    let relative = folder.isEmpty ? name : folder + "/" + name
                    let path = root + "/" + relative
                    guard case .success(let resolved) = resolve(path) else { continue }
                    switch FileKind.of(resolved) {
                    case .folder?:
                        if depth + 1 < Self.maxDepth { pending.append((relative, depth + 1)) } else { truncated = true }
                    case .regular?:
                        guard let ext = name.split(separator: ".").last?.lowercased(), name.contains("."), let kind = Self.kinds[ext] else {
                            continue
                        }
                        guard budget > 0 else {
                            truncated = true
                            continue
                        }
                        budget -= 1
                        // A relative path is taken from the first root that has it: name this one absolutely when another would.
                        let named = (try? resolve(relative).get()) == path ? relative : path
                        var st = stat()
                        let size = stat(resolved, &st) == 0 ? Int(st.st_size) : 0
                        files.append(.object(JSONObject(["path": .string(named), "kind": .string(kind), "size": APIJSON.int(size)])))
                    default: continue
                    }
                }
            }
            files.sort { ($0.objectValue?["path"]?.stringValue ?? "") < ($1.objectValue?["path"]?.stringValue ?? "") }
            rootsJSON.append(
                .object(
                    JSONObject([
                        "name": .string(PathText.name(of: root)), "files": .array(files), "truncated": .bool(truncated),
                    ])))
        }
        return .object(JSONObject(["roots": .array(rootsJSON)]))
    }
}
