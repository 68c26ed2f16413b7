import MediaTime
import TemplateFormat
import TimelineModel

/// Makes the clip of one slot (or media layer) from the medium picked for it: which part plays, at
/// what speed, how it moves and what filters it gets.
package enum ClipBuilder {
    /// Everything about a place on the timeline that does not depend on the medium.
    package struct Place {
        /// The clip's id in the timeline: the slot's or layer's (`<id>-2` for a repeated slot).
        package var id: String
        /// Where the clip sits on the timeline, on the frame grid; its duration is what the medium must fill.
        package var range: TimeRange
        /// How the template frames the medium; `cover` may still become `smart` under `--reframe smart`.
        package var fit: Fit
        /// Gain of the medium's own sound, from the slot or layer (0 mutes it).
        package var volume: Double
        /// The speed and the rules for media too short or too long, as the template wrote them.
        package var playback: Playback
        /// The template's move; nil lets a photo take the run's still-motion preset.
        package var motion: MotionSpec?
        /// The template's filters, mapped to timeline effects with their keyframes on the clip's time.
        package var filters: [EffectSpec]
        /// 0 for the main track; a media layer's index among the template's layers plus one.
        package var layer: Int = 0
        /// The rectangle of the canvas the clip fills, in fractions; the whole canvas on the main track.
        package var frame: LayerRect = .full
        /// The layer's opacity, 0...1; 1 on the main track.
        package var opacity: Double = 1
        /// The layer's blend mode; `normal` on the main track.
        package var blend = "normal"
        /// The media layer's key; nil on the main track.
        package var key: EffectSpec?
        /// Timeline time the transitions on either side reach beyond the cuts (see `TransitionPlacement`).
        package var lead: RationalTime = .zero
        var tail: RationalTime = .zero
        /// The exact start the template gives the item minus `range.start` (its start on the frame
        /// grid), so that keyframes written as times keep to the exact time.
        package var shift: RationalTime = .zero

        /// Source time the place plays at its written speed.
        var sourceNeeded: RationalTime { (try? range.duration.multiplied(by: playback.speed)) ?? range.duration }
    }

    /// The clip made, and what it had to do to fill its place, for the resolution's notes.
    package struct Made {
        /// The timeline clip, ready to be appended: source range, speed, motion, filters and crop chosen.
        package var clip: VideoClip
        /// True when the video runs out before the place ends and its last frame is held (`freeze`, or `speedFit` past its slowest).
        package var holdsLastFrame: Bool
        /// True when the video is played again from its start to fill the place (`whenShorter: loop`).
        package var loops: Bool
        /// What a smart clip was framed on (see `SlotAssignment.framedOn`).
        var framedOn: String?
        /// True when a photo's default move became a drift toward its subject.
        var drifts = false
        /// True when a photo's default move was dropped: none kept its subject in view.
        var holdsStill = false
    }

    /// How the clips are framed: the options' `reframe` and settings, on the canvas.
    package struct Framing {
        /// Whether `cover` places that cut away much of the picture are framed on their subjects.
        package var reframe: Reframe = .cover
        /// The thresholds and camera limits smart framing keeps to.
        package var settings: FramingSettings = .standard
        /// The output canvas, to measure how much of each picture a place cuts away; the default is portrait 1080 × 1920.
        package var canvas: Canvas = Canvas(width: 1080, height: 1920)
        /// The timeline's frame rate, the grid a smart camera path's keyframes are put on.
        package var rate: FrameRate = FrameRate(30)
    }

    /// The clip; `used` are the earlier segments of this medium, `stillMotion` the preset a photo
    /// gets when the place names no motion. Nil when exact arithmetic overflows.
    package static func make(
        _ place: Place, asset: MediaAsset, used: [TimeRange], stillMotion: String?, templateFolder: String, framing: Framing = Framing()
    ) -> Made? {
        guard var made = unframed(place, asset: asset, used: used, stillMotion: stillMotion, templateFolder: templateFolder) else {
            return nil
        }
        let window = CoverWindow(
            pictureWidth: Double(asset.displayWidth), pictureHeight: Double(asset.displayHeight),
            frameWidth: place.frame.width * Double(framing.canvas.width), frameHeight: place.frame.height * Double(framing.canvas.height))
        let smart =
            place.fit == .smart || (place.fit == .cover && framing.reframe == .smart && window.cutAway > framing.settings.reframeCutAway)
        guard smart else { return made }
        made.clip.fit = .smart
        guard let subjects = asset.subjects else {
            made.framedOn = "the centre (not analysed)"
            return made
        }
        if asset.kind == .image {
            let focus = PhotoFraming.focus(subjects, window: window)
            made.clip.crop = PhotoFraming.crop(focus, window: window)
            if place.motion == nil, stillMotion != nil,
                let drift = PhotoFraming.drift(toward: focus, window: window, duration: place.range.duration, frame: place.frame)
            {
                // No zoom that keeps the subject in view: the photo holds still rather than lose it.
                made.clip.motion = drift
                made.drifts = !drift.isEmpty
                made.holdsStill = drift.isEmpty
            }
            made.framedOn = describe(focus)
        } else {
            made.clip.crop = CameraPath.keyframes(
                CameraPath.Clip(made.clip, mediaDuration: asset.duration), subjects: subjects, window: window, rate: framing.rate,
                settings: framing.settings)
            let first = subjects.samples.lazy.compactMap { SubjectFocus.of($0.boxes, window: window) }.first
            made.framedOn = describe(made.clip.crop.isEmpty ? nil : first)
        }
        return made
    }

    /// `2 faces`, `a face`, `the salient region`, `the centre`.
    package static func describe(_ focus: SubjectFocus?) -> String {
        guard let focus else { return "the centre" }
        switch focus.faces {
        case 0: return "the salient region"
        case 1: return "a face"
        default: return "\(focus.faces) faces"
        }
    }

    /// The clip as `cover` would have it: its source range, speed, motion and filters.
    static func unframed(_ place: Place, asset: MediaAsset, used: [TimeRange], stillMotion: String?, templateFolder: String) -> Made? {
        let d = place.range.duration
        var clip = VideoClip(
            id: place.id, media: asset.path, kind: asset.kind, timelineRange: place.range,
            sourceRange: TimeRange(start: .zero, duration: d), orientation: asset.orientation, fit: place.fit,
            volume: place.volume, layer: place.layer, frame: place.frame, opacity: place.opacity, blend: place.blend,
            key: place.key.map(EffectMapping.key))
        clip.filters = EffectMapping.effects(place.filters, templateFolder: templateFolder, duration: d, shift: place.shift)
        var motion = place.motion
        if motion == nil, asset.kind == .image, let preset = stillMotion {
            motion = .preset(kind: preset, parameters: ["amount": .number(MotionMapping.stillAmount)])
        }
        clip.motion = MotionMapping.keyframes(motion, duration: d, frame: place.frame, shift: place.shift)
        guard asset.kind == .video else { return Made(clip: clip, holdsLastFrame: false, loops: false) }

        let available = asset.duration ?? .zero
        let needed = place.sourceNeeded
        var start = RationalTime.zero
        if available >= needed {
            let speed = place.playback.speed
            // A reversed clip shows its source end first: its timeline lead lies after the segment.
            let before = (try? (place.playback.reverse ? place.tail : place.lead).multiplied(by: speed)) ?? .zero
            let after = (try? (place.playback.reverse ? place.lead : place.tail).multiplied(by: speed)) ?? .zero
            start = SegmentChooser.start(
                for: SegmentChooser.Request(
                    available: available, needed: needed, rule: place.playback.whenLonger,
                    scores: asset.segmentScores, lead: before, tail: after, used: used))
        }
        guard let fit = VideoFitting.fit(available: available, start: start, needed: d, playback: place.playback) else { return nil }
        clip.sourceRange = fit.sourceRange
        clip.speed = fit.speed
        clip.loop = fit.loops
        clip.reverse = place.playback.reverse
        return Made(clip: clip, holdsLastFrame: fit.holdsLastFrame, loops: fit.loops)
    }
}
