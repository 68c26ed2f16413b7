import FileAccess
import Foundation
import MediaIO
import TemplateResolver

/// One row's turn: keep its earlier output when it is complete and unchanged, else render it,
/// and say what became of it as a manifest entry.
struct RowRender {
    let job: BatchJob
    let folder: String
    let digests: InputDigest
    let events: (@Sendable (BatchEvent) -> Void)?
    let cancel: CancellationFlag?

    /// The row's entry; nil when the render was cancelled (the row is left for the next run).
    func run(earlier: [ManifestEntry]) -> ManifestEntry? {
        let inputs: String
        do { inputs = try digests.digest(job) } catch { return failed(error.description) }
        if let kept = earlier.first(where: { isKept($0, inputs: inputs) }) { return kept.with(status: .skipped) }
        events?(.rowStarted(row: job.row, id: job.id))
        let start = Date()
        do {
            // Subfolders of the output are made beneath the output folder, never through a link.
            try FolderMaking.create(beneath: folder, PathText.folder(of: job.output) == "." ? "" : PathText.folder(of: job.output))
            guard BatchNames.isBeneath(job.outputPath, folder) else {
                return failed("\(job.output): leads outside the output folder (through a link)")
            }
            let fitted = try job.song.map { song throws(ReelError) in try Pipeline.fitSong(song, to: job.template) }
            let loaded = fitted?.loaded ?? job.template
            let media = try Pipeline.gatherMedia(job.media, for: loaded.template, reframe: job.resolve.reframe)
            let resolution: Resolution
            if let fitted {
                resolution = try Pipeline.resolve(fitted, media: media, options: job.resolve)
            } else {
                resolution = try Pipeline.resolve(loaded, media: media, options: job.resolve)
            }
            let row = job.row
            let report = try Pipeline.render(
                resolution.timeline, to: job.outputPath, options: job.export, progress: { p in self.events?(.rowProgress(row: row, p)) },
                cancel: cancel)
            let (sha, size) = try Digest.file(job.outputPath)
            let warnings = job.warnings + resolution.diagnostics.filter { $0.severity == .warning }.map(\.description) + report.warnings
            return ManifestEntry(
                row: job.row, id: job.id, status: .ok, output: job.output, frames: report.frameCount, seconds: Date().timeIntervalSince(start),
                warnings: warnings, inputs: inputs, size: size, sha256: sha)
        } catch ReelError.cancelled {
            return nil
        } catch let error as ReelError {
            return failed(error.description, inputs: inputs)
        } catch let error as FileAccessError {
            return failed(error.description, inputs: inputs)
        } catch {
            return failed("\(error)", inputs: inputs)
        }
    }

    /// Whether `entry` is an earlier render of these very inputs whose output is still as it left it.
    private func isKept(_ entry: ManifestEntry, inputs: String) -> Bool {
        guard entry.isDone, entry.inputs == inputs, entry.output == job.output else { return false }
        return entry.outputChange(at: job.outputPath) == nil
    }

    private func failed(_ message: String, inputs: String? = nil) -> ManifestEntry {
        ManifestEntry(row: job.row, id: job.id, status: .failed, output: job.output, error: message, inputs: inputs)
    }
}
