import Foundation
import MediaFacts
import MediaIO
import MediaTime
import PixelKernels
import TemplateFormat
import TimelineModel
import DocumentLimits

/// Applies timeline effects (catalog filters) to pictures, loading what they read (LUTs) once.
package final class EffectApplier {
    let sources: MediaSources
    private var luts: [String: LUT3D] = [:]

    init(sources: MediaSources) {
        self.sources = sources
    }

    /// Applies `effect` as it is at `time` from the start of what it applies to (animated parameters move).
    func apply(_ effect: Effect, to picture: Picture, frame: Int64, time: RationalTime) throws(MediaError) {
        guard let kind = FilterKind(rawValue: effect.kind) else {
            throw MediaError(
                .unsupported, file: effect.file ?? effect.kind, operation: "applying a filter", reason: "unknown filter '\(effect.kind)'")
        }
        var lut: LUT3D?
        if kind == .lut {
            guard let file = effect.file else {
                throw MediaError(.unsupported, file: "lut", operation: "applying a LUT", reason: "the LUT filter names no .cube file")
            }
            lut = try load(file)
        }
        FilterRenderer.apply(kind, parameters: FilterParameters.complete(kind, effect.parameters(at: time)), to: picture, lut: lut, frame: frame)
    }

    private func load(_ file: String) throws(MediaError) -> LUT3D {
        let path = sources.resolve(file)
        if let l = luts[path] { return l }
        let text: String
        do { text = try ReadableFile.text(path, limit: Limits.maxLUTFileSize, operation: "reading a LUT") } catch {
            throw MediaError(error)
        }
        let lut = try Self.lut(text, file: path)
        luts[path] = lut
        return lut
    }

    /// The LUT a `.cube` text gives, as the renderer reads it: what the timeline reader checks too.
    static func lut(_ text: String, file path: String) throws(MediaError) -> LUT3D {
        let cube = try LUTFile.cube(text, file: path)
        return LUT3D(size: cube.size, values: cube.values)
    }
}
