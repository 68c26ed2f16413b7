import MediaTime
import TimelineModel

/// The cues of a timeline's captions, whole, as a subtitle stream carries them: a plain or box cue
/// is its text item (`caption-N`); a karaoke or pop cue is its word items (`caption-N.M`) together,
/// from the first word's start to the last's end, with the cue's text (a karaoke item holds it
/// whole; pop items hold a word each).
package enum CaptionCues {
    /// The id of cue `number` (from 1), and of its word `word` (from 1).
    package static func id(_ number: Int, word: Int? = nil) -> String {
        word.map { "caption-\(number).\($0)" } ?? "caption-\(number)"
    }

    /// The cue number a caption text's id names, and whether it is one word of the cue.
    package static func parse(_ id: String) -> (number: Int, isWord: Bool)? {
        guard id.hasPrefix("caption-") else { return nil }
        let parts = id.dropFirst("caption-".count).split(separator: ".", omittingEmptySubsequences: false)
        guard let n = Int(parts[0]), n > 0, parts.count <= 2, parts.count == 1 || Int(parts[1]) != nil else { return nil }
        return (n, parts.count == 2)
    }

    /// Whether `id` names one word item of the cue `cue` (`caption-3.2` of `caption-3`).
    package static func isWord(_ id: String, ofCue cue: String) -> Bool {
        guard let word = parse(id), word.isWord, let whole = parse(cue), !whole.isWord else { return false }
        return word.number == whole.number
    }

    /// Every cue of `timeline`'s captions, in time order.
    package static func cues(of timeline: Timeline) -> [(range: TimeRange, text: String)] {
        var order: [Int] = []
        var byNumber: [Int: (range: TimeRange, texts: [String], whole: String?)] = [:]
        for item in timeline.texts {
            guard let (number, isWord) = parse(item.id) else { continue }
            if var cue = byNumber[number] {
                cue.range = TimeRange(start: min(cue.range.start, item.timelineRange.start), end: max(cue.range.end, item.timelineRange.end))
                cue.texts.append(item.text)
                if item.highlight != nil { cue.whole = cue.whole ?? item.text }
                byNumber[number] = cue
            } else {
                order.append(number)
                let whole = !isWord || item.highlight != nil ? item.text : nil
                byNumber[number] = (item.timelineRange, [item.text], whole)
            }
        }
        return order.compactMap { n in byNumber[n].map { ($0.range, $0.whole ?? $0.texts.joined(separator: " ")) } }
            .sorted { $0.range.start < $1.range.start }
    }
}
