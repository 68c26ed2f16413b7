import DocumentLimits
import EffectCatalog
import Foundation
import MediaFacts
import MediaIO
import MediaTime
import PixelKernels
import TemplateFormat
import TimelineModel

/// Applies timeline effects (catalog filters) to pictures, loading what they read (LUTs) once.
package final class EffectApplier {
    let sources: MediaSources
    private var luts: [String: LUT3D] = [:]

    init(sources: MediaSources) {
        self.sources = sources
    }

    /// Applies `effect` as it is at `time` from the start of what it applies to (animated parameters move).
    /// Fails with the cause alone: the caller names the clip and frame.
    func apply(_ effect: Effect, to picture: Picture, frame: Int64, time: RationalTime) throws(RenderError.Cause) {
        // The catalog's descriptor says what the filter reads; the kernel of the same id draws it.
        guard let entry = Catalog.entry(.filter, effect.kind), let kernel = FilterKernels.kernel(entry.id) else {
            throw .effect(EffectError(effect: effect.kind, operation: "applying a filter", reason: "unknown filter '\(effect.kind)'"))
        }
        var lut: LUT3D?
        if entry.parameters.contains(where: { $0.type == .file(.lut) }) {
            guard let file = effect.file else {
                throw .effect(EffectError(effect: entry.id, operation: "applying a LUT", reason: "the LUT filter names no .cube file"))
            }
            do { lut = try load(file) } catch { throw .media(error) }
        }
        FilterRenderer.apply(
            kernel, parameters: FilterParameters.complete(entry.id, effect.parameters(at: time)), to: picture, lut: lut, frame: frame)
    }

    private func load(_ file: String) throws(FileAccessError) -> LUT3D {
        let path = sources.resolve(file)
        if let l = luts[path] { return l }
        let text = try ReadableFile.text(path, limit: Limits.maxLUTFileSize, operation: "reading a LUT")
        let lut = try Self.lut(text, file: path)
        luts[path] = lut
        return lut
    }

    /// The LUT a `.cube` text gives, as the renderer reads it: what the timeline reader checks too.
    static func lut(_ text: String, file path: String) throws(FileAccessError) -> LUT3D {
        let cube = try LUTFile.cube(text, file: path)
        return LUT3D(size: cube.size, values: cube.values)
    }
}
