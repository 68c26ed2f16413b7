/// An effect a timeline names that the renderer cannot draw: a transition or filter kind the
/// catalog does not have, or one without what it needs (a luma wipe's mask, a LUT's file).
///
/// Reading a timeline file refuses all of these first, so only a timeline built in code reaches
/// the renderer with one. The error names the effect by its kind, in a field of its own: the
/// `file` of a media error is always a file.
package struct EffectError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The effect's kind, as the timeline names it (`"lumaWipe"`, `"lut"`).
    package let effect: String
    /// What the renderer was doing, in a few words ("drawing a transition").
    package let operation: String
    /// Why it could not, in words.
    package let reason: String

    /// `operation` and `reason` are short phrases, printed as `effect: operation: reason`.
    package init(effect: String, operation: String, reason: String) {
        self.effect = effect
        self.operation = operation
        self.reason = reason
    }

    package var description: String { "\(effect): \(operation): \(reason)" }
}
