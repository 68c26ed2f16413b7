import Foundation
import MediaIO
import MediaTime

/// Opens media for the renderer and keeps what it opened for reuse, within a bound.
///
/// Decoders are reused across clips of the same file (a file used twice is opened once) and the
/// least recently used one is closed when more than `maxDecoders` (16: a 3x3 grid and its neighbours) are open, so a timeline with many
/// files never holds them all. Still images are decoded once.
final class MediaSources {
    let maxDecoders: Int
    /// Folder that relative media paths are resolved against.
    let baseFolder: String?
    private var decoders: [String: VideoDecoder] = [:]
    private var lastUse: [String: Int] = [:]
    private var clock = 0
    private var stills: [String: VideoFrame] = [:]
    /// Decoders a single clip opened for itself (reversed clips), by identity: their damage is reported too.
    private var owned: [ObjectIdentifier: VideoDecoder] = [:]
    /// Damage found in files whose decoders were closed, by path.
    private var closedDamage: [String: (count: Int, first: RationalTime?)] = [:]

    /// What the decoders may save on pictures that are not shown.
    let economy: DecodeEconomy

    /// Decoding threads per decoder; 0 lets FFmpeg choose.
    let decoderThreads: Int

    init(baseFolder: String?, maxDecoders: Int = 16, economy: DecodeEconomy = .none, decoderThreads: Int = 0) {
        self.baseFolder = baseFolder
        self.economy = economy
        self.maxDecoders = maxDecoders
        self.decoderThreads = decoderThreads
    }

    /// Opens (or finds open) the shared decoder of `path`, so a file that cannot be decoded fails
    /// before any work.
    @discardableResult
    func probeDecoder(_ path: String) throws(FileAccessError) -> VideoDecoder { try decoder(resolve(path)) }

    func resolve(_ path: String) -> String {
        guard let base = baseFolder, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    func still(_ media: String) throws(FileAccessError) -> VideoFrame {
        let path = resolve(media)
        if let s = stills[path] { return s }
        let s = try StillImage.load(path)
        stills[path] = s
        return s
    }

    /// The frame of `media` shown at `time`; with `loop`, times past the end wrap to the start.
    /// The picture a clip's frame at source `time` shows, by `sampling`.
    func videoFrame(
        _ media: String, at time: RationalTime, loop: Bool = false, step: RationalTime? = nil, sampling: ClipSampling = .fileFrames
    ) throws(FileAccessError) -> VideoFrame {
        let d = try decoder(resolve(media))
        return try d.frame(at: sampling.requestTime(time, loop: loop, duration: d.duration), step: step, choice: sampling.choice)
    }

    /// A decoder of `media` for one clip alone, outside the shared ones and their bound: a reversed
    /// clip reads whole groups of pictures, which would throw a shared decoder off its position.
    /// Give it back with `close(_:)` when the clip leaves the screen.
    func openDecoder(_ media: String) throws(FileAccessError) -> VideoDecoder {
        let d = try VideoDecoder(path: resolve(media), threads: decoderThreads, economy: economy)
        owned[ObjectIdentifier(d)] = d
        return d
    }

    /// Closes a decoder from `openDecoder(_:)`, keeping what it found of damage for the warnings.
    func close(_ d: VideoDecoder) {
        guard owned.removeValue(forKey: ObjectIdentifier(d)) != nil else { return }
        remember(d)
    }

    private func decoder(_ path: String) throws(FileAccessError) -> VideoDecoder {
        clock += 1
        lastUse[path] = clock
        if let d = decoders[path] { return d }
        if decoders.count >= maxDecoders, let victim = lastUse.filter({ decoders[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            if let old = decoders[victim] { remember(old) }
            decoders[victim] = nil
        }
        let d = try VideoDecoder(path: path, threads: decoderThreads, economy: economy)
        decoders[path] = d
        return d
    }

    /// Closes the decoders of every file not in `paths` (as written in the timeline): a clip that has
    /// ended gives its memory back at once instead of waiting to be the least recently used.
    func closeDecoders(except paths: Set<String>) {
        let keep = Set(paths.map(resolve))
        for (path, d) in decoders where !keep.contains(path) {
            remember(d)
            decoders[path] = nil
        }
    }

    /// Forgets decoded stills not in `paths`.
    func releaseStills(except paths: Set<String>) {
        let keep = Set(paths.map(resolve))
        for path in stills.keys where !keep.contains(path) { stills[path] = nil }
    }

    private func remember(_ d: VideoDecoder) {
        let n = d.damagedFrames + d.corruptPackets
        guard n > 0 else { return }
        let old = closedDamage[d.path]
        closedDamage[d.path] = ((old?.count ?? 0) + n, old?.first ?? d.firstDamage)
    }

    /// One line per file in which damage was found and covered (`file: damaged near 00:04.2, ...`).
    func damageWarnings() -> [String] {
        for d in decoders.values { remember(d) }
        decoders.removeAll()
        for d in owned.values { remember(d) }
        owned.removeAll()
        return closedDamage.keys.sorted().compactMap { path in
            guard let d = closedDamage[path] else { return nil }
            let at = d.first.map { " near \(String(format: "%.2f", $0.seconds)) s" } ?? ""
            return "\(path): damaged video data\(at) (\(d.count) pictures or packets); the last good picture was held in its place"
        }
    }

    /// Number of decoders currently open (for tests of the bound).
    var openDecoderCount: Int { decoders.count }
}
