import MediaTime
import TemplateFormat
import TimelineModel

/// Lays the sounds beyond the music under the video: the voice-over where the template's voice
/// slot says, the template's sound effects at their times, and the template's ducking on the
/// music when something can be heard under it.
///
/// ```
/// video   |=========================== duration ===========================|
/// voice        |start ====== its length ====================================|~~ cut, faded out
/// effect            |at == file or duration ==|
/// music   |========= ducked (by the mixer) under the clips' sound and the voice ==========|
/// ```
///
/// A voice given to a template without a voice slot starts at 0 (`VoiceSpec.standard`); a voice
/// longer than the rest of the video is cut at its end, fading out over at least
/// `VoiceSpec.cutFade`, and the summary says how much was not heard. Effects and voices starting
/// at or after the end of the video are left out (the template's validation warned, T080).
package enum SoundPlacement {
    /// The audio clips laid, and the summary's lines about them.
    package struct Placed {
        /// The music (ducked when something is heard under it), then the voice, then the effects.
        package var audio: [AudioClip]
        /// The summary's lines about the voice-over: where it went, and what the video's end cut of it.
        package var lines: [String]
    }

    /// `music` with the template's ducking when a clip keeps its sound (`listens`) or a voice is
    /// given, then the voice and the effects.
    package static func audio(
        music: [AudioClip], template: Template, templateFolder: String, duration: RationalTime, options: ResolveOptions,
        listens: Bool
    ) -> Placed {
        var audio = music
        var lines: [String] = []
        var voiceHeard = false
        if let given = options.voice {
            let slot = template.voice ?? .standard
            if slot.start < duration {
                let rest = duration - slot.start
                let length = given.duration.map { min($0, rest) } ?? rest
                let cut = given.duration.map { $0 > rest } ?? false
                var fadeOut = min(slot.fadeOut, length)
                if cut { fadeOut = min(max(slot.fadeOut, VoiceSpec.cutFade), length) }
                audio.append(
                    AudioClip(
                        id: "voice", media: given.path, role: .voice, timelineRange: TimeRange(start: slot.start, duration: length),
                        volume: slot.volume, fadeIn: min(slot.fadeIn, length), fadeOut: fadeOut))
                voiceHeard = slot.volume > 0
                var line = "voice <- \(fileName(given.path)) \(clock(.zero))-\(clock(length)) at \(clock(slot.start))"
                if cut, let whole = given.duration {
                    line += ", cut at the video's end (\(seconds(whole - length)) s not heard), faded out over \(seconds(fadeOut)) s"
                }
                lines.append(line)
            } else {
                lines.append("voice <- \(fileName(given.path)) not heard: the template starts it at \(clock(slot.start)), after the video")
            }
        }
        for (i, sound) in template.sounds.enumerated() where sound.at < duration {
            let rest = duration - sound.at
            let own = options.soundDurations[sound.file]
            let length = min(rest, sound.duration ?? (sound.loop ? rest : own ?? rest))
            guard length.isPositive else { continue }
            audio.append(
                AudioClip(
                    id: "sound-\(i + 1)", media: AssetPath.join(templateFolder, sound.file), role: .effect,
                    timelineRange: TimeRange(start: sound.at, duration: length), volume: sound.volume,
                    fadeIn: min(sound.fadeIn, length), fadeOut: min(sound.fadeOut, length), loop: sound.loop))
        }
        if let ducking = template.ducking, listens || voiceHeard {
            for i in audio.indices where audio[i].role == .music { audio[i].ducking = ducking }
        }
        return Placed(audio: audio, lines: lines)
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func clock(_ t: RationalTime) -> String { SlotAssignment.clock(t) }

    /// Seconds with two decimals, for people.
    private static func seconds(_ t: RationalTime) -> String {
        let hundredths = t.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        let f = hundredths % 100
        return "\(hundredths / 100).\(f < 10 ? "0" : "")\(f)"
    }
}
