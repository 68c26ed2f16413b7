/// A 3D colour lookup table on normalized R'G'B' (0...1 in, 0...1 out).
package struct LUT3D: Sendable {
    /// Lattice points per axis (2 or more for a usable table).
    package let size: Int
    /// `size³` R'G'B' triples, red index fastest (the `.cube` order): entry (r, g, b) starts at
    /// `3 * (r + g * size + b * size * size)`.
    package let values: [Float]

    /// A table whose size and value count disagree is kept as given, and the LUT filter then leaves
    /// pictures unchanged.
    package init(size: Int, values: [Float]) {
        self.size = size
        self.values = values
    }

    /// Whether the table has `size³` triples and at least two points per axis.
    package var isValid: Bool { size >= 2 && size <= 256 && values.count == 3 * size * size * size }

    /// The table that maps every colour to itself.
    package static func identity(size: Int) -> LUT3D {
        EntryChecks.require(size >= 1 && size <= 256, "LUT3D.identity: \(size) points per axis")
        var values: [Float] = []
        values.reserveCapacity(3 * size * size * size)
        let scale = 1 / Float(max(size - 1, 1))
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size { values += [Float(r) * scale, Float(g) * scale, Float(b) * scale] }
            }
        }
        return LUT3D(size: size, values: values)
    }
}
