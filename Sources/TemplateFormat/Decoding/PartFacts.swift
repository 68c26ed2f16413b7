import DocumentJSON
import MediaTime
import TimelineModel

/// What could be read of each part of a template, whatever else in it is broken.
///
/// The rules that look across parts (a transition against its slots, a text against the canvas,
/// layers and music against the video's length) run on these facts, not on a finished
/// `Template`, so that one broken value hides only the rules that need it. A rule whose input is
/// missing here is skipped with a note (T070) that names the value it waits for.
package struct PartFacts {
    /// Nil when the canvas size is unusable.
    package var canvas: Canvas?
    /// False when the frame rate is unusable: frame counts then cannot be turned into time.
    var frameRateKnown = false
    /// The beat grid of the music, when it has a usable one.
    package var beats: BeatGrid?
    /// True when the music writes beats (a tempo or a list) but they are unusable.
    var beatsBroken = false
    /// True when the music writes no beats and its file, where they would be found, has an error.
    var beatsAwaitFile = false
    /// True once the one note of the times in beats that wait for the music file is written.
    var beatsAwaitFileNoted = false
    /// True when the template has music (usable or not).
    var hasMusic = false
    /// The music file (checked), its start and whether it loops, when all three are usable.
    var musicLength: (file: String, start: RationalTime, loop: Bool)?
    /// The cover time, when one is written and usable.
    package var cover: RationalTime?
    /// One per slot of a usable slots list, in order.
    package var slots: [SlotFacts] = []
    /// The sum of the slot durations, when every one is known.
    package var total: RationalTime?
    /// One per layer object, in order.
    package var layers: [LayerFacts] = []
    /// The voice's start and each sound's, in the order read, where usable.
    package var soundStarts: [SoundStartFacts] = []

    /// The first slot without a usable duration, for notes that say why a rule waits.
    var firstSlotWithoutDuration: SlotFacts? { slots.first { $0.duration == nil } }
}

/// A slot's id, duration and transition as far as they could be read.
package struct SlotFacts {
    package var path: JSONPath
    package var id: String?
    /// Exact duration; nil when it is unusable or depends on an unusable value.
    package var duration: RationalTime?
    /// The transition's kind and exact duration, when both are usable.
    package var transition: (kind: String, duration: RationalTime)?

    /// `slot 'opening'`, or `slot 2` when the id is unusable.
    package var name: String { id.map { "slot '\($0)'" } ?? "the slot at \(path.pointer)" }
}

/// A layer's place in time and its text box as far as they could be read.
package struct LayerFacts {
    package var path: JSONPath
    package var id: String?
    /// Nil when the start is unusable.
    package var start: RationalTime?
    /// The written duration; `.some(nil)` when none is written (it lasts to the end), nil when unusable.
    package var duration: RationalTime??
    /// True when the layer writes a start or a duration (a layer from 0 to the end always fits the video).
    var isTimed = false
    /// The keys that decide whether a text fits (text, sizes, width, lines, box padding), when all are usable.
    package var fit: TextLayerSpec?
    /// True for a text layer whose fit keys are not all usable.
    var fitBroken = false

    /// `layer 'title'`, or `the layer at /layers/2` when its id is unusable.
    package var name: String { id.map { "layer '\($0)'" } ?? "the layer at \(path.pointer)" }
}

/// Where a voice or sound starts on the video, and how a message names it.
package struct SoundStartFacts {
    /// The start's place in the document (`/voice/start`, `/sounds/2/at`).
    package var path: JSONPath
    /// `the voice's start` or `the sound's start`, as messages name it.
    package var what: String
    /// Exact time from the video's start; never negative (the reader refuses that).
    package var start: RationalTime
}
