import DocumentLimits
import MediaTime

/// What loudness normalization did to a soundtrack: the target, where the mix stood, the gain
/// applied, and the loudness the file's sound reached, with why when it is not the target.
///
/// `reached` is measured on the sound decoded from the very packets the file carries (after the
/// gain, the limiter, the ceiling's lowering and the encoder), so the summary never claims a level
/// the file does not have.
package struct LoudnessReport: Sendable, Equatable {
    /// How close to the target counts as on it, in LU: what the encoder can move the loudness by
    /// (it drops the highest bands and adds noise), and meters differ by.
    package static let tolerance = 0.5

    /// The target, in LUFS.
    package let target: Double
    /// Integrated loudness of the mix as summed, before the gain, in LUFS.
    package let measured: Double
    /// Gain applied to the whole mix before the limiter, in dB.
    package let gain: Double
    /// Integrated loudness of the sound as the file carries it (decoded), in LUFS.
    package let reached: Double
    /// The most the limiter took off the loudness of a 400 ms stretch, in dB.
    package let limiting: Double
    /// Whether more gain was refused for taking more than `Limits.maxLimiting` off a stretch.
    package let heldBack: Bool

    /// Values in LUFS and dB as the loudness pass measured them; nothing is checked here.
    package init(target: Double, measured: Double, gain: Double, reached: Double, limiting: Double, heldBack: Bool) {
        self.target = target
        self.measured = measured
        self.gain = gain
        self.reached = reached
        self.limiting = limiting
        self.heldBack = heldBack
    }

    /// Whether the sound is within `tolerance` of the target.
    package var isOnTarget: Bool { abs(reached - target) <= Self.tolerance }

    /// Why the sound is not on its target, in words; nil when it is.
    package var reason: String? {
        guard !isOnTarget else { return nil }
        if heldBack {
            return "more gain would have the limiter take over \(Self.text(Limits.maxLimiting)) dB off its loudest stretch"
        }
        if reached > target { return "the encoded sound measures louder than the mix the gain was chosen on" }
        return "the limiter and the \(Self.text(AudioCeiling.decibels)) dBTP ceiling took back part of the gain"
    }

    /// One line for a person: `sound: -14.0 LUFS` on target, else how far from it and why.
    package var line: String {
        let level = "sound: \(Self.text(reached)) LUFS"
        guard let reason else { return level }
        let gap = Self.text(abs(target - reached))
        return "\(level), \(gap) LU \(reached < target ? "under" : "over") the \(Self.text(target)) LUFS target: \(reason)"
    }

    /// A value with one decimal, as meters print it.
    static func text(_ value: Double) -> String {
        let r = (value * 10).rounded() / 10
        return r == 0 ? "0.0" : String(format: "%.1f", r)
    }
}
