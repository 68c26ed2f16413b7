import Appearance
import EffectCatalog
import MediaTime

/// A catalog effect (a filter, a media layer's key) named by a template, with every parameter resolved.
public struct EffectSpec: Sendable, Hashable {
    /// Catalog id (`saturation`, `lut`, ...).
    package var kind: String
    /// Every catalog parameter of the kind: written values, defaults for the rest.
    package var parameters: [String: ParameterValue]

    public init(kind: String, parameters: [String: ParameterValue] = [:]) {
        self.kind = kind
        self.parameters = parameters
    }

    /// The constant number of parameter `name`, when it is one.
    package func number(_ name: String) -> Double? {
        if case .number(let x) = parameters[name] { return x }
        return nil
    }

    /// The colour of parameter `name`, when it is one.
    package func color(_ name: String) -> RGBColor? {
        if case .color(let c) = parameters[name] { return c }
        return nil
    }

    /// The file of parameter `name` (relative to the template folder), when it is one.
    package func file(_ name: String) -> String? {
        if case .file(let path) = parameters[name] { return path }
        return nil
    }
}

/// The value of one effect parameter.
public enum ParameterValue: Sendable, Hashable {
    case number(Double)
    /// A number that changes over the effect's time (only for animatable parameters).
    case keyframes([ValueKeyframe])
    /// A file relative to the template folder, checked to exist and be readable as its kind.
    case file(String)
    /// An opaque colour (a key's screen colour).
    case color(RGBColor)
}

/// One key value of an animated parameter.
public struct ValueKeyframe: Sendable, Hashable {
    /// Fraction of the item's time, 0...1 (0 its start, 1 its end).
    package var at: Double
    /// The exact time from the item's start, when the template writes a time (seconds, frames or
    /// beats) rather than a fraction: the timeline uses it, so a beat stays on the beat.
    package var time: RationalTime?
    package var value: Double
    /// How the value moves from this keyframe to the next.
    package var easing: Easing

    public init(at: Double, time: RationalTime? = nil, value: Double, easing: Easing = .linear) {
        self.at = at
        self.time = time
        self.value = value
        self.easing = easing
    }
}

/// How a slot gives way to the next, centred on the cut between them.
public struct TransitionSpec: Sendable, Hashable {
    /// Catalog id (`crossfade`, `wipeLeft`, ...); `cut` has no duration.
    package var kind: String
    /// Exact length, half before the cut and half after.
    package var duration: RationalTime
    package var easing: Easing
    /// Every catalog parameter of the kind (the `mask` of `lumaWipe` is a `.file`).
    package var parameters: [String: ParameterValue]

    public init(kind: String, duration: RationalTime, easing: Easing = .linear, parameters: [String: ParameterValue] = [:]) {
        self.kind = kind
        self.duration = duration
        self.easing = easing
        self.parameters = parameters
    }
}

/// How a picture moves over its time: a Ken Burns preset, or the author's keyframes.
public enum MotionSpec: Sendable, Hashable {
    /// A catalog motion (`zoomIn`, `panLeft`, ...) with its parameters (`amount`).
    case preset(kind: String, parameters: [String: ParameterValue])
    /// Poses at fractions of the item's time, eased from each to the next.
    case keyframes([PoseKeyframe])
}

/// One pose of a moving picture.
public struct PoseKeyframe: Sendable, Hashable {
    /// Fraction of the item's time, 0...1.
    package var at: Double
    /// The exact time from the item's start, when the template writes a time (seconds, frames or
    /// beats) rather than a fraction: the timeline uses it, so a beat stays on the beat.
    package var time: RationalTime?
    /// Size relative to the fitted picture (1 fills it exactly).
    package var scale: Double
    /// Offset of the picture's centre, as fractions of the canvas width and height.
    package var x: Double
    package var y: Double
    /// Clockwise degrees.
    package var rotation: Double
    package var easing: Easing

    public init(
        at: Double, time: RationalTime? = nil, scale: Double = 1, x: Double = 0, y: Double = 0, rotation: Double = 0,
        easing: Easing = .linear
    ) {
        self.at = at
        self.time = time
        self.scale = scale
        self.x = x
        self.y = y
        self.rotation = rotation
        self.easing = easing
    }
}
