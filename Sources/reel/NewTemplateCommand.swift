import Foundation
import ReelKit
import TemplateCore

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
    let options = [
        OptionSpec(long: "name", short: nil, takesValue: true, help: "the template's name (default: the folder's name)"),
        OptionSpec(long: "music", short: nil, takesValue: true, help: "a song to cut to: copied in, its beats listed"),
    ]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard args.operands.count == 1, let folder = args.operands.first else { throw UsageError(message: "give one folder to create") }
        let manager = FileManager.default
        // The song is analysed first: a file without beats leaves no folder behind.
        let music = try args.value("music").map { path in try Self.music(path) }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandFailure(message: "\(folder): exists and is not a folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            guard contents.isEmpty else { throw CommandFailure(message: "\(folder): the folder is not empty; give a new or empty folder") }
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
        if let (source, spec) = music {
            let target = (folder as NSString).appendingPathComponent(spec.file)
            do {
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                // The file's bytes, not a link to it: a template's assets stay inside its folder.
                try manager.copyItem(atPath: URL(fileURLWithPath: source).resolvingSymlinksInPath().path, toPath: target)
            } catch {
                throw CommandFailure(message: "\(target): cannot copy the music: \(error.localizedDescription)")
            }
        }
        let file = (folder as NSString).appendingPathComponent(TemplateLoader.fileName)
        let text = StarterTemplate.json(name: args.value("name") ?? Workflow.name(of: folder), music: music?.1)
        guard manager.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw CommandFailure(message: "\(file): cannot write the file")
        }
        if !args.flag("quiet") {
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
        let beats = Array(analysis.beatTimes.prefix(TemplateLimits.maxBeats))
        return (path, StarterTemplate.Music(file: "music/" + name, start: start, beats: beats))
    }
}
