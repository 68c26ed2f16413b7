import Captions
import MediaTime
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Edits of what is shown and heard: swapping and replacing shots, texts, the music.
extension TimelineEditor {
    /// Exchanges the places of two main-track clips. Every cut keeps its transition (see
    /// `reorder(_:)`), which the result says for each cut whose clips changed.
    ///
    /// ```
    /// before  [ a ]X[ b ]W[ c ]      swap a c
    /// after   [ c ]X[ b ]W[ a ]      each keeps its own length; cuts move, each keeps its transition
    /// ```
    @discardableResult
    package mutating func swap(_ first: String, _ second: String) throws(EditError) -> [CutChange] {
        let main = timeline.clips.filter { $0.layer == 0 }.map(\.id)
        guard main.contains(first) else { throw timeline.clips.contains(where: { $0.id == first }) ? .notOnMainTrack(first) : .noClip(first) }
        guard main.contains(second) else { throw timeline.clips.contains(where: { $0.id == second }) ? .notOnMainTrack(second) : .noClip(second) }
        guard first != second else { throw .outOfRange("a clip cannot be swapped with itself") }
        return try rearrange("swap", main.map { $0 == first ? second : $0 == second ? first : $0 })
    }

    /// Puts other media in a clip's place, fitted as the resolver fits a slot: a long enough video
    /// plays from its start at the clip's speed, a shorter one is slowed to fit (down to half speed,
    /// then its last frame holds), a photo fills the clip's time. Place, length, fit, filters,
    /// motion and stacking are kept; the orientation is the new medium's, and a smart clip's crop
    /// path is dropped (the new picture is framed at its centre).
    package mutating func replace(_ id: String, with asset: MediaAsset) throws(EditError) {
        try apply("replace") { (t: inout Timeline) throws(EditError) in
            let i = try Self.index(of: id, in: t)
            var c = t.clips[i]
            let needed = c.timelineRange.duration
            c.media = asset.path
            c.orientation = asset.orientation
            c.reverse = false
            c.loop = false
            // The window was chosen for the old picture: the new one is framed at the centre.
            c.crop = []
            if asset.kind == .image {
                c.kind = .image
                c.speed = RationalTime(seconds: 1)
                c.sourceRange = TimeRange(start: .zero, duration: needed)
                c.volume = 0
            } else {
                guard let available = asset.duration, available.isPositive else {
                    throw .outOfRange("'\(asset.path)' has no duration to play")
                }
                let playback = Playback(speed: c.kind == .video ? c.speed : RationalTime(seconds: 1))
                guard let fit = VideoFitting.fit(available: available, start: .zero, needed: needed, playback: playback) else {
                    throw .outOfRange("'\(asset.path)' cannot be fitted into clip '\(id)'")
                }
                c.kind = .video
                c.sourceRange = fit.sourceRange
                c.speed = fit.speed
                c.loop = fit.loops
                if !asset.hasAudio { c.volume = 0 }
            }
            t.clips[i] = c
        }
    }

    /// Changes the words of a text item.
    ///
    /// The id of a karaoke or pop caption cue (`caption-3`, whose items are `caption-3.1`,
    /// `caption-3.2`, ...) changes all of its items at once: the new text must have as many words
    /// as the cue has items, each pop item takes its word, each karaoke item the whole text with
    /// its word highlighted again.
    package mutating func setText(_ id: String, _ text: String) throws(EditError) {
        try apply("text") { (t: inout Timeline) throws(EditError) in
            if !t.texts.contains(where: { $0.id == id }) {
                let words = t.texts.indices.filter { CaptionCues.isWord(t.texts[$0].id, ofCue: id) }
                if !words.isEmpty {
                    try Self.setCaptionWords(words, text, in: &t, cue: id)
                    return
                }
            }
            guard let i = t.texts.firstIndex(where: { $0.id == id }) else {
                let known = t.texts.map(\.id)
                throw .outOfRange(
                    "no text has the id '\(id)'" + (known.isEmpty ? " (the timeline has no texts)" : "; texts: \(known.joined(separator: ", "))"))
            }
            t.texts[i].text = text
        }
    }

    /// The words of a karaoke or pop cue, one per item in timeline order.
    private static func setCaptionWords(_ items: [Int], _ text: String, in t: inout Timeline, cue: String) throws(EditError) {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let ordered = items.sorted { t.texts[$0].timelineRange.start < t.texts[$1].timelineRange.start }
        guard words.count == ordered.count else {
            throw .outOfRange("caption '\(cue)' has \(ordered.count) words; give as many (\(words.count) given)")
        }
        let joined = words.joined(separator: " ")
        var offset = 0
        for (i, word) in zip(ordered, words) {
            if var highlight = t.texts[i].highlight {
                highlight.start = offset
                highlight.length = word.count
                t.texts[i].highlight = highlight
                t.texts[i].text = joined
            } else {
                t.texts[i].text = word
            }
            offset += word.count + 1
        }
    }

    /// Puts another song under the video: it plays from `start` in the song for the whole video
    /// (looping is not done: a song shorter than what remains stops at its end), keeping the old
    /// music's volume, fades and ducking. `duration` is the song's length.
    package mutating func setMusic(_ path: String, duration: RationalTime, start: RationalTime = .zero) throws(EditError) {
        try apply("music") { (t: inout Timeline) throws(EditError) in
            guard start < duration, !start.isNegative else {
                throw .outOfRange("the song is \(SlotAssignment.clock(duration)) long; the start must be inside it")
            }
            let old = t.audio.first { $0.id == "music" } ?? t.audio.first { $0.role == .music }
            let length = min(t.duration, duration - start)
            var music = AudioClip(
                id: "music", media: path, timelineRange: TimeRange(start: .zero, duration: t.frameRate.snap(length, rounding: .down)),
                sourceStart: start, volume: old?.volume ?? 1, fadeIn: old?.fadeIn ?? .zero,
                fadeOut: old?.fadeOut ?? .zero, ducking: old?.ducking)
            if music.fadeOut > music.timelineRange.duration { music.fadeOut = music.timelineRange.duration }
            if let old, let index = t.audio.firstIndex(of: old) { t.audio[index] = music } else { t.audio.insert(music, at: 0) }
            // The old song's beats are not this one's (`setMusic(_:start:loops:)` maps a song's).
            t.music = nil
        }
    }
}
