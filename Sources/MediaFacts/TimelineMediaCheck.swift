import DocumentJSON
import DocumentLimits
import FileAccess
import Foundation
import MediaIO
import MediaTime
import TimelineModel

/// The files a timeline names, checked before any work, each once: it opens as a regular file
/// (L020; beneath its template folder when it lies in one, L040), and it is what the field naming
/// it needs, as the renderer's own libraries read it: a clip's media of the clip's kind (L021), a
/// sound with an audio stream (L042), an overlay or mask a PNG (L043), a font a face FreeType
/// loads (L044), a LUT a `.cube` that parses (L045).
///
/// Run by the timeline reader (`TimelineCodec.decode(contentsOfFile:files:)`), so that a missing
/// or mistaken file is reported with the timeline's other problems, at the place naming it, and
/// a render never starts only to fail on its fortieth clip. A timeline made from a template names
/// its folder (`Timeline.template`): the folder is confined first (`ConfinedFolders`), so that
/// this check and every later open of its files, during the render too, resolve beneath it.
package enum TimelineMediaCheck {
    /// The check given to `TimelineCodec.decode(contentsOfFile:files:)`.
    package static let check: TimelineFileCheck = { timeline in problems(timeline) }

    /// What a field needs its file to be.
    enum Need: Hashable {
        case clip(MediaKind)
        case sound
        case picture
        case font
        case lut
    }

    /// One place of the timeline naming a file.
    struct Use {
        /// Where in the timeline the file is named, for the problem's place.
        package var path: JSONPath
        /// What the file must be at that place.
        package var need: Need
    }

    /// Every problem with the files `t` names and with its template folder; empty when all can be used.
    package static func problems(_ t: Timeline) -> [TimelineProblem] { examine(t).problems }

    /// The problems of `t`'s files, and the length of each video its clips name (by the path as
    /// the timeline names it), as probed while checking them: what `reel edit` shortens a
    /// transition to when a swap or a move brings other clips to its cut.
    package static func examine(_ t: Timeline) -> (problems: [TimelineProblem], videoDurations: [String: RationalTime]) {
        var found: [TimelineProblem] = []
        if let folder = t.template { found += templateFolderProblems(folder) }
        var order: [String] = []
        var uses: [String: [Use]] = [:]
        for (file, use) in namedFiles(t) {
            if uses[file] == nil { order.append(file) }
            uses[file, default: []].append(use)
        }
        var durations: [String: RationalTime] = [:]
        for file in order {
            found += problems(of: file, uses[file] ?? [], durations: &durations)
        }
        found += handleProblems(t, durations: durations)
        return (found, durations)
    }

    /// Warnings about a timeline that reads (T065): a text's font family that is not installed,
    /// found by the lookup a template's texts are checked with; the text is drawn in another.
    package static let warnings: TimelineFileCheck = { timeline in fontWarnings(timeline) }

    static func fontWarnings(_ t: Timeline) -> [TimelineProblem] {
        var substitutes: [String: String?] = [:]
        var found: [TimelineProblem] = []
        for (i, x) in t.texts.enumerated() {
            // A font file wins over the family.
            guard x.look.fontFile == nil, let family = x.look.fontFamily else { continue }
            let used: String?
            if let known = substitutes[family] {
                used = known
            } else {
                used = TextRasterizer.substituteFamily(for: family)
                substitutes[family] = used
            }
            guard let used else { continue }
            found.append(
                TimelineProblem(
                    .fontNotInstalled, JSONPath.root.appending("texts").appending(i).appending("look").appending("fontFamily"),
                    "font '\(family)' is not installed; the text will be drawn in '\(used)' instead",
                    fix: "install the font, name an installed family (fc-list : family), or name a font file in \"fontFile\""))
        }
        return found
    }

    /// Every file the timeline names, with the place naming it and what it must be there, in the
    /// order of the document.
    static func namedFiles(_ t: Timeline) -> [(String, Use)] {
        let root = JSONPath.root
        var named: [(String, Use)] = []
        for (i, clip) in t.clips.enumerated() {
            let path = root.appending("clips").appending(i)
            named.append((clip.media, Use(path: path.appending("media"), need: .clip(clip.kind))))
            for (j, e) in clip.filters.enumerated() {
                if let file = e.file { named.append((file, Use(path: path.appending("filters").appending(j).appending("file"), need: .lut))) }
            }
        }
        for (i, x) in t.transitions.enumerated() {
            if let mask = x.mask { named.append((mask, Use(path: root.appending("transitions").appending(i).appending("mask"), need: .picture))) }
        }
        for (i, x) in t.texts.enumerated() {
            if let font = x.look.fontFile {
                named.append((font, Use(path: root.appending("texts").appending(i).appending("look").appending("fontFile"), need: .font)))
            }
        }
        for (i, x) in t.overlays.enumerated() {
            named.append((x.media, Use(path: root.appending("overlays").appending(i).appending("media"), need: .picture)))
        }
        for (i, e) in t.grade.enumerated() {
            if let file = e.file { named.append((file, Use(path: root.appending("grade").appending(i).appending("file"), need: .lut))) }
        }
        for (i, x) in t.audio.enumerated() {
            named.append((x.media, Use(path: root.appending("audio").appending(i).appending("media"), need: .sound)))
        }
        return named
    }

    /// The template folder is confined before any of its files is opened; it must be a folder (L041).
    static func templateFolderProblems(_ folder: String) -> [TimelineProblem] {
        guard FileKind.of(folder) == .folder else {
            let what = FileKind.of(folder).map { "is \($0.phrase), not a folder" } ?? "does not exist"
            return [
                TimelineProblem(
                    .templateFolder, JSONPath.root.appending("template"), "the template folder '\(PathBytes.display(folder))' \(what)",
                    fix: "correct the path (relative paths start at the timeline's folder), or remove \"template\" if the timeline has none")
            ]
        }
        ConfinedFolders.confine(folder)
        return []
    }

    /// Opens `file` once, then checks it once for each thing its uses need.
    static func problems(of file: String, _ uses: [Use], durations: inout [String: RationalTime]) -> [TimelineProblem] {
        let name = "'\(PathBytes.display(file))'"
        let opened: ReadableFile
        do { opened = try ReadableFile(path: file, operation: "opening") } catch {
            return uses.map { refusal(name, error, at: $0.path) }
        }
        var found: [TimelineProblem] = []
        var checked: [Need: String?] = [:]
        var probe: Result<MediaInfo, FileAccessError>?
        func probed() -> Result<MediaInfo, FileAccessError> {
            if let probe { return probe }
            let result = Result { () throws(FileAccessError) in try MediaProbe.probe(opened) }
            probe = result
            return result
        }
        for use in uses {
            let problem: String?
            if case .clip(let kind) = use.need {
                switch probed() {
                case .failure(let error):
                    found.append(
                        TimelineProblem(
                            .mediaMissing, use.path, "\(name) cannot be read as media: \(error.reason)", fix: "name a photo or video file"))
                case .success(let info) where info.isStillImage != (kind == .image):
                    let what = info.isStillImage ? "a picture" : "a video"
                    found.append(
                        TimelineProblem(
                            .mediaKind, use.path, "\(name) is \(what), but the clip's kind is \(kind.rawValue)",
                            fix: "set \"kind\": \"\(info.isStillImage ? "image" : "video")\", or name a \(kind == .image ? "picture" : "video")"))
                case .success(let info):
                    if !info.isStillImage, let d = info.duration { durations[file] = d }
                }
                continue
            }
            if let known = checked[use.need] {
                problem = known
            } else {
                problem = kindProblem(use.need, opened, probed)
                checked[use.need] = problem
            }
            if let problem { found.append(kindFinding(use.need, name, problem, at: use.path)) }
        }
        return found
    }

    /// What is wrong with `file` as a sound, a picture, a font or a LUT, read by the library the
    /// renderer reads it with; nil when nothing is.
    static func kindProblem(_ need: Need, _ file: ReadableFile, _ probed: () -> Result<MediaInfo, FileAccessError>) -> String? {
        switch need {
        case .clip: return nil
        case .sound:
            switch probed() {
            case .failure(let error): return "cannot be read as audio: \(error.reason)"
            case .success(let info): return info.hasAudio ? nil : "has no audio stream"
            }
        case .picture:
            do {
                _ = try PNGFile.header(of: file)
                return nil
            } catch { return "is not a PNG Reel reads: \(error.reason)" }
        case .font:
            return TextRasterizer.canLoadFont(file: file.descriptorPath).map { "does not load as a font: \($0)" }
        case .lut:
            let text: String
            do { text = try file.readText(limit: Limits.maxLUTFileSize) } catch { return "cannot be read as a LUT: \(error.reason)" }
            do {
                _ = try LUTFile.cube(text, file: file.path)
                return nil
            } catch { return "is not a LUT Reel reads: \(error.reason)" }
        }
    }

    static func kindFinding(_ need: Need, _ name: String, _ problem: String, at path: JSONPath) -> TimelineProblem {
        switch need {
        case .clip, .sound:
            return TimelineProblem(.soundUnreadable, path, "\(name) \(problem)", fix: "name a sound file (or a video with sound)")
        case .picture:
            return TimelineProblem(.pictureUnreadable, path, "\(name) \(problem)", fix: "name a PNG picture (with alpha for an overlay)")
        case .font:
            return TimelineProblem(.fontUnreadable, path, "\(name) \(problem)", fix: "name a TrueType or OpenType font file (.ttf, .otf)")
        case .lut:
            return TimelineProblem(.lutUnreadable, path, "\(name) \(problem)", fix: "name a .cube 3D LUT with the 0...1 input domain")
        }
    }

    /// A file that did not open: missing or not a regular file (L020), or leading out of its
    /// template folder (L040).
    static func refusal(_ name: String, _ error: FileAccessError, at path: JSONPath) -> TimelineProblem {
        switch error.kind {
        case .notFound:
            return TimelineProblem(
                .mediaMissing, path, "\(name) does not exist", fix: "correct the path (relative paths start at the timeline's folder)")
        case .escapesFolder:
            return TimelineProblem(
                .templateFileOutside, path, "\(name) leads outside the timeline's template folder (a link that leaves it)",
                fix: "put the file itself in the template folder in place of the link")
        case .notRegularFile:
            return TimelineProblem(.mediaMissing, path, "\(name) \(error.reason)", fix: "name a file")
        case .tooLarge, .collision, .failed, .unreadable, .notMedia, .corrupt, .unsupported, .writeFailed, .missingComponent, .cancelled:
            return TimelineProblem(.mediaMissing, path, "\(name) cannot be opened: \(error.reason)", fix: "name a file that can be read")
        }
    }

    /// Transitions needing frames a video lacks (L022): the next clip shows frames before its
    /// in-point from the transition's start, the previous one frames after its out-point up to its
    /// end. Photos, looping clips and clips already past their video's end (holding its last
    /// frame) have as many as needed, as the resolver counts them (`TransitionPlacement`).
    static func handleProblems(_ t: Timeline, durations: [String: RationalTime]) -> [TimelineProblem] {
        var found = sourceStartProblems(t, durations: durations)
        let main = t.clips.filter { $0.layer == 0 }
        for (i, tr) in t.transitions.enumerated() {
            guard let a = main.firstIndex(where: { $0.id == tr.from }), a + 1 < main.count, main[a + 1].id == tr.to else { continue }
            let cut = main[a].timelineRange.end
            let sides: [(VideoClip, RationalTime, Bool)] = [(main[a + 1], cut - tr.range.start, true), (main[a], tr.range.end - cut, false)]
            for (clip, time, before) in sides where time.isPositive {
                guard clip.kind == .video, !clip.loop, let duration = durations[clip.media], clip.sourceRange.end <= duration,
                    let needed = try? time.multiplied(by: clip.speed)
                else { continue }
                // Forwards, the frames before the in-point lie before the source range; reversed, after it.
                let towardStart = before != clip.reverse
                let spare = towardStart ? clip.sourceRange.start : duration - clip.sourceRange.end
                guard needed > spare else { continue }
                found.append(
                    TimelineProblem(
                        .transitionHandles, JSONPath.root.appending("transitions").appending(i).appending("range"),
                        "'\(clip.id)' has \(TimeText.string(from: spare)) of video \(towardStart ? "before its source range" : "after its source range"); the transition needs \(TimeText.string(from: needed))",
                        fix: "shorten the transition, or move '\(clip.id)''s source range \(towardStart ? "later" : "earlier") in its video"))
            }
        }
        return found
    }

    /// A video clip's source starts within its video (L013): past its end the clip would show
    /// nothing of it (a slowed clip may run past the end and hold its last frame, but it starts
    /// on a frame of the video). What bounds `reel edit … slip` against the medium, and a source
    /// time a hand edit put at any time a timeline may hold.
    static func sourceStartProblems(_ t: Timeline, durations: [String: RationalTime]) -> [TimelineProblem] {
        t.clips.enumerated().compactMap { i, c in
            guard c.kind == .video, let duration = durations[c.media], c.sourceRange.start >= duration, duration.isPositive else { return nil }
            return TimelineProblem(
                .sourceRange, JSONPath.root.appending("clips").appending(i).appending("sourceRange").appending("start"),
                "'\(c.id)' starts its source at \(TimeText.string(from: c.sourceRange.start)), after its video ends (\(TimeText.string(from: duration)))",
                fix: "start it before \(TimeText.string(from: duration))")
        }
    }
}
