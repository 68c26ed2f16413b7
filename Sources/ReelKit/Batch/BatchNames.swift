import FileAccess

/// The names a batch gives and accepts: row ids, outputs beneath the output folder, manifests.
public enum BatchNames {
    /// The output of a row without an `output` column.
    public static let defaultOutput = "{id}.mp4"

    /// Why `id` cannot name a row (it becomes part of file names), or nil when it can.
    static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "is empty" }
        if id.contains("/") || id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "'\(id)' holds a slash or a control character; an id becomes part of a file name"
        }
        if id.hasPrefix(".") { return "'\(id)' starts with a dot; an id becomes part of a file name" }
        if id.utf8.count > 200 { return "is longer than 200 bytes" }
        return nil
    }

    /// The output of a row, relative to the output folder: `template` with `{id}` replaced, checked
    /// to stay beneath the folder (no absolute path, no `..`, no hidden or empty part).
    static func output(_ template: String, id: String) -> Result<String, RowProblem.Reason> {
        let name = template.replacing("{id}", with: id)
        if name.hasPrefix("/") {
            return .failure(.init(column: "output", message: "'\(name)' is absolute; an output is a name beneath the output folder"))
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }) {
            return .failure(
                .init(column: "output", message: "'\(name)' leaves the output folder or has an empty or hidden part; give a name beneath it"))
        }
        return .success(parts.joined(separator: "/"))
    }

    /// The manifest a run writes: `manifest.jsonl`, or `manifest.<K>-of-<N>.jsonl` for shard K of N.
    public static func manifest(shard: Shard?) -> String {
        guard let shard else { return "manifest.jsonl" }
        return "manifest.\(shard.index)-of-\(shard.count).jsonl"
    }

    /// Whether `name` is a manifest a run or a merge may have written in an output folder.
    static func isManifest(_ name: String) -> Bool {
        guard name.hasPrefix("manifest."), name.hasSuffix(".jsonl") else { return false }
        if name == "manifest.jsonl" { return true }
        let middle = name.dropFirst("manifest.".count).dropLast(".jsonl".count)
        let parts = middle.split(separator: "-of-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// `folder/name`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether `path` lies beneath `folder`, once both have their links resolved (the parts of
    /// `path` not yet created are taken as written, as they will be made beneath what exists).
    static func isBeneath(_ path: String, _ folder: String) -> Bool {
        guard let root = PathText.realPath(folder) else { return false }
        var existing = PathText.folder(of: path)
        var rest: [String] = [PathText.name(of: path)]
        while PathText.realPath(existing) == nil, existing != "/", existing != "." {
            rest.insert(PathText.name(of: existing), at: 0)
            existing = PathText.folder(of: existing)
        }
        guard let real = PathText.realPath(existing) else { return false }
        let full = real + "/" + rest.joined(separator: "/")
        return full.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
