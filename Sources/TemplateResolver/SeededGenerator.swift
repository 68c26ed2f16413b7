/// A small deterministic generator (SplitMix64): the resolver's only source of variety, seeded
/// by `--seed`, so that the same seed always gives the same choices on every machine; the seeded
/// fuzz tests draw from it too, so a seed names one run anywhere.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Any seed is valid, 0 included; equal seeds give equal sequences.
    package init(seed: UInt64) { state = seed }

    /// The next SplitMix64 output; the sequence is fixed for a seed on every platform.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count`.
    package mutating func next(below count: Int) -> Int { Int(next() % UInt64(max(1, count))) }
}
