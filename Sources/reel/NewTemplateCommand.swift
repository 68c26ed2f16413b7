import Foundation
import ReelKit

/// `reel new-template`: writes a small valid template to start from, into a new or empty folder.
///
/// With `--music`, the song is copied into the folder's `music/`, its beats are found
/// (`Pipeline.beats`) and listed in the template, the video starts on its first downbeat, and the
/// slots last a number of beats, so every cut lands on a beat of that song.
struct NewTemplateCommand: Command {
    let name = "new-template"
    let summary = "write a small valid template to start from"
    let synopsis = """
        <folder> [--name "My template"] [--music track.m4a]

        With --music, the track is copied into the template's music/ folder and the beats found in
        it are listed in the template (music.beats); the slots are timed in beats.
        """
    struct Options: OptionTable {
        let name = Option("name", help: "the template's name (default: the folder's name)")
        let music = Option("music", help: "a song to cut to: copied in, its beats listed")
    }

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        guard args.operands.count == 1, let folder = args.operands.first else { throw UsageError(message: "give one folder to create") }
        // The song is analysed first: a file without beats leaves no folder behind.
        let music = try args[\.music].map { path in try Self.music(path) }
        if let kind = FileKind.of(folder) {
            guard kind == .folder else { throw CommandFailure(message: "\(PathBytes.display(folder)): exists and is not a folder") }
            guard FolderListing.names(folder)?.isEmpty ?? true else {
                throw CommandFailure(message: "\(PathBytes.display(folder)): the folder is not empty; give a new or empty folder")
            }
        }
        var made = try FolderMaking.create(folder)
        // Written as every output is (AtomicFile): a run that fails or is killed leaves no half file.
        var copied: String?
        do {
            if let (source, spec) = music {
                let target = folder + "/" + spec.file
                made += try FolderMaking.create(PathText.folder(of: target))
                // The file's bytes, not a link to it: a template's assets stay inside its folder.
                let song = try ReadableFile(path: source, operation: "copying the music")
                let output = try AtomicFile(path: target, streams: false)
                try output.write(contentsOf: song)
                try output.commit()
                copied = target
            }
            let text = StarterTemplate.json(name: args[\.name] ?? Workflow.name(of: folder), music: music?.1)
            let output = try AtomicFile(path: folder + "/" + TemplateLoader.fileName, streams: false)
            try output.write(Array(text.utf8))
            try output.commit()
        } catch {
            if let copied { _ = PathBytes.withCString(copied) { unlink($0) } }
            FolderMaking.removeEmpty(made)
            throw error
        }
        let file = folder + "/" + TemplateLoader.fileName
        if !args.quiet {
            Console.out("wrote \(file)")
            if let (_, spec) = music {
                Console.out(
                    "music: \(spec.file), \(spec.beats.count) beats listed, the video starts at \(TimeText.string(from: spec.start)) (a downbeat)")
            }
            Console.out("next: edit it, then check it with 'reel validate \(folder)'")
        }
        return .success
    }

    /// The song's path and what the template says of it: the beats found, the first downbeat.
    static func music(_ path: String) throws -> (String, StarterTemplate.Music) {
        let report = try Pipeline.beats(of: path)
        let analysis = report.analysis
        let start = analysis.downbeats.first.map(analysis.time(ofSample:)) ?? analysis.beatTimes[0]
        let name = (path as NSString).lastPathComponent
        let beats = Array(analysis.beatTimes.prefix(Limits.maxBeats))
        return (path, StarterTemplate.Music(file: "music/" + name, start: start, beats: beats))
    }
}
