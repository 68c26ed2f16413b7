import Foundation
import MediaIO
import MediaTime
import ProgressReport
import TemplateResolver
import TimelineModel

/// Turns the paths a person gave (files and folders) into the facts the resolver needs.
///
/// Folders are expanded to the media files directly inside them, sorted by name, a Live Photo's
/// video left out beside its photo (`LivePhotos`); files named explicitly must be media. Probing runs in parallel, and the first failure in the given order is
/// reported, naming its file.
package enum AssetProbe {
    /// Extensions taken from a folder; other files in it are passed over.
    static let mediaExtensions: Set<String> = [
        "mp4", "mov", "m4v", "mkv", "webm", "avi", "3gp", "jpg", "jpeg", "heic", "heif", "avif", "png", "webp", "gif", "bmp", "tif", "tiff",
    ]

    /// Lists the media files named by `inputs`, expanding folders.
    package static func expand(_ inputs: [String]) throws(FileAccessError) -> [String] {
        var files: [String] = []
        for input in inputs {
            guard let kind = FileKind.of(input) else {
                let reason = errno == ELOOP ? "a loop of symbolic links" : "no such file or folder"
                throw FileAccessError(.unreadable, file: input, operation: "reading media", reason: reason)
            }
            if kind == .folder {
                // Names are listed with their bytes kept, so a name that is not UTF-8 is found.
                let names = (FolderListing.names(input) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                let media = LivePhotos.withoutMotionHalves(
                    names.filter { name in
                        let ext = (name as NSString).pathExtension.lowercased()
                        // Only regular files can be media: a FIFO or device in the folder is passed over.
                        let path = (input as NSString).appendingPathComponent(name)
                        return mediaExtensions.contains(ext) && FileKind.of(path) == .regular
                    })
                if media.isEmpty {
                    throw FileAccessError(.notMedia, file: input, operation: "reading media", reason: "the folder holds no photos or videos")
                }
                files += media.map { (input as NSString).appendingPathComponent($0) }
            } else {
                files.append(input)
            }
        }
        return files
    }

    /// Probes every file (in parallel) and returns their facts in the given order. With `analyze`,
    /// videos also get their per-second scores for `whenLonger: best` (cached in `cache`).
    /// Reported as the stage `probing`, file by file.
    package static func probe(
        _ paths: [String], analyze: Bool = false, cache: AnalysisCache = .standard, stages: (@Sendable (StageProgress) -> Void)? = nil
    ) throws(FileAccessError) -> [MediaAsset] {
        let results = ResultBox(count: paths.count)
        let clock = StageClock.begin(.probing, total: Int64(paths.count), report: stages)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let r: Result<MediaAsset, FileAccessError>
            do throws(FileAccessError) {
                var a = try asset(paths[i])
                if analyze, a.kind == .video, let duration = a.duration {
                    a.segmentScores = cache.scores(path: a.path, duration: duration) { path, d in try SegmentAnalyzer.scores(path: path, duration: d)
                    }
                }
                r = .success(a)
            } catch { r = .failure(error) }
            results.set(i, r)
            clock?.advance(by: 1)
        }
        clock?.finish()
        var assets: [MediaAsset] = []
        for r in results.values {
            switch r {
            case .success(let a): assets.append(a)
            case .failure(let e): throw e
            case nil: break
            }
        }
        return assets
    }

    /// The resolver's facts for one file.
    package static func asset(_ path: String) throws(FileAccessError) -> MediaAsset {
        let info = try MediaProbe.probe(path)
        guard let video = info.video else {
            throw FileAccessError(.notMedia, file: path, operation: "reading media", reason: "has sound but no picture")
        }
        if !info.isStillImage && (info.duration ?? .zero) <= .zero {
            throw FileAccessError(.corrupt, file: path, operation: "reading media", reason: "the video has no duration")
        }
        return MediaAsset(
            path: path, kind: info.isStillImage ? .image : .video, duration: info.isStillImage ? nil : info.duration,
            displayWidth: video.displayWidth, displayHeight: video.displayHeight,
            orientation: Orientation(rotation: video.rotation, mirrored: video.mirrored),
            frameRate: video.frameRate, hasAudio: info.hasAudio, captureDate: info.creationTime)
    }
}

/// Results written by parallel workers, each to its own index.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Result<MediaAsset, FileAccessError>?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ r: Result<MediaAsset, FileAccessError>) {
        lock.lock()
        values[i] = r
        lock.unlock()
    }
}
