import FileAccess
import Foundation
import MediaTime

/// Keeps the analysis of each media file on disk so that a second run does not decode it again.
///
/// An entry is a small JSON file in `$XDG_CACHE_HOME/reel/analysis/` (or `~/.cache/reel/analysis/`),
/// named by a hash of the file's absolute path and by the kind of analysis (a video's segment
/// scores, a song's beats), and it is used only while the file keeps the size and modification
/// time it had when analysed, so an edited file is analysed afresh. A cache that
/// cannot be read or written is passed over: the analysis is an optimisation, never a failure.
public struct AnalysisCache: Sendable {
    /// Bumped when the segment scores change meaning, so old entries are ignored.
    package static let version = 1
    /// Largest entry read: a beat list of a long song is some hundreds of kB.
    static let maxEntrySize = 16 << 20
    /// Where the entries live; created on the first write, and a folder that cannot be made only disables caching.
    package let folder: String

    /// A cache in `folder`; tests give a scratch folder, the CLI `standard`.
    public init(folder: String) { self.folder = folder }

    /// The user's cache folder for analyses.
    public static var standard: AnalysisCache {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return AnalysisCache(folder: (base as NSString).appendingPathComponent("reel/analysis"))
    }

    struct Entry<Value: Codable>: Codable {
        /// The analysis's version when written; an entry of another version is ignored.
        package var version: Int
        /// The analysed file's absolute path, checked on read so a hash collision never returns another file's entry.
        package var path: String
        /// The file's size in bytes when analysed; with `modified`, a changed file misses the cache.
        package var size: UInt64
        var modified: Double
        /// The analysis result itself (scores, beats, subjects).
        package var value: Value
    }

    /// The cached scores of `path`, else the analysis's (then cached); nil when the video cannot be analysed.
    package func scores(path: String, duration: RationalTime, analyze: (String, RationalTime) throws -> [Double]) -> [Double]? {
        try? value(of: path, kind: "segments", version: Self.version) { p in try analyze(p, duration) }
    }

    /// The cached analysis of one `kind` (`"segments"`, `"beats"`) of `path`, else `analyze`'s
    /// (then cached). An entry of another `version` of that kind is ignored, so an analysis whose
    /// results change meaning bumps its own version. `analyze`'s failure is the caller's.
    package func value<Value: Codable, Failure: Error>(
        of path: String, kind: String, version: Int, analyze: (String) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        guard let key = self.key(path) else { return try analyze(path) }
        let file = entryFile(key.path, kind: kind)
        if let bytes = try? ReadableFile(path: file, operation: "reading the analysis cache").readAll(limit: Self.maxEntrySize),
            let entry = try? JSONDecoder().decode(Entry<Value>.self, from: Data(bytes)),
            entry.version == version, entry.path == key.path, entry.size == key.size, entry.modified == key.modified
        {
            return entry.value
        }
        let value = try analyze(path)
        let entry = Entry(version: version, path: key.path, size: key.size, modified: key.modified, value: value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let data = try? encoder.encode(entry) { write(Array(data), to: file) }
        return value
    }

    /// Writes an entry as every output is written (`AtomicFile`: a temporary file that a killed run
    /// leaves is swept by the next write into the folder); a failure is passed over.
    private func write(_ bytes: [UInt8], to file: String) {
        _ = try? FolderMaking.create(folder)
        guard let output = try? AtomicFile(path: file, streams: false) else { return }
        do {
            try output.write(bytes)
            try output.commit()
        } catch {
            output.discard()
        }
    }

    /// Absolute path, size and modification time of a file; nil when it cannot be read. Read by
    /// `stat` on the path's own bytes, so a name that is not UTF-8 is cached like any other.
    func key(_ path: String) -> (path: String, size: UInt64, modified: Double)? {
        let absolute = PathText.absolute(path)
        var st = stat()
        guard PathBytes.withCString(absolute, { stat($0, &st) }) == 0 else { return nil }
        return (absolute, UInt64(st.st_size), Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
    }

    /// `<folder>/<16 hex digits of FNV-1a of the path>.<kind>.json`.
    func entryFile(_ absolutePath: String, kind: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in PathBytes.bytes(absolutePath) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return (folder as NSString).appendingPathComponent(String(repeating: "0", count: 16 - hex.count) + hex + "." + kind + ".json")
    }
}
