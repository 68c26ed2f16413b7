/// A parsed JSON text: its value tree and where each value is in the text.
///
/// Kept together because diagnostics about a value need its position, and the map is computed
/// once, when the text is parsed.
package struct JSONDocument: Sendable, Hashable {
    /// The value tree; objects keep their keys in the order written.
    package let root: JSONValue
    /// Positions and exact number texts from the scan of the same text, keyed by path.
    package let sourceMap: JSONSourceMap

    /// `sourceMap` must come from the text `root` was parsed from, or positions point at the wrong place.
    package init(root: JSONValue, sourceMap: JSONSourceMap) {
        self.root = root
        self.sourceMap = sourceMap
    }

    /// Line and column of the value at `path` (or, when it is absent, of its nearest ancestor).
    package func position(of path: JSONPath) -> TextPosition? {
        sourceMap.nearestPosition(of: path)
    }

    /// Line and column of the key of the member at `path`, or of the value for array items.
    package func keyPosition(of path: JSONPath) -> TextPosition? {
        sourceMap.keyPosition(of: path) ?? sourceMap.nearestPosition(of: path)
    }
}
