// The example of docs/library.md, compiled and run by the test suite (LibraryTests checks that
// the document shows exactly this file).
import ReelKit

/// Makes a video from a template and a folder of media, printing what went where and the progress.
func makeVideo(template: String, media: String, output: String) async throws -> MakeResult {
    var options = ResolveOptions()
    options.seed = 7
    let request = MakeRequest(template: template, media: [media], output: output, resolve: options)
    return try await Pipeline.make(request) { event in
        switch event {
        case .templateLoaded(let loaded):
            for warning in loaded.diagnostics where warning.severity == .warning { print(warning) }
        case .resolved(let resolution):
            for line in resolution.summary { print(line) }
        case .exporting(let options):
            print("rendering at \(options.width.map(String.init) ?? "the canvas's") width")
        case .rendering(let progress):
            if progress.framesDone == progress.frameCount { print("rendered \(progress.frameCount) frames") }
        case .stage(let stage):
            if stage.isFinished { print("\(stage.stage.rawValue) took \(stage.elapsed) s") }
        }
    }
}
