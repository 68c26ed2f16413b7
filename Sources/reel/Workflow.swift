import Foundation
import MediaIO
import RenderCore
import TemplateCore

/// The steps commands share: load a template, gather media, resolve, render.
enum Workflow {
    /// Loads and validates a template; prints its findings; fails on errors (or warnings under `strict`).
    static func loadTemplate(_ folder: String, strict: Bool = false, quiet: Bool) throws -> Template {
        let result: TemplateLoadResult
        do { result = try TemplateLoader.load(folder: folder, inspector: TemplateAssetInspector()) } catch {
            throw CommandFailure(message: error.description, status: .invalid)
        }
        for d in result.diagnostics where !(quiet && d.severity != .error) {
            Console.err(d.description)
        }
        guard let template = result.template, !result.diagnostics.hasFailures(strict: strict) else {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            throw CommandFailure(message: "\(result.templateFile): template is invalid (\(errors) error\(errors == 1 ? "" : "s"))", status: .invalid)
        }
        return template
    }

    /// Expands folders and probes every file given.
    static func gatherMedia(_ inputs: [String]) throws -> [MediaAsset] {
        guard !inputs.isEmpty else { throw UsageError(message: "give the media to use: files or folders of clips and photos") }
        return try AssetProbe.probe(try AssetProbe.expand(inputs))
    }

    /// Options of the resolver a person can set.
    static let resolveOptions: [OptionSpec] = []

    static func resolve(template: Template, folder: String, media: [MediaAsset], args: ParsedArguments) throws -> Timeline {
        let resolution: Resolution
        do { resolution = try Resolver.resolve(template: template, templateFolder: folder, media: media) } catch {
            throw CommandFailure(message: error.description)
        }
        if !args.flag("quiet") {
            for line in resolution.summary { Console.out(line) }
        }
        for d in resolution.diagnostics where d.severity != .note && !args.flag("quiet") {
            Console.err(d.description)
        }
        return resolution.timeline
    }

    /// The output path: `-o`, else `default` in the current folder.
    static func outputPath(_ args: ParsedArguments, default name: String) -> String {
        args.value("output") ?? name
    }

    static let outputOption = OptionSpec(long: "output", short: "o", takesValue: true, help: "where to write the result")

    /// The folder part of a path ("." for a bare name).
    static func folder(of path: String) -> String {
        let f = (path as NSString).deletingLastPathComponent
        return f.isEmpty ? "." : f
    }

    static func name(of folder: String) -> String {
        let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (trimmed as NSString).lastPathComponent
    }
}
