import FileAccess
import Foundation
import MediaFacts
import MediaIO
import MediaTime
import Previews
import RenderCore
import TemplateResolver
import TimelineModel

extension OutputGuard.Input {
    /// A timeline file and every file it reads, as inputs no output may replace: its template
    /// folder, when it names one, with everything beneath it.
    public static func timeline(_ path: String, _ timeline: Timeline) -> [OutputGuard.Input] {
        [.file(path)] + (timeline.template.map { [.tree($0)] } ?? []) + timeline.referencedFiles.map { .file($0) }
    }
}

/// Previews, posters, the gallery and the OpenTimelineIO export: what `reel preview`, `poster`,
/// `gallery` and `export` do, drawn by the same render core as the video.
extension Pipeline {
    /// Opens what a preview is drawn from. A template is loaded and validated, then filled with the
    /// request's media exactly as `make` fills it (texts, seed and order included), or with
    /// numbered placeholders; a timeline is read and checked in full; a video is probed when drawn.
    public static func openPreview(_ request: PreviewRequest, strict: Bool = false) throws(ReelError) -> PreviewSubject {
        let path = request.source
        guard let kind = FileKind.of(path) else {
            throw .file(FileAccessError(.notFound, file: path, operation: "opening", reason: "no such file or folder"))
        }
        if kind == .folder {
            let loaded = try loadTemplate(path, strict: strict)
            if request.media.isEmpty {
                let placeholders: PlaceholderMedia
                do { placeholders = try PlaceholderMedia(template: loaded.template) } catch { throw .file(error) }
                let timeline: Timeline
                let options = try withMusicLength(request.resolve, of: loaded)
                do { timeline = try placeholders.timeline(template: loaded.template, templateFolder: path, options: options) } catch {
                    switch error {
                    case .resolve(let e): throw .resolve(e)
                    case .media(let e): throw .file(e)
                    }
                }
                return PreviewSubject(
                    request: request, timeline: timeline, template: loaded, resolution: nil,
                    header: SheetHeader(template: loaded.template, timeline: timeline, placeholders: true), placeholders: placeholders)
            }
            let media = try gatherMedia(request.media, for: loaded.template, reframe: request.resolve.reframe)
            let resolution = try resolve(loaded, media: media, options: request.resolve)
            return PreviewSubject(
                request: request, timeline: resolution.timeline, template: loaded, resolution: resolution,
                header: SheetHeader(template: loaded.template, timeline: resolution.timeline, placeholders: false), placeholders: nil)
        }
        if !request.media.isEmpty {
            throw .file(FileAccessError(.failed, file: path, operation: "previewing", reason: "media fill a template folder, not a file"))
        }
        if path.lowercased().hasSuffix(".json") {
            let (timeline, warnings) = try readTimelineWarning(path)
            let subject = PreviewSubject(
                request: request, timeline: timeline, template: nil, resolution: nil, header: SheetHeader(timeline: timeline, file: path),
                placeholders: nil)
            subject.warnings = warnings
            return subject
        }
        return PreviewSubject(request: request, timeline: nil, template: nil, resolution: nil, header: nil, placeholders: nil)
    }

    /// The contact sheet of a template or timeline: one cell per slot, or the cells `selection` asks for.
    public static func contactSheet(
        of subject: PreviewSubject, selection: SheetSelection = .slots, layout: SheetLayoutOptions = SheetLayoutOptions()
    ) throws(ReelError) -> ContactSheet {
        guard let timeline = subject.timeline else { return try videoSheet(subject.path, layout: layout).sheet }
        do { return try TimelineSheet.make(timeline, header: subject.header, selection: selection, options: layout) } catch {
            throw ReelError(wrapping: error)
        }
    }

    /// The contact sheet of a video file: `count` evenly spaced exact frames with their times;
    /// with `showSubjects`, the faces and salient regions the subject analysis found (read from
    /// `cache`, or analysed and cached) are outlined on each cell.
    public static func videoSheet(
        _ path: String, count: Int? = nil, layout: SheetLayoutOptions = SheetLayoutOptions(), showSubjects: Bool = false,
        cache: AnalysisCache = .standard
    ) throws(ReelError) -> (sheet: ContactSheet, times: [RationalTime]) {
        do {
            let subjects = showSubjects ? try cache.subjects(of: path) : nil
            let result = try VideoSheet.make(path, count: count, options: layout, subjects: subjects)
            return (result.sheet, result.times)
        } catch {
            throw ReelError(wrapping: error)
        }
    }

    /// Writes a sheet as a PNG, atomically.
    public static func write(_ sheet: ContactSheet, to path: String) throws(ReelError) {
        do { try sheet.write(to: path) } catch { throw .file(error) }
    }

    /// Writes the looping animated preview (`.gif` or `.webp`, by the name) of a template or timeline.
    public static func writeAnimatedPreview(_ subject: PreviewSubject, to path: String) throws(ReelError) {
        guard let timeline = subject.timeline else {
            throw .file(
                FileAccessError(.unsupported, file: subject.path, operation: "writing the animated preview", reason: "give a template or timeline"))
        }
        do { try AnimatedPreview.write(timeline, to: path) } catch { throw ReelError(wrapping: error) }
    }

    /// Writes the frame at `time` (the template's cover time when nil, else the start) as a PNG,
    /// `width` pixels wide (the canvas's when nil); its size.
    @discardableResult
    public static func writePoster(_ subject: PreviewSubject, at time: RationalTime? = nil, width: Int? = nil, to path: String) throws(ReelError)
        -> (width: Int, height: Int)
    {
        guard let timeline = subject.timeline else {
            throw .file(FileAccessError(.unsupported, file: subject.path, operation: "writing the poster", reason: "give a template or timeline"))
        }
        let at = time ?? subject.template?.template.coverTime ?? .zero
        do { return try writePoster(timeline, at: at, width: width, to: path) } catch { throw ReelError(wrapping: error) }
    }

    /// Writes a static web page of every template in `templates` (sheets, animations, details,
    /// validity) into `site`; `media` fills them instead of placeholders.
    public static func gallery(templates: String, site: String, media: [String] = []) throws(ReelError) -> Gallery.Result {
        try checkGalleryOutputs(templates: templates, site: site, media: media)
        let assets = media.isEmpty ? [] : try gatherMedia(media)
        do { return try Gallery.build(templates: templates, site: site, media: assets) } catch { throw ReelError(wrapping: error) }
    }

    /// Refuses, before any work, a gallery whose files (`index.html`, each template's `.png` and
    /// `.gif`) would replace an input, or whose site folder lies inside a template folder.
    public static func checkGalleryOutputs(templates: String, site: String, media: [String] = []) throws(ReelError) {
        let outputs: [String]
        let folders: [String]
        do {
            outputs = try Gallery.outputs(templates: templates, site: site)
            folders = try Gallery.templateFolders(in: templates)
        } catch { throw .file(error) }
        let labelled = outputs.map { (label: "-o", path: $0) }
        try checkOutputs(labelled, inputs: [.folder(templates)] + folders.map(OutputGuard.Input.tree) + media.map(OutputGuard.Input.media))
    }

    /// Writes a timeline as OpenTimelineIO, atomically, with every media path made absolute (editors
    /// find media by absolute URL).
    public static func exportOTIO(_ timeline: Timeline, to path: String) throws(ReelError) {
        var timeline = timeline
        for i in timeline.clips.indices { timeline.clips[i].media = MediaPathText.absolute(timeline.clips[i].media) }
        for i in timeline.overlays.indices { timeline.overlays[i].media = MediaPathText.absolute(timeline.overlays[i].media) }
        for i in timeline.audio.indices { timeline.audio[i].media = MediaPathText.absolute(timeline.audio[i].media) }
        do {
            let output = try AtomicFile(path: path)
            try output.write(Array(OTIOExport.text(timeline, media: mediaExtents(timeline)).utf8))
            try output.commit()
        } catch {
            throw .file(error)
        }
    }
}

/// The length of each video and sound a timeline names, probed, for the OpenTimelineIO export's
/// available ranges; a file that does not probe (checked already when the timeline was read) is
/// left out, and its reference has none.
func mediaExtents(_ timeline: Timeline) -> [String: MediaExtent] {
    var extents: [String: MediaExtent] = [:]
    let files = timeline.clips.filter { $0.kind == .video }.map(\.media) + timeline.audio.map(\.media)
    for file in Set(files) {
        guard let info = try? MediaProbe.probe(file), let duration = info.duration, duration.isPositive else { continue }
        extents[file] = MediaExtent(duration: duration, frameDuration: info.video?.frameRate?.frameDuration)
    }
    return extents
}

extension ReelError {
    /// Any failure of the layers below as the pipeline's error, keeping its type.
    init(wrapping error: any Error) {
        switch error {
        case let e as ReelError: self = e
        case let e as FileAccessError: self = .file(e)
        case let e as RenderError: self = .render(e)
        case let e as PreviewError: self = .preview(e)
        case let e as ResolveError: self = .resolve(e)
        case let e as TimelineCodingError: self = .invalidTimeline(e)
        default: self = .file(FileAccessError(.unsupported, file: "", operation: "drawing", reason: String(describing: error)))
        }
    }
}
