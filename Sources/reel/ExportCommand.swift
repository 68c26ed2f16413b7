import FileAccess
import Foundation
import ReelKit
import TemplateCore

/// `reel export`: a timeline for other editors (OpenTimelineIO).
struct ExportCommand: Command {
    let name = "export"
    let summary = "write a timeline as OpenTimelineIO for DaVinci Resolve, Premiere and other editors"
    let synopsis = "<timeline.json> --otio out.otio"
    let options = [OptionSpec(long: "otio", short: nil, takesValue: true, help: "where to write the OpenTimelineIO file")]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard args.operands.count == 1, let path = args.operands.first else { throw UsageError(message: "give one timeline file") }
        guard let out = args.value("otio") else { throw UsageError(message: "name the output with --otio out.otio") }
        var timeline: Timeline
        timeline = try TimelineInput.read(path)
        // Editors resolve media by absolute URL, so every path is made absolute here.
        for i in timeline.clips.indices { timeline.clips[i].media = MediaPathText.absolute(timeline.clips[i].media) }
        for i in timeline.overlays.indices { timeline.overlays[i].media = MediaPathText.absolute(timeline.overlays[i].media) }
        for i in timeline.audio.indices { timeline.audio[i].media = MediaPathText.absolute(timeline.audio[i].media) }
        try OutputCheck.check([("--otio", out)], inputs: OutputCheck.timeline(path, timeline))
        let output = try AtomicFile(path: out)
        try output.write(Array(OTIOExport.text(timeline).utf8))
        try output.commit()
        if !args.flag("quiet") { Console.out("wrote \(out)") }
        return .success
    }
}
