import MediaTime

/// Fills a template's slots with the user's media and lays them out on an exact timeline.
///
/// The resolver works on facts (`MediaAsset`), never files, and is deterministic: the same
/// template, media and options give the same timeline. Its rules are documented where they live:
/// `MediaPicker` (which media fill which slot), `CutGrid` (where the cuts fall on the frame grid),
/// `VideoFitting` (which part of a video plays, and at what speed).
public enum Resolver {
    public static func resolve(template: Template, templateFolder: String, media: [MediaAsset],
                               options: ResolveOptions = ResolveOptions()) throws(ResolveError) -> Resolution {
        guard !template.slots.isEmpty else { throw .noSlots(template: template.name) }
        guard !media.isEmpty else { throw .noMedia(template: template.name) }
        guard let cuts = CutGrid.cuts(durations: template.slots.map(\.duration), frameRate: template.frameRate) else {
            throw .timeOverflow(template: template.name, slot: template.slots.last?.id ?? "")
        }
        let file = AssetPath.join(templateFolder, TemplateLoader.fileName)
        var picker = MediaPicker(media: media)
        var nextStart = Array(repeating: RationalTime.zero, count: media.count)
        var assignments: [SlotAssignment] = []
        var diagnostics: [Diagnostic] = []

        for (i, slot) in template.slots.enumerated() {
            let location = SourceLocation(file: file, path: JSONPath.root.appending("slots").appending(i))
            let range = TimeRange(start: cuts[i], end: max(cuts[i], cuts[i + 1]))
            guard !range.isEmpty else {
                diagnostics.append(Diagnostic(.warning, .slotTooShort, "slot '\(slot.id)' is shorter than one frame once cuts are snapped; left out",
                                              at: location, notes: ["make the slot at least one frame long"]))
                continue
            }
            let (index, isFallback) = picker.pick(for: slot.accepts)
            let asset = media[index]
            var clip = VideoClip(id: slot.id, media: asset.path, kind: asset.kind, timelineRange: range,
                                 sourceRange: TimeRange(start: .zero, duration: range.duration),
                                 orientation: asset.orientation, fit: slot.fit, volume: slot.volume)
            var holds = false
            if asset.kind == .video {
                guard let fit = VideoFitting.fit(available: asset.duration ?? .zero, from: nextStart[index], needed: range.duration) else {
                    throw .timeOverflow(template: template.name, slot: slot.id)
                }
                clip.sourceRange = fit.sourceRange
                clip.speed = fit.speed
                holds = fit.holdsLastFrame
                nextStart[index] = fit.nextStart
            }
            let assignment = SlotAssignment(number: i + 1, slotID: slot.id, media: asset, clip: clip, holdsLastFrame: holds,
                                            isKindFallback: isFallback)
            diagnostics += findings(for: assignment, accepts: slot.accepts, at: location)
            assignments.append(assignment)
        }

        let unused = picker.unused.map { media[$0] }
        if !unused.isEmpty {
            let names = unused.map(\.path).joined(separator: ", ")
            diagnostics.append(Diagnostic(.note, .mediaLeftOut, "\(unused.count) of \(media.count) media left out: \(names)",
                                          at: SourceLocation(file: file, path: JSONPath.root.appending("slots")),
                                          notes: ["the template has \(template.slots.count) slots; use a template with more slots to include them"]))
        }
        let duration = cuts[cuts.count - 1]
        var audio: [AudioClip] = []
        if let music = template.music {
            audio.append(AudioClip(id: "music", media: AssetPath.join(templateFolder, music.file),
                                   timelineRange: TimeRange(start: .zero, duration: duration), sourceStart: music.start,
                                   volume: music.volume, fadeIn: music.fadeIn, fadeOut: music.fadeOut))
        }
        let timeline = Timeline(canvas: template.canvas, frameRate: template.frameRate, duration: duration,
                                clips: assignments.compactMap(\.clip), audio: audio, output: options.output, source: template.name)
        return Resolution(timeline: timeline, diagnostics: diagnostics, assignments: assignments, leftOut: unused)
    }

    private static func findings(for assignment: SlotAssignment, accepts: SlotAccepts, at location: SourceLocation) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let name = assignment.media.path
        if assignment.isKindFallback {
            found.append(Diagnostic(.warning, .kindFallback,
                                    "slot '\(assignment.slotID)' accepts \(accepts.rawValue)s only, but no \(accepts.rawValue) was given; used \(name)",
                                    at: location, notes: ["add \(accepts == .image ? "an image" : "a video") to the media"]))
        }
        guard let clip = assignment.clip, clip.kind == .video else { return found }
        if assignment.holdsLastFrame {
            found.append(Diagnostic(.warning, .videoTooShort,
                                    "\(name) is too short for slot '\(assignment.slotID)' even at half speed; its last frame is held",
                                    at: location, notes: ["use a longer video for this slot"]))
        } else if clip.speed < RationalTime(seconds: 1) {
            found.append(Diagnostic(.note, .videoSlowed,
                                    "\(name) slowed to \(SlotAssignment.decimal(clip.speed))x to fill slot '\(assignment.slotID)'",
                                    at: location))
        }
        return found
    }
}
