import DocumentJSON
import DocumentLimits
import Foundation
import MediaTime

/// What a sound of the timeline is, which decides what the ducker listens to and what it lowers.
///
/// The clips' own sound and the `voice` are the sidechain: while they are heard, sounds with a
/// `Ducking` (the music) are lowered. Effects are neither listened to nor, unless they say so,
/// lowered: a whoosh should not make the music dip.
public enum AudioRole: String, Sendable, Hashable, CaseIterable {
    case music
    /// A voice-over (`reel make --voice`): listened to by the ducker, never ducked itself.
    case voice
    /// A sound effect placed at a time or beat.
    case effect
}

/// How a sound is lowered while the sidechain (the clips' own sound and the voice-over) is
/// actually heard: a level detector with attack, hold and release (`Ducker` in the mixer
/// computes it; docs/timeline-format.md gives its formula).
///
/// ```
/// sidechain      ____|‾‾‾‾‾‾‾‾‾‾‾‾‾|______________________
/// present        ____|‾‾‾‾‾‾‾‾‾‾‾‾‾|______________________   RMS over 10 ms ≥ threshold
/// held           ____|‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾|_______________   + hold
/// music gain     ‾‾‾‾‾╲____________________╲_____╱‾‾‾‾‾‾‾   down by `amount` over attack, back over release
/// ```
public struct Ducking: Sendable, Hashable {
    /// The gain at full depth, in dB (`Limits.duckAmount`): -12 lowers the music to a quarter.
    package var amount: Double
    /// The sidechain's level, in dBFS (`Limits.duckThreshold`), from which it counts as heard.
    package var threshold: Double
    /// How long the music takes to go down once the sidechain is heard.
    package var attack: RationalTime
    /// How long it stays down after the sidechain falls quiet (pauses between words).
    package var hold: RationalTime
    /// How long it takes to come back up after the hold.
    package var release: RationalTime

    /// Defaults are `standard`: -12 dB under sound above -40 dBFS; the reader keeps every value within its `Limits`.
    public init(
        amount: Double = -12, threshold: Double = -40, attack: RationalTime = Self.standardAttack,
        hold: RationalTime = Self.standardHold, release: RationalTime = Self.standardRelease
    ) {
        self.amount = amount
        self.threshold = threshold
        self.attack = attack
        self.hold = hold
        self.release = release
    }

    /// Attack of `standard`: 50 ms, quick enough that speech is not covered as it starts.
    public static let standardAttack = RationalTime(value: 1, timescale: 20)
    /// Hold of `standard`: 0.3 s, bridging the pauses between words so the music does not pump.
    public static let standardHold = RationalTime(value: 3, timescale: 10)
    /// Release of `standard`: 0.5 s back up, so the music returns without a jump.
    public static let standardRelease = RationalTime(value: 1, timescale: 2)

    /// What a template without `ducking` gets: -12 dB under sound above -40 dBFS, 50 ms down,
    /// held 0.3 s through pauses, 0.5 s back up.
    public static let standard = Ducking()

    /// The ducking an older timeline meant by `"duck": g` (a gain while any clip kept its sound):
    /// the same depth, `20·log10(g)` dB (at most `Limits.duckAmount`'s floor), with the standard
    /// threshold and times, now driven by the sound actually heard. Nil for `g = 1`, no ducking.
    public init?(legacyGain g: Double) {
        guard g < 1 else { return nil }
        let floor = Limits.duckAmount.lowerBound
        self.init(amount: g > 0 ? max(floor, 20 * log10(g)) : floor)
    }

    /// The linear gain at full depth.
    package var gain: Double { pow(10, amount / 20) }
}

/// Levels written `"-12dB"`: how templates and timelines give ducking's amount and threshold.
package enum DecibelText {
    /// The number of `"-12dB"` (also `"-12 dB"`, `"-12db"`); nil for anything else.
    package static func value(from text: String) -> Double? {
        var t = text.trimmingCharacters(in: .whitespaces)
        guard t.lowercased().hasSuffix("db") else { return nil }
        t = String(t.dropLast(2)).trimmingCharacters(in: .whitespaces)
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// `"-12dB"`, in the shortest form that reads back to the same number.
    package static func string(from value: Double) -> String {
        let n = JSONNumber(value)?.text ?? "0"
        return n + "dB"
    }
}
