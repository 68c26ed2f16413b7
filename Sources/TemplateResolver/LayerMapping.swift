import DocumentLimits
import MediaTime
import TemplateFormat
import TimelineModel

/// Turns a template's image and text layers into the timeline's overlays and texts, and places
/// every layer in time. A layer's stacking number is its index among the template's layers plus
/// one, whatever its kind, so media layers, images and texts keep the template's order (`Stacking`).
package enum LayerMapping {
    /// Where a layer plays: its start and end snapped to the nearest frame (ties later), cut at
    /// the end of the video; nil when nothing of it is left.
    package static func range(of layer: LayerSpec, duration: RationalTime, rate: FrameRate) -> TimeRange? {
        let start = min(rate.snap(layer.start, rounding: .toNearestOrAwayFromZero), duration)
        var end = duration
        if let d = layer.duration, let e = layer.start.addingReportingOverflow(d) {
            end = min(duration, rate.snap(e, rounding: .toNearestOrAwayFromZero))
        }
        return end > start ? TimeRange(start: start, end: end) : nil
    }

    /// The timeline's animation for a layer's entrance or exit; nil for none (`"none"` included).
    package static func animation(_ a: LayerAnimation?) -> LayerAnimation? {
        guard let a, a.kind != "none" else { return nil }
        return a
    }

    /// The overlay of an image layer over `range`, its motion and keyframes on the layer's exact start, its file in `templateFolder`.
    package static func overlay(_ layer: LayerSpec, _ spec: ImageLayerSpec, range: TimeRange, templateFolder: String, stacking: Int) -> OverlayItem {
        let frame = LayerRect(x: 0, y: 0, width: spec.width, height: spec.width)
        let shift = layer.start.subtractingReportingOverflow(range.start) ?? .zero
        var motion = MotionMapping.keyframes(spec.motion, duration: range.duration, frame: frame, shift: shift)
        if spec.rotation != 0 {
            if motion.isEmpty { motion = [TransformKeyframe(time: .zero)] }
            for i in motion.indices { motion[i].rotation += spec.rotation }
        }
        let anchor = spec.placement.anchor.point
        return OverlayItem(
            id: layer.id, media: AssetPath.join(templateFolder, spec.file), timelineRange: range,
            x: spec.placement.x, y: spec.placement.y, anchorX: anchor.x, anchorY: anchor.y, width: spec.width,
            opacity: layer.opacity, motion: motion,
            animationIn: animation(spec.animationIn), animationOut: animation(spec.animationOut), layer: stacking,
            blend: layer.blend)
    }

    /// The text item of a text layer; its string is the person's text for its key, else the
    /// template's. A key with neither is an error naming the key.
    package static func text(
        _ layer: LayerSpec, _ spec: TextLayerSpec, range: TimeRange, templateFolder: String, texts: [String: String],
        template: String, stacking: Int
    ) throws(ResolveError) -> TextItem {
        var string = spec.text
        if let key = spec.key {
            if let given = texts[key] { string = given }
            guard !string.isEmpty else { throw .missingText(template: template, key: key) }
        }
        let anchor = spec.placement.anchor.point
        return TextItem(
            id: layer.id, text: string, timelineRange: range, look: look(spec, templateFolder: templateFolder),
            x: spec.placement.x, y: spec.placement.y, anchorX: anchor.x, anchorY: anchor.y, maxWidth: spec.maxWidth,
            maxLines: spec.maxLines, animationIn: animation(spec.animationIn), animationOut: animation(spec.animationOut),
            layer: stacking, blend: layer.blend)
    }

    /// The layer's look with its font file found in the template folder.
    package static func look(_ spec: TextLayerSpec, templateFolder: String) -> TextLook {
        var look = spec.look
        look.fontFile = look.fontFile.map { AssetPath.join(templateFolder, $0) }
        return look
    }
}

/// Lays the template's music under the video.
///
/// The music starts at video time 0 from its `start` and fades in and out as the template says.
/// When its length is known and it ends before the video: a looping music starts over from its
/// `start`, back to back, as many times as needed (the fade out on the last piece only); a music
/// that does not loop stops at its end. Its ducking is `SoundPlacement`'s.
package enum MusicPlacement {
    /// The music's clips from video time 0 to `duration`: one, or back-to-back pieces when it loops; empty without music.
    package static func audio(
        _ music: MusicSpec?, duration: RationalTime, musicDuration: RationalTime?, templateFolder: String
    ) -> [AudioClip] {
        guard let music, duration.isPositive else { return [] }
        let media = AssetPath.join(templateFolder, music.file)
        let piece = musicDuration.flatMap { $0.subtractingReportingOverflow(music.start) }.flatMap { $0.isPositive ? $0 : nil }
        var clips: [AudioClip] = []
        var at = RationalTime.zero
        while at < duration {
            let length = piece.map { min($0, duration - at) } ?? (duration - at)
            let id = clips.isEmpty ? "music" : "music-\(clips.count + 1)"
            clips.append(
                AudioClip(
                    id: id, media: media, timelineRange: TimeRange(start: at, duration: length), sourceStart: music.start,
                    volume: music.volume, fadeIn: clips.isEmpty ? music.fadeIn : .zero, fadeOut: .zero))
            at = at + length
            if !music.loop || clips.count >= Limits.maxAudioClips { break }
        }
        if !clips.isEmpty { clips[clips.count - 1].fadeOut = min(music.fadeOut, clips[clips.count - 1].timelineRange.duration) }
        return clips
    }
}
