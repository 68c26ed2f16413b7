import BeatTracking
import DocumentJSON
import MediaFacts
import MediaIO
import MediaTime
import ProgressReport
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// A person's own song for the video (`--music song.mp3 [--music-start auto|<time>]`).
public struct SongRequest: Sendable, Hashable {
    /// The song file.
    public var path: String
    /// Where in it the video begins.
    public var start: SongStart

    /// `start` defaults to `auto`: the analysis picks where the video begins in the song.
    public init(path: String, start: SongStart = .auto) {
        self.path = path
        self.start = start
    }

    /// The song of `--music` and `--music-start` (or a jobs file's `music` and `music-start`
    /// columns), from their text: `auto` or a time in the song such as `32.5` or `32.5s`.
    public init(path: String, startText: String?) throws(OptionValueError) {
        self.path = path
        guard let text = startText, text != "auto" else {
            start = .auto
            return
        }
        guard let t = TimeText.time(from: text, frameRate: nil), !t.isNegative else {
            throw OptionValueError(option: "music-start", message: "takes auto or a time in the song such as 32.5 or 32.5s, not '\(text)'")
        }
        start = .at(t)
    }
}

/// A template loaded to play over a person's song: its times written in beats counted on the
/// song's beats, from the start chosen.
public struct SongTemplate: Sendable {
    /// The template, its times still written in beats.
    public let loaded: LoadedTemplate
    /// The song's length and beats, as the analysis found them.
    public let song: SongBeats
    /// Where in the song the video begins, and the length that gives the video.
    public let choice: SongChoice
}

extension Pipeline {
    /// The song's length and what its analysis found (cached per file, as `beats(of:)`), in the
    /// song's time. A song without a beat gives no beats (not an error: see `fitSong`).
    /// `events` is told of the stage `beats`, in milliseconds of the song gone through.
    public static func songBeats(of path: String, cache: AnalysisCache = .standard, events: (@Sendable (PipelineEvent) -> Void)? = nil)
        throws(ReelError) -> SongBeats
    {
        let duration: RationalTime
        let analysis: BeatAnalysis
        do throws(FileAccessError) {
            let info = try MediaProbe.probe(path)
            guard info.hasAudio, let d = info.duration, d.isPositive else {
                throw FileAccessError(.notMedia, file: path, operation: "reading the song", reason: "it has no sound")
            }
            duration = d
            analysis = try trackedBeats(of: path, duration: d, cache: cache, events: events)
        } catch { throw .file(error) }
        let usable = analysis.beats.count >= 2
        return SongBeats(
            file: path, duration: duration, tempo: usable ? analysis.tempo : nil, beats: usable ? analysis.beatTimes : [],
            downbeats: usable ? analysis.downbeats.map(analysis.time(ofSample:)) : [],
            bars: usable
                ? analysis.bars.map {
                    SongBeats.Bar(
                        start: analysis.time(ofSample: $0.start), end: analysis.time(ofSample: $0.end), energy: $0.energy, novelty: $0.novelty)
                } : [],
            sections: usable
                ? analysis.sections.map {
                    MusicSection(start: analysis.time(ofSample: $0.start), end: analysis.time(ofSample: $0.end), energy: $0.energy)
                } : [])
    }

    /// `cache.beats(of:)`, reported as the stage `beats`: milliseconds of the song (as long as
    /// its `duration`, up to the analysis's limit) gone through.
    static func trackedBeats(of path: String, duration d: RationalTime?, cache: AnalysisCache, events: (@Sendable (PipelineEvent) -> Void)?)
        throws(FileAccessError) -> BeatAnalysis
    {
        let rate = Int64(AudioDecoder.sampleRate)
        var heard: Int64 = 0
        if let d, d.isPositive {
            let (ms, over) = d.value.multipliedReportingOverflow(by: 1000)
            heard = max(1, min(over ? .max : ms / d.timescale, BeatLimits.maxSeconds * 1000))
        }
        let clock = StageClock.begin(.beats, total: heard, report: PipelineEvent.stages(events))
        let analysis = try cache.beats(of: path) { clock?.advance(to: $0 * 1000 / rate) }
        clock?.finish()
        return analysis
    }

    /// Puts `request`'s song under a loaded template: chooses where the video begins in it
    /// (`SongPlacement`) and loads the template again with the song's beats, so that every time
    /// written in beats (slots, transitions, layers, animations, keyframes) counts on them. A song
    /// without a beat keeps the template's timing, with a warning (R020; under `strict`, the error
    /// `.noBeat`). The template's music
    /// settings (volume, fades, loop) stay.
    public static func fitSong(
        _ request: SongRequest, to loaded: LoadedTemplate, strict: Bool = false, events: (@Sendable (PipelineEvent) -> Void)? = nil
    ) throws(ReelError) -> SongTemplate {
        let song = try songBeats(of: request.path, events: events)
        var choice: SongChoice
        do { choice = try SongPlacement.choose(for: loaded.template, song: song, start: request.start) } catch { throw .song(error) }
        var template = loaded.template
        var diagnostics = loaded.diagnostics
        let grid = choice.retimed ? song.grid(start: choice.start, loops: choice.loops) : nil
        if let grid, template.music?.beats != nil {
            let result: TemplateLoadResult
            do { result = try TemplateLoader.load(folder: loaded.folder, inspector: TemplateAssetInspector(), beats: grid) } catch {
                throw .templateUnreadable(error)
            }
            guard let t = result.template, !result.diagnostics.hasFailures(strict: strict) else {
                throw .invalidTemplate(file: result.templateFile, diagnostics: result.diagnostics)
            }
            template = t
            diagnostics = result.diagnostics
        }
        // Re-timed only when some time of the template is written in beats (it then reads otherwise).
        choice.retimed = grid != nil && (template.slots != loaded.template.slots || template.layers != loaded.template.layers)
        var music = template.music ?? MusicSpec(file: song.file)
        music.start = choice.start
        music.loop = choice.loops || music.loop
        if let grid { music.beats = grid }
        template.music = music
        if !song.hasBeats {
            // Under `strict`, warnings stop the work: this one too.
            if strict { throw .noBeat(file: song.file, silent: false) }
            diagnostics.append(
                Diagnostic(
                    .warning, .songWithoutBeats, "no beat found in \(song.file); the cuts keep the template's timing",
                    at: SourceLocation(file: request.path),
                    notes: ["a song with a steady beat puts the cuts on its beats; `reel beats \(song.file)` shows what is found"]))
        }
        return SongTemplate(
            loaded: LoadedTemplate(template: template, folder: loaded.folder, diagnostics: diagnostics), song: song, choice: choice)
    }

    /// Resolves a template fitted to a song: the song's length decides where it ends or loops,
    /// its file replaces the music's, and its beats go into the timeline (`Resolution.useSong`).
    public static func resolve(_ fitted: SongTemplate, media: [MediaAsset], options: ResolveOptions = ResolveOptions()) throws(ReelError)
        -> Resolution
    {
        var options = options
        options.musicDuration = fitted.song.duration
        var resolution = try resolve(fitted.loaded, media: media, options: options)
        resolution.useSong(fitted.song, choice: fitted.choice)
        try checkResolved(resolution.timeline, template: fitted.loaded.template.name)
        return resolution
    }
}
