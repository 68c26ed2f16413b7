#if canImport(Glibc)
    import Glibc
#endif

/// Checks, before any work, that no output of a run would replace one of its inputs or another
/// of its outputs.
///
/// Paths are compared as files, by device and inode after following links, so `media/../media/a.mp4`,
/// a symbolic link and a hard link to an input are all recognised; outputs that do not exist yet
/// are compared by their folder's real path and their name. An output that is a link is compared
/// as the file the link leads to, which is where it is written (`AtomicFile`).
///
/// A tree (a template folder) is compared by place, however deep: an output whose real path (that
/// of its deepest existing folder, links resolved, and the names below it) lies beneath the tree's
/// real path collides, whether or not a file is there yet. Hard links to the tree's files from
/// outside it are found by identity, within a bound (`maxFilesPerFolder` files, 8 levels).
public struct OutputGuard {
    /// What a run reads: files, and folders whose files it reads.
    public enum Input: Sendable {
        case file(String)
        /// A folder and the files directly inside it (a folder of media).
        case folder(String)
        /// A folder and everything beneath it (a template).
        case tree(String)

        /// A media operand: a file, or a folder whose files are read.
        package static func media(_ path: String) -> Input { FileKind.of(path) == .folder ? .folder(path) : .file(path) }
    }

    /// Most files looked at beneath one folder; a template holds far fewer.
    static let maxFilesPerFolder = 20_000

    private var inputs: [FileIdentity: String] = [:]
    /// The trees by real path, each with its path as given, for messages.
    private var trees: [String: String] = [:]

    /// A batch names its template and media folders once a row, thousands of times: each is
    /// looked at once, so the cost grows with the inputs that differ, not with the rows.
    public init(inputs: [Input]) {
        var seen = Set<String>()
        for input in inputs {
            switch input {
            case .file(let path): guard seen.insert("f" + path).inserted else { continue }
            case .folder(let path): guard seen.insert("d" + path).inserted else { continue }
            case .tree(let path): guard seen.insert("t" + path).inserted else { continue }
            }
            switch input {
            case .file(let path): add(path)
            case .folder(let path):
                add(path)
                addContents(of: path, depth: 1)
            case .tree(let path):
                add(path)
                if FileKind.of(path) == .folder, let real = PathText.realPath(path), trees[real] == nil { trees[real] = path }
                addContents(of: path, depth: 8)
            }
        }
    }

    /// Throws a `.collision` error when an output (`label`, such as `-o` or `--timeline`, and its
    /// path) names an input or the same file as another output. Standard output (`-`) and devices
    /// are written in place and never collide.
    package func check(_ outputs: [(label: String, path: String)]) throws(FileAccessError) {
        var targets: [String: String] = [:]
        var identities: [FileIdentity: String] = [:]
        for (label, path) in outputs where !AtomicFile.isStandardOutput(path) {
            let kind = FileKind.of(path)
            if kind == .characterDevice || kind == .fifo { continue }
            if let id = FileIdentity.of(path) {
                if let input = inputs[id] {
                    throw FileAccessError(
                        .collision, file: path, operation: "checking the outputs",
                        reason:
                            "\(label) names \(input == path ? "an input" : "the same file as the input \(input)") of this run; choose another output")
                }
                if let other = identities[id] {
                    throw FileAccessError(
                        .collision, file: path, operation: "checking the outputs", reason: "\(label) names the same file as \(other)")
                }
                identities[id] = label
            }
            let target = PathText.resolvedLocation(PathText.linkTarget(path))
            if let tree = tree(containing: target) {
                throw FileAccessError(
                    .collision, file: path, operation: "checking the outputs",
                    reason: "\(label) lies inside \(PathBytes.display(tree)), a template folder this run reads; choose another output")
            }
            if let other = targets[target] {
                throw FileAccessError(.collision, file: path, operation: "checking the outputs", reason: "\(label) names the same file as \(other)")
            }
            targets[target] = label
        }
    }

    /// The tree (as given) whose real path is `target` or one of its folders: looked up folder by
    /// folder, however many trees there are.
    private func tree(containing target: String) -> String? {
        var place = Substring(target)
        while true {
            if let given = trees[String(place)] { return given }
            guard let slash = place.lastIndex(of: "/"), place != "/" else { return nil }
            place = slash == place.startIndex ? "/" : place[..<slash]
        }
    }

    private mutating func add(_ path: String) {
        if let id = FileIdentity.of(path), inputs[id] == nil { inputs[id] = path }
    }

    private mutating func addContents(of folder: String, depth: Int) {
        var count = 0
        addContents(of: folder, depth: depth, count: &count)
    }

    private mutating func addContents(of folder: String, depth: Int, count: inout Int) {
        guard depth > 0, let names = FolderListing.names(folder) else { return }
        for name in names where count < Self.maxFilesPerFolder {
            count += 1
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            add(path)
            if FileKind.of(path) == .folder { addContents(of: path, depth: depth - 1, count: &count) }
        }
    }
}
