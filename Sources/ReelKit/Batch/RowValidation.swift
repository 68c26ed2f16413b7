import FileAccess
import Foundation
import MediaFacts
import MediaIO
import RenderCore
import TemplateFormat
import TemplateResolver

/// Checks one row before any render: its template loads, its media are there, its texts are the
/// template's, its options take their values, its output stays beneath the output folder.
///
/// Every reason a row cannot be rendered is collected, so a person fixes a row in one go.
struct RowValidation {
    /// The folder relative paths of the jobs file start from.
    let jobsFolder: String
    let outputFolder: String
    let templates: TemplateCache
    let listings = MediaListings()

    func job(_ record: JobRecord) -> Result<BatchJob, RowProblem> {
        var reasons: [RowProblem.Reason] = []
        let id = record["id"]?.items.first ?? ""
        func fail(_ column: String?, _ message: String) { reasons.append(.init(column: column, message: message)) }

        var loaded: LoadedTemplate?
        if case .text(let folder)? = record["template"] {
            switch templates.load(path(folder)) {
            case .success(let t): loaded = t
            case .failure(let e): fail("template", Self.describe(e))
            }
        } else {
            fail("template", "is not given")
        }

        var media: [String] = []
        var mediaFiles: [String] = []
        let items = record["media"]?.items ?? []
        if items.isEmpty { fail("media", "is not given: list files, folders or globs (separated by ';' in CSV)") }
        for item in items {
            let p = path(item)
            if MediaGlob.isGlob(p) {
                guard let matches = MediaGlob.expand(p) else {
                    fail("media", "'\(item)' matches no file")
                    continue
                }
                media += matches
            } else {
                media.append(p)
            }
        }
        if !media.isEmpty && reasons.allSatisfy({ $0.column != "media" }) {
            switch listings.files(of: media) {
            case .success(let files): mediaFiles = files
            case .failure(let error): fail("media", error.description)
            }
        }

        var texts: [String: String] = [:]
        for (name, value) in record.values where name.hasPrefix("text.") { texts[String(name.dropFirst(5))] = value.items.joined(separator: ";") }
        var option = MakeOptionText()
        func text(_ name: String) -> String? { record[name].map { $0.items.joined(separator: ";") } }
        (option.order, option.seed, option.quality, option.size) = (text("order"), text("seed"), text("quality"), text("size"))
        (option.bitrate, option.bpp, option.loudness) = (text("bitrate"), text("bpp"), text("loudness"))
        option.audioBitrate = text("audio-bitrate")
        option.reframe = text("reframe")
        if let useAll = text("use-all") {
            switch useAll.lowercased() {
            case "true", "yes", "1": option.useAll = true
            case "false", "no", "0": option.useAll = false
            default: fail("use-all", "takes true or false, not '\(useAll)'")
            }
        }
        var resolve = ResolveOptions()
        do { resolve = try option.resolveOptions(ResolveOptions(texts: texts)) } catch { fail(error.option, error.message) }
        // A song and a voice-over are files, read as media are: from the jobs file's folder.
        func given(_ column: String) -> String? { text(column).flatMap { $0.isEmpty ? nil : $0 } }
        func soundFile(_ column: String) -> String? {
            guard let value = given(column) else { return nil }
            let p = path(value)
            guard FileKind.of(p) == .regular else {
                fail(column, "'\(value)' is not a file")
                return nil
            }
            return p
        }
        var song: SongRequest?
        if let music = soundFile("music") {
            do { song = try SongRequest(path: music, startText: given("music-start")) } catch { fail(error.option, error.message) }
        } else if given("music-start") != nil && given("music") == nil {
            fail("music-start", "needs a song in the music column")
        }
        if let voice = soundFile("voice") { resolve.voice = VoiceInput(path: voice, duration: nil) }
        var export = ExportOptions()
        var warnings: [String] = []
        if let template = loaded?.template {
            let keys = template.textKeys
            for key in texts.keys.sorted() where !keys.contains(key) {
                fail(
                    "text.\(key)",
                    "the template has no text '\(key)'" + (keys.isEmpty ? " (it has no texts)" : "; its texts are \(keys.joined(separator: ", "))"))
            }
            for key in template.requiredTextKeys where (texts[key] ?? "").isEmpty {
                fail("text.\(key)", "is required by the template and not given")
            }
            do { export = try option.exportOptions(canvas: template.canvas) } catch { fail(error.option, error.message) }
            if let w = export.width, let h = export.height, let warning = SizeOption.shapeWarning((w, h), canvas: template.canvas) {
                warnings.append(warning)
            }
            warnings = (loaded?.diagnostics ?? []).filter { $0.severity == .warning }.map(\.description) + warnings
        }

        var output = ""
        switch BatchNames.output(record["output"]?.items.first ?? BatchNames.defaultOutput, id: id) {
        case .success(let name): output = name
        case .failure(let reason): reasons.append(reason)
        }
        let outputPath = BatchNames.join(outputFolder, output)
        if !output.isEmpty {
            if BatchNames.isManifest(output) { fail("output", "'\(output)' is the name of a manifest of the batch") }
            if FileKind.of(outputFolder) == .folder && !BatchNames.isBeneath(outputPath, outputFolder) {
                fail("output", "'\(output)' leads outside the output folder (through a link)")
            }
        }

        guard reasons.isEmpty, let loaded else { return .failure(RowProblem(row: record.row, line: record.line, id: id, reasons: reasons)) }
        // The song's and the voice's contents are hashed with the media, not their paths.
        let values = record.values.filter { !["template", "media", "music", "voice"].contains($0.name) }.map {
            ($0.name, $0.value.items.joined(separator: ";"))
        }
        return .success(
            BatchJob(
                row: record.row, line: record.line, id: id, template: loaded, media: media, mediaFiles: mediaFiles, output: output,
                outputPath: outputPath, resolve: resolve, song: song, export: export, warnings: warnings, values: values))
    }

    /// `path` from the jobs file's folder, unless absolute.
    func path(_ path: String) -> String { path.hasPrefix("/") ? path : BatchNames.join(jobsFolder, path) }

    /// A failure to load a template, with its errors.
    static func describe(_ error: ReelError) -> String {
        if case .invalidTemplate(let file, let diagnostics) = error {
            let errors = diagnostics.filter { $0.severity == .error }.map(\.description)
            return "\(file): template is invalid: " + errors.joined(separator: "; ")
        }
        return error.description
    }
}

/// Templates loaded once per run, whatever the number of rows that use each.
final class TemplateCache: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String: Result<LoadedTemplate, ReelError>] = [:]

    func load(_ folder: String) -> Result<LoadedTemplate, ReelError> {
        let key = PathText.absolute(folder)
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[key] { return known }
        let result: Result<LoadedTemplate, ReelError>
        do { result = .success(try Pipeline.loadTemplate(folder)) } catch { result = .failure(error) }
        loaded[key] = result
        return result
    }
}

/// The media files of a row's media list, listed once per run for all the rows that give the same
/// list (a batch's rows often share a folder): one listing, and one array shared by those rows.
final class MediaListings: @unchecked Sendable {
    private let lock = NSLock()
    private var listed: [[String]: Result<[String], FileAccessError>] = [:]

    func files(of media: [String]) -> Result<[String], FileAccessError> {
        lock.lock()
        defer { lock.unlock() }
        if let known = listed[media] { return known }
        let result: Result<[String], FileAccessError>
        do { result = .success(try AssetProbe.expand(media)) } catch { result = .failure(error) }
        listed[media] = result
        return result
    }
}
