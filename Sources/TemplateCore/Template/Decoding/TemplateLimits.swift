import MediaTime

/// The limits that keep a hostile or broken template from costing a machine much: every one is
/// checked, each with its own clear diagnostic, before anything is allocated in proportion to it.
public enum TemplateLimits {
    public static let maxFileSize = 1 << 20
    public static let maxDepth = 64
    public static let canvasSide = 16...8192
    public static let maxFrameRate = RationalTime(seconds: 120)
    public static let slotCount = 1...200
    public static let maxLayers = 64
    public static let maxSlotDuration = RationalTime(seconds: 600)
    public static let maxTotalDuration = RationalTime(seconds: 3600)
    public static let maxMusicStart = RationalTime(seconds: 3600)
    public static let maxFade = RationalTime(seconds: 600)
    public static let maxTransition = RationalTime(seconds: 10)
    public static let maxAnimation = RationalTime(seconds: 10)
    public static let maxBeats = 20_000
    public static let tempo = 20.0...400.0
    public static let maxFilters = 16
    public static let maxKeyframes = 64
    public static let maxTags = 32
    /// Characters of a name, tag, id or placeholder key.
    public static let maxShortText = 200
    /// Characters of a description or a text layer's text.
    public static let maxLongText = 2000
    /// Linear gain of a sound: 0 silent, 1 as recorded, 4 (+12 dB) the loudest.
    public static let volume = 0.0...4.0
    /// Gain of music under a clip's own sound: 1 leaves it alone.
    public static let duck = 0.0...1.0
    public static let speed = 0.25...4.0
    public static let minSpeed = 0.1...1.0
    public static let textSize = 4.0...2000.0
    public static let maxTextLines = 1...50
    /// Largest `.cube` file read: a 129-point LUT is about 55 MB of text.
    public static let maxLUTFileSize = 64 << 20
}
