import Captions
import DocumentJSON
import DocumentLimits
import FileAccess
import MediaFacts
import MediaIO
import MediaTime
import ProgressReport
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// The steps of making a video, as a library: load a template, gather media, resolve, render.
///
/// Each step takes values and returns values; `make` runs them all. The command line is a client
/// of these functions and adds only argument parsing and printing, so a service that embeds Reel
/// gets exactly what `reel make` does.
public enum Pipeline {
    /// Loads and validates a template; throws when it has errors (or, when `strict`, warnings).
    /// From then on its files are opened beneath its folder (see `ConfinedFolders`).
    public static func loadTemplate(_ folder: String, strict: Bool = false) throws(ReelError) -> LoadedTemplate {
        let result: TemplateLoadResult
        do { result = try TemplateLoader.load(folder: folder, inspector: TemplateAssetInspector()) } catch {
            throw .templateUnreadable(error)
        }
        guard let template = result.template, !result.diagnostics.hasFailures(strict: strict) else {
            throw .invalidTemplate(file: result.templateFile, diagnostics: result.diagnostics)
        }
        return LoadedTemplate(template: template, folder: folder, diagnostics: result.diagnostics)
    }

    /// Expands folders and probes every file; videos are analysed too (cached per file) when the
    /// template has a slot that picks the best part of its video.
    ///
    /// With `reframe` smart (or a place of the template with `fit: "smart"`), the files that smart
    /// framing would frame are analysed for their subjects too (cached per file); no others, as
    /// the analysis costs time (see `SmartFraming.needsSubjects`).
    ///
    /// `events` is told of the stages `probing` and `analysing` (frames sampled for subjects).
    public static func gatherMedia(
        _ inputs: [String], for template: Template? = nil, reframe: Reframe = .cover, events: (@Sendable (PipelineEvent) -> Void)? = nil
    ) throws(ReelError) -> [MediaAsset] {
        let analyze =
            template.map { t in
                t.slots.contains { $0.playback.whenLonger == .best }
                    || t.layers.contains {
                        if case .media(let m) = $0.content { return m.playback.whenLonger == .best }
                        return false
                    }
            } ?? false
        var media: [MediaAsset]
        do { media = try AssetProbe.probe(try AssetProbe.expand(inputs), analyze: analyze, stages: PipelineEvent.stages(events)) } catch {
            throw .file(error)
        }
        guard let template else { return media }
        let framed = media.indices.filter { SmartFraming.needsSubjects(media[$0], template: template, reframe: reframe) }
        let counts = framed.map { subjectSamples(media[$0]) }
        let clock = StageClock.begin(.analysing, total: counts.reduce(0, +), report: PipelineEvent.stages(events))
        var before: Int64 = 0
        for (i, count) in zip(framed, counts) {
            let base = before
            do { media[i].subjects = try AnalysisCache.standard.subjects(of: media[i].path) { clock?.advance(to: base + $0) } } catch {
                throw .file(error)
            }
            before += count
            clock?.advance(to: before)
        }
        clock?.finish()
        return media
    }

    /// The frames `SubjectAnalyzer` samples of a medium: one of a photo, some a second of a video.
    static func subjectSamples(_ medium: MediaAsset) -> Int64 {
        guard medium.kind == .video, let d = medium.duration, d.isPositive else { return 1 }
        let (whole, over) = d.value.multipliedReportingOverflow(by: SubjectAnalyzer.samplesPerSecond)
        guard !over else { return 1 }
        return max(1, (whole + d.timescale - 1) / d.timescale)
    }

    /// Fills the template's slots with the media. The music's length, a fact of its file, is read
    /// here; a music file that cannot be probed is an error, not a guess. So is the caption file
    /// the template's captions layer names, when the options bring no captions.
    public static func resolve(_ loaded: LoadedTemplate, media: [MediaAsset], options: ResolveOptions = ResolveOptions()) throws(ReelError)
        -> Resolution
    {
        var options = try withSoundLengths(try withMusicLength(options, of: loaded), of: loaded)
        let layerFile = loaded.template.captionsLayer?.spec.filePath(templateFolder: loaded.folder)
        if options.captions == nil, let layerFile { options.captions = try readCaptions(layerFile) }
        // A template's own caption file was checked for its characters when the template was read.
        let givenCaptions = options.captions.map { $0.file != layerFile } ?? false
        var resolution: Resolution
        do { resolution = try Resolver.resolve(template: loaded.template, templateFolder: loaded.folder, media: media, options: options) } catch {
            throw .resolve(error)
        }
        try checkResolved(resolution.timeline, template: loaded.template.name)
        resolution.diagnostics += checkGivenTexts(options.texts, template: loaded.template, folder: loaded.folder)
        if givenCaptions, let captions = options.captions {
            let look = options.resolvedCaptionStyle(template: loaded.template, templateFolder: loaded.folder).look
            resolution.diagnostics += checkCaptionTexts(
                captions, font: look.flatMap(\.fontFile).map(FontSpec.file) ?? .family(look?.fontFamily ?? "sans-serif"))
        }
        return resolution
    }

    /// The safety net under the resolver: a timeline it made passes exactly what reading it
    /// checks (`TimelineValidation.problems`) before it is written or rendered, so a resolver bug
    /// is a clear error with its code, never a failure halfway through a render. Public for
    /// timelines made in code, which it checks the same way.
    public static func checkResolved(_ timeline: Timeline, template: String) throws(ReelError) {
        let read = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(TimelineCodec.encode(timeline)) }
        guard case .failure(let error) = read else { return }
        throw .invalidTimeline(TimelineCodingError(file: "the timeline resolved from \(template)", diagnostics: error.diagnostics))
    }

    /// `options` with the length of the template's music, probed from its file unless given.
    static func withMusicLength(_ options: ResolveOptions, of loaded: LoadedTemplate) throws(ReelError) -> ResolveOptions {
        var options = options
        if let music = loaded.template.music, options.musicDuration == nil {
            do {
                options.musicDuration = try MediaProbe.probe(
                    loaded.folder.hasSuffix("/") ? loaded.folder + music.file : loaded.folder + "/" + music.file
                ).duration
            } catch { throw .file(error) }
        }
        return options
    }

    /// `options` with the lengths of the voice-over (which must have sound) and of the
    /// template's sound effects, probed from their files unless given.
    static func withSoundLengths(_ options: ResolveOptions, of loaded: LoadedTemplate) throws(ReelError) -> ResolveOptions {
        var options = options
        do throws(FileAccessError) {
            if var voice = options.voice, voice.duration == nil {
                let info = try MediaProbe.probe(voice.path)
                guard let sound = info.audio.first else {
                    throw FileAccessError(.notMedia, file: voice.path, operation: "reading the voice-over", reason: "it has no sound")
                }
                voice.duration = sound.duration ?? info.duration
                options.voice = voice
            }
            for sound in loaded.template.sounds where options.soundDurations[sound.file] == nil {
                let info = try MediaProbe.probe(loaded.folder.hasSuffix("/") ? loaded.folder + sound.file : loaded.folder + "/" + sound.file)
                if let d = info.audio.first?.duration ?? info.duration { options.soundDurations[sound.file] = d }
            }
        } catch { throw .file(error) }
        return options
    }

    /// Warnings (T066) for characters of the texts a person gave (`--text`, `--text-file`) that
    /// no installed font can draw in the font of the layer they fill. The template's own texts
    /// were checked when it was loaded.
    public static func checkGivenTexts(_ texts: [String: String], template: Template, folder: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for layer in template.layers {
            guard case .text(let spec) = layer.content, let key = spec.key, let text = texts[key], !text.isEmpty else { continue }
            // A text past the size limit is refused when the timeline is made (T017); its
            // characters are not shaped first.
            if text.unicodeScalars.count > Limits.maxTextScalars { continue }
            let font: FontSpec
            switch spec.font {
            case .family: font = spec.font
            case .file(let file): font = .file(folder.hasSuffix("/") ? folder + file : folder + "/" + file)
            }
            let missing = TemplateAssetInspector.undrawable(text, font: font)
            let finding = FontFindings.missingInGivenText(key: key, text, missing)
            if !missing.isEmpty, !found.contains(finding) { found.append(finding) }
        }
        return found
    }

    /// Warnings (T066) for the cues of a caption file with characters no installed font can draw,
    /// each with its line. All cues are checked at once, then the cues holding what is missing found.
    public static func checkCaptionTexts(_ track: CaptionTrack, font: FontSpec) -> [Diagnostic] {
        let missing = Set(TemplateAssetInspector.undrawable(track.cues.map(\.text).joined(separator: "\n"), font: font))
        guard !missing.isEmpty else { return [] }
        return track.cues.compactMap { cue in
            var seen = Set<Unicode.Scalar>()
            let own = cue.text.unicodeScalars.filter { missing.contains($0) && seen.insert($0).inserted }
            return own.isEmpty ? nil : FontFindings.missingInCaption(file: track.file, line: cue.line, cue.text, Array(own))
        }
    }

    /// Reads a timeline file, checked in full: its rules and the files it names.
    public static func readTimeline(_ path: String) throws(ReelError) -> Timeline {
        try readTimelineWarning(path).timeline
    }

    /// Reads a timeline file, checked in full, and the warnings about it (T065). A timeline made
    /// from a template has its folder confined before any of its files is opened (by the check
    /// of its files, `TimelineMediaCheck`), so no link in it leads out, now or during the render.
    public static func readTimelineWarning(_ path: String) throws(ReelError) -> (timeline: Timeline, warnings: [Diagnostic]) {
        do {
            return try TimelineCodec.decode(contentsOfFile: path, files: TimelineMediaCheck.check, warnings: TimelineMediaCheck.warnings)
        } catch { throw .invalidTimeline(error) }
    }

    /// Writes a timeline file atomically, its media paths relative to the file's folder.
    public static func writeTimeline(_ timeline: Timeline, to path: String) throws(ReelError) {
        let text = TimelineCodec.encode(timeline, mediaRelativeTo: PathText.folder(of: path))
        do {
            let output = try AtomicFile(path: path)
            try output.write(Array(text.utf8))
            try output.commit()
        } catch {
            throw .file(error)
        }
    }

    /// Renders a timeline to an MP4 at `path`. `progress` is called after each frame; setting
    /// `cancel` stops the render before the next frame, and nothing is left at `path`. `events`
    /// is told of the stages `sound`, `first pass` (with a bit rate) and `render`.
    @discardableResult
    public static func render(
        _ timeline: Timeline, to path: String, options: ExportOptions = ExportOptions(),
        progress: (@Sendable (ExportProgress) -> Void)? = nil, cancel: CancellationFlag? = nil,
        events: (@Sendable (PipelineEvent) -> Void)? = nil
    ) throws(ReelError) -> ExportReport {
        var isCancelled: (@Sendable () -> Bool)?
        if let cancel { isCancelled = { cancel.isCancelled } }
        do {
            return try Exporter.export(
                timeline, to: path, options: options, progress: progress, isCancelled: isCancelled, stages: PipelineEvent.stages(events))
        } catch {
            if error.media?.kind == .cancelled { throw .cancelled }
            throw .render(error)
        }
    }

    /// Refuses, before any work, outputs that would replace one of `inputs` or each other.
    public static func checkOutputs(_ outputs: [(label: String, path: String)], inputs: [OutputGuard.Input]) throws(ReelError) {
        do { try OutputGuard(inputs: inputs).check(outputs) } catch { throw .file(error) }
    }

    /// The one tap: template and media in, a finished MP4 (and, if asked, its timeline) out.
    ///
    /// In order: the encoders are checked; no output may replace an input or another output; the
    /// template is loaded (and fitted to the song); the render's options are settled for its
    /// canvas; the media are gathered; the resolver's options settled, the template filled (under
    /// `strict`, characters of the texts given that no font can draw, and caption cues left out
    /// or cut, stop the work); the timeline is written, if asked; the video rendered. With
    /// `request.text`, each option given as text is settled at its step (see `MakeRequestText`).
    public static func make(
        _ request: MakeRequest, events: (@Sendable (PipelineEvent) -> Void)? = nil,
        cancel: CancellationFlag? = nil
    ) throws(ReelError) -> MakeResult {
        try MediaLibrary.checkEncodersForPipeline()
        var outputs = [(label: "-o", path: request.output)]
        if let t = request.timelineOutput { outputs.append((label: "--timeline", path: t)) }
        if let raw = request.export.rawVideo { outputs.append((label: "REEL_RAW_VIDEO", path: raw)) }
        let read: [OutputGuard.Input]
        if let text = request.text {
            read = text.readFiles.map(OutputGuard.Input.file)
        } else {
            read = [request.resolve.voice?.path, request.song?.path].compactMap { $0 }.map(OutputGuard.Input.media)
        }
        try checkOutputs(outputs, inputs: [.tree(request.template)] + request.media.map(OutputGuard.Input.media) + read)
        let (loaded, resolution, export) = try resolveMake(request, events: events)
        if let path = request.timelineOutput { try writeTimeline(resolution.timeline, to: path) }
        if cancel?.isCancelled == true { throw .cancelled }
        events?(.exporting(export))
        var progress: (@Sendable (ExportProgress) -> Void)?
        if let events { progress = { events(.rendering($0)) } }
        let report = try render(resolution.timeline, to: request.output, options: export, progress: progress, cancel: cancel, events: events)
        return MakeResult(resolution: resolution, templateDiagnostics: loaded.diagnostics, export: report)
    }

    /// The first half of `make`: the template loaded (and fitted to the song), the render's
    /// options settled for its canvas, the media gathered and the template filled; nothing is
    /// written. `make` goes on to write and render; a service that resolves without rendering
    /// (`POST /v1/timelines`) stops here.
    package static func resolveMake(
        _ request: MakeRequest, events: (@Sendable (PipelineEvent) -> Void)? = nil
    ) throws(ReelError) -> (loaded: LoadedTemplate, resolution: Resolution, export: ExportOptions) {
        var song = request.song
        if let text = request.text {
            do { song = try text.songRequest() } catch { throw .option(error) }
        }
        var loaded = try loadTemplate(request.template, strict: request.strict)
        var fitted: SongTemplate?
        if let song {
            fitted = try fitSong(song, to: loaded, strict: request.strict, events: events)
            loaded = fitted?.loaded ?? loaded
        }
        events?(.templateLoaded(loaded))
        var export = request.export
        if let text = request.text {
            do { export = try text.exportOptions(canvas: loaded.template.canvas) } catch { throw .option(error) }
            export.rawVideo = request.export.rawVideo
        }
        guard !request.media.isEmpty else { throw .noMedia }
        var reframe = request.resolve.reframe
        if let text = request.text {
            do { reframe = try text.options.reframeValue() } catch { throw .option(error) }
        }
        let media = try gatherMedia(request.media, for: loaded.template, reframe: reframe, events: events)
        let options = try request.text?.resolveOptions(for: loaded) ?? request.resolve
        let resolution: Resolution
        if let fitted {
            resolution = try resolve(fitted, media: media, options: options)
        } else {
            resolution = try resolve(loaded, media: media, options: options)
        }
        events?(.resolved(resolution))
        if request.strict && resolution.diagnostics.contains(where: { $0.code == .glyphMissing || ($0.code.isCaption && $0.severity == .warning) }) {
            throw .strictTexts
        }
        return (loaded, resolution, export)
    }

    /// `make` on a thread of its own; cancelling the calling task stops it and leaves no output.
    public static func make(_ request: MakeRequest, events: (@Sendable (PipelineEvent) -> Void)? = nil) async throws -> MakeResult {
        try await runOnThread { flag in try make(request, events: events, cancel: flag) }
    }
}

extension MediaLibrary {
    /// `checkEncoders`, its failure as a pipeline error.
    static func checkEncodersForPipeline() throws(ReelError) {
        do { try checkEncoders() } catch { throw .file(error) }
    }
}
