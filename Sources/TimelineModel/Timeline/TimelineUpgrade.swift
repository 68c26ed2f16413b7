import DocumentJSON
import DocumentLimits
import MediaTime

/// Brings a timeline document of an earlier format up to `Timeline.currentFormat`, on the untyped
/// JSON tree, before the typed reading (`TimelineDecoder` reads the current format alone).
///
/// Each step takes one version to the next, as OpenTimelineIO upgrades its schemas, so a
/// timeline written by any earlier Reel stays readable; a later format, or one Reel never wrote,
/// is refused (T010). The upgraded document keeps the original text's positions: a value that
/// an upgrade renames is reported where it was written.
///
/// ```
/// format 1 ──(duck → ducking)──► format 2 ──(adds blend, key)──► format 3 ──► TimelineDecoder
/// ```
package enum TimelineUpgrade {
    /// The oldest format Reel reads.
    static let oldestFormat = 1

    /// The document at `Timeline.currentFormat`. A document whose `format` cannot be read is
    /// given back as it is, for the typed reading to report.
    static func upgrade(_ document: JSONDocument, reader: TimelineReader) throws(TimelineCodingError) -> JSONDocument {
        guard var root = document.root.objectValue, let value = root["format"], let format = value.numberValue?.intValue else {
            return document
        }
        let path = JSONPath.root.appending("format")
        if format > Timeline.currentFormat {
            throw reader.failure(
                "timeline format \(format) needs a newer version of Reel; this one reads formats \(oldestFormat) to \(Timeline.currentFormat)",
                at: path, code: .unsupportedFormat, notes: ["open it with a newer version of Reel"])
        }
        if format < oldestFormat {
            throw reader.failure(
                "timeline format \(format) is not one Reel has written; this version reads formats \(oldestFormat) to \(Timeline.currentFormat)",
                at: path, code: .unsupportedFormat,
                notes: ["write \"format\": \(Timeline.currentFormat) and the fields docs/timeline-format.md describes"])
        }
        var map = document.sourceMap
        if format == 1 { fromFormat1(&root, map: &map, reader: reader) }
        root["format"] = .number(JSONNumber(Timeline.currentFormat))
        return JSONDocument(root: .object(root), sourceMap: map)
    }

    /// Format 1 to 2: a sound's `"duck": g` (a gain while any clip kept its sound) becomes the
    /// `ducking` of the same depth (`Ducking(legacyGain:)`); `template` did not exist.
    static func fromFormat1(_ root: inout JSONObject, map: inout JSONSourceMap, reader: TimelineReader) {
        if root["template"] != nil {
            reader.report(
                "'template' is a key of format 2; this timeline says format 1", at: JSONPath.root.appending("template"), code: .unknownKey,
                notes: ["write \"format\": 2, or remove it"], atKey: true)
            root["template"] = nil
        }
        guard var sounds = root["audio"]?.arrayValue else { return }
        for (i, value) in sounds.enumerated() {
            guard var sound = value.objectValue, let duck = sound["duck"] else { continue }
            let path = JSONPath.root.appending("audio").appending(i)
            sound["duck"] = nil
            if sound["ducking"] != nil {
                reader.report(
                    "both \"ducking\" and the older \"duck\" are given", at: path.appending("duck"), code: .conflictingKeys,
                    notes: ["keep \"ducking\"; \"duck\" is what timelines wrote before it"])
            } else if let gain = reader.attempt({ () throws(TimelineCodingError) in
                try reader.number(duck, at: path.appending("duck"), in: Limits.duck, code: .volumeRange)
            }), let ducking = Ducking(legacyGain: gain) {
                // The same depth, now driven by the sound heard.
                sound["ducking"] = TimelineEncoder.ducking(ducking)
                map = map.moving(path.appending("duck"), to: path.appending("ducking"))
            }
            sounds[i] = .object(sound)
        }
        root["audio"] = .array(sounds)
    }
}
