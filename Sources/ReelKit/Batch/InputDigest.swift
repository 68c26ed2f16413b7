import FileAccess
import Foundation
import MediaIO

/// The digest of everything a row's video is made from: the template folder's files, the media
/// files, the song and voice-over files, and the row's values. Equal digests mean the same video would be rendered again.
///
/// Contents are hashed, not paths or times: the same media copied to another machine (another
/// mount point, another modification time) gives the same digest, so shards of an array job
/// and reruns elsewhere agree. Media count by their file names as well, which their order may
/// depend on. Files shared by many rows are hashed once per run.
final class InputDigest: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String] = [:]
    private var trees: [String: String] = [:]

    /// Most files hashed beneath a template folder (a template holds far fewer).
    static let maxTreeFiles = 20_000

    /// The digest of `job`'s inputs.
    func digest(_ job: BatchJob) throws(FileAccessError) -> String {
        let d = Digest()
        d.update("reel batch inputs 1\ntemplate \(try tree(job.template.folder))\n")
        for path in job.mediaFiles { d.update("media \(PathText.name(of: path)) \(try self.file(path))\n") }
        if let song = job.song { d.update("music \(try self.file(song.path))\n") }
        if let voice = job.resolve.voice { d.update("voice \(try self.file(voice.path))\n") }
        for (name, value) in job.values.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            d.update("value \(name)=\(value)\n")
        }
        return d.finish()
    }

    /// The SHA-256 of one file, once per run.
    func file(_ path: String) throws(FileAccessError) -> String {
        let key = PathText.absolute(path)
        if let known = cached(key, in: \.files) { return known }
        let hex = try Digest.file(path).hex
        lock.lock()
        files[key] = hex
        lock.unlock()
        return hex
    }

    /// A digest over every file beneath `folder`: each one's relative path and content.
    func tree(_ folder: String) throws(FileAccessError) -> String {
        let key = PathText.absolute(folder)
        if let known = cached(key, in: \.trees) { return known }
        var listed: [String] = []
        list(folder, prefix: "", depth: 8, into: &listed)
        let d = Digest()
        for relative in listed.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            d.update("\(relative) \(try file(BatchNames.join(folder, relative)))\n")
        }
        let hex = d.finish()
        lock.lock()
        trees[key] = hex
        lock.unlock()
        return hex
    }

    private func cached(_ key: String, in table: KeyPath<InputDigest, [String: String]>) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return self[keyPath: table][key]
    }

    private func list(_ folder: String, prefix: String, depth: Int, into out: inout [String]) {
        guard depth > 0, let names = FolderListing.names(folder) else { return }
        for name in names where out.count < Self.maxTreeFiles {
            let path = BatchNames.join(folder, name)
            switch FileKind.of(path) {
            case .regular: out.append(prefix + name)
            case .folder: list(path, prefix: prefix + name + "/", depth: depth - 1, into: &out)
            default: continue
            }
        }
    }
}
