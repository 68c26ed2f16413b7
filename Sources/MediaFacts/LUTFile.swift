import MediaIO
import TemplateFormat

/// A `.cube` LUT as the renderer reads it; the timeline's media check and the renderer run this one
/// reading, so what the check accepts renders.
package enum LUTFile {
    /// The parsed LUT of `text` (the contents of `path`), refused when the renderer could not use it.
    package static func cube(_ text: String, file path: String) throws(FileAccessError) -> CubeLUT {
        let cube: CubeLUT
        do { cube = try CubeLUT.parse(text) } catch {
            throw FileAccessError(.corrupt, file: path, operation: "reading a LUT", reason: error.description)
        }
        // The kernel looks up normalized input; a LUT with another input domain would be misread.
        guard cube.domainMin == [0, 0, 0] && cube.domainMax == [1, 1, 1] else {
            throw FileAccessError(.unsupported, file: path, operation: "reading a LUT", reason: "only the 0...1 input domain is supported")
        }
        return cube
    }
}
