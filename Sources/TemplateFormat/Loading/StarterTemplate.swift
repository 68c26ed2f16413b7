import DocumentJSON
import MediaTime
import TimelineModel

/// The template `reel new-template` writes: small, valid, and showing the main features.
package enum StarterTemplate {
    /// A song for the starter, with the beats found in it.
    package struct Music: Sendable {
        /// The file's path inside the template folder (`music/track.m4a`).
        package var file: String
        /// Music time where the video starts: a downbeat, so that cuts counted in beats land on beats.
        package var start: RationalTime
        /// Music times of the beats, increasing (at least two).
        package var beats: [RationalTime]

        /// `start` should be a downbeat and `beats` increasing with at least two, as the starter counts slots in beats.
        package init(file: String, start: RationalTime, beats: [RationalTime]) {
            self.file = file
            self.start = start
            self.beats = beats
        }
    }

    /// The text of `template.json` for a template called `name`; with `music`, the slots and the
    /// title last a number of beats of it, and its beats are listed.
    package static func json(name: String, music: Music? = nil) -> String {
        let durations = music == nil ? ["2.5", "2", "3", "3"] : ["\"4 beats\"", "\"4 beats\"", "\"8 beats\"", "\"4 beats\""]
        var musicLine = ""
        if let music {
            let times = music.beats.map { JSONWriter.quoted(TimeText.string(from: $0)) }
            let rows = stride(from: 0, to: times.count, by: 8).map { "      " + times[$0..<min(times.count, $0 + 8)].joined(separator: ", ") }
            musicLine = """
                  "music": { "file": \(JSONWriter.quoted(music.file)), "start": \(JSONWriter.quoted(TimeText.string(from: music.start))), "fadeOut": 1,
                    "beats": [
                \(rows.joined(separator: ",\n"))
                    ] },

                """
        }
        return """
            {
              "format": 1,
              "name": \(JSONWriter.quoted(name)),
              "description": "Three shots with a title; replace this with one line about your template.",
              "canvas": { "preset": "9:16", "frameRate": "30", "background": "#000000" },
            \(musicLine)  "slots": [
                { "id": "opening", "accepts": "any", "duration": \(durations[0]), "motion": "zoomIn",
                  "transition": { "kind": "crossfade", "duration": 0.5 } },
                { "id": "middle", "accepts": "any", "duration": \(durations[1]), "transition": "dipToBlack" },
                { "id": "closing", "accepts": "any", "duration": \(durations[2]), "motion": { "kind": "panLeft", "amount": 1.2 } }
              ],
              "layers": [
                { "id": "title", "kind": "text", "key": "title", "text": "My trip", "size": 96, "minSize": 48,
                  "y": 0.8, "maxWidth": 0.85, "maxLines": 2, "shadow": { "color": "#00000099", "y": 4, "blur": 8 },
                  "duration": \(durations[3]), "in": "fade", "out": { "kind": "fade", "duration": 0.4 } }
              ],
              "grade": [{ "kind": "saturation", "amount": 1.1 }]
            }

            """
    }
}
