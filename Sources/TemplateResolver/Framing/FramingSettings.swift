import MediaTime

/// The numbers smart framing works by: when `--reframe smart` applies it, and how its virtual
/// camera may move. Declared once; the resolver, its tests, the docs (docs/reframe.md) and
/// `scripts/bench-reframe` read them from here.
public struct FramingSettings: Sendable, Hashable {
    /// `--reframe smart` frames a `cover` clip smart when cover would cut away more than this share
    /// of its picture (a 4:3 photo in a 16:9 frame loses exactly 0.25 and stays centred; 16:9 in
    /// 9:16 loses 0.68, a square in 9:16 0.44).
    var reframeCutAway: Double
    /// Fastest pan, in window widths (or heights) per second: a person walking across the
    /// picture is followed, a camera never whips.
    var maxSpeed: Double
    /// Largest change of the pan's speed, in window widths per second per second: a pan starts and
    /// stops over about half a second.
    var maxAcceleration: Double
    /// The camera holds still while the subject stays this far (a share of the window) inside the
    /// window's edges, and starts to follow only when it comes nearer: the dead zone that makes a
    /// still subject's camera perfectly still.
    package var margin: Double
    /// A following camera stops once it is this near (a share of the window) to the subject's
    /// centre and slow: the other half of the hysteresis, so it does not hunt.
    var settle: Double
    /// Detections are smoothed over about this long (the standard deviation of a Gaussian, in
    /// seconds, zero-phase) before the camera follows them, so detector jitter never moves it.
    var smoothing: Double
    /// The camera aims where the subject will be this long ahead (seconds), making up for the lag
    /// of a follower with bounded acceleration.
    package var lookahead: Double
    /// Crop keyframes are written at most this often (seconds apart) within a shot; the renderer
    /// interpolates between them (`CropPath`).
    var keyframeSpacing: RationalTime

    /// The defaults are `standard`, the values `scripts/bench-reframe` chose; tests vary them.
    package init(
        reframeCutAway: Double = 0.25, maxSpeed: Double = 1.2, maxAcceleration: Double = 2.4, margin: Double = 0.1,
        settle: Double = 0.02, smoothing: Double = 0.25, lookahead: Double = 0.3,
        keyframeSpacing: RationalTime = RationalTime(value: 1, timescale: 4)
    ) {
        self.reframeCutAway = reframeCutAway
        self.maxSpeed = maxSpeed
        self.maxAcceleration = maxAcceleration
        self.margin = margin
        self.settle = settle
        self.smoothing = smoothing
        self.lookahead = lookahead
        self.keyframeSpacing = keyframeSpacing
    }

    /// The settings `reel make` uses; docs/reframe.md quotes them.
    public static let standard = FramingSettings()
}

/// How `cover` places are framed (`reel make --reframe`).
public enum Reframe: String, Sendable, Hashable, CaseIterable {
    /// At the centre, as written.
    case cover
    /// Smart wherever cover would cut away more than `FramingSettings.reframeCutAway`.
    case smart
}
