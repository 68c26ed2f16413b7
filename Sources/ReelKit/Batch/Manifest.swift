import DocumentJSON
import FileAccess
import Foundation

/// A manifest file: one `ManifestEntry` a line, in row order, rewritten whole (under a temporary
/// name, then renamed: `AtomicFile`) each time a row finishes.
///
/// So a reader, or a run killed at any moment, finds either the manifest before the row or after
/// it, never half of it; and every row finished before a crash is in it.
final class Manifest: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var entries: [Int: ManifestEntry]

    init(path: String, entries: [ManifestEntry] = []) {
        self.path = path
        self.entries = Dictionary(entries.map { ($0.row, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Records `entry` (replacing any of its row) and rewrites the file.
    func record(_ entry: ManifestEntry) throws(FileAccessError) {
        lock.lock()
        defer { lock.unlock() }
        entries[entry.row] = entry
        try write()
    }

    /// Rewrites the file with the entries held.
    func write() throws(FileAccessError) {
        let text = entries.keys.sorted().map { JSONWriter.line(entries[$0]!.json) + "\n" }.joined()
        // In the output folder, where a link planted at its name must not carry it elsewhere.
        let file = try AtomicFile(beneath: PathText.folder(of: path), name: PathText.name(of: path))
        try file.write(Array(text.utf8))
        try file.commit()
    }

    var all: [ManifestEntry] {
        lock.lock()
        defer { lock.unlock() }
        return entries.keys.sorted().map { entries[$0]! }
    }

    /// The entries of the manifest at `path`; none when there is no file. Lines that are not
    /// entries (a file edited by hand) are passed over.
    static func read(_ path: String) -> [ManifestEntry] {
        guard let text = try? ReadableFile.text(path, limit: JobsFile.maxBytes) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONParser.parse(String(line))).flatMap { ManifestEntry(json: $0.root) }
        }
    }

    /// The entries of every manifest in `folder` (a run's, each shard's, a merge's), by file name.
    static func readAll(in folder: String) -> [(file: String, entries: [ManifestEntry])] {
        let names = (FolderListing.names(folder) ?? []).filter(BatchNames.isManifest).sorted()
        return names.map { ($0, read(BatchNames.join(folder, $0))) }
    }
}
