import DocumentJSON
import DocumentLimits
import MediaTime
import TemplateFormat
import TimelineModel

/// Fills a template's slots with the user's media and lays everything out on an exact timeline.
///
/// The resolver works on facts (`MediaAsset`), never files, and is deterministic: the same
/// template, media and options (seed included) give the same timeline, byte for byte. Its rules
/// are documented where they live: `MediaOrdering` (the order media come in), `SlotExpansion`
/// (`--use-all`), `MediaPicker` (which media fill which slot), `CutGrid` (where the cuts fall),
/// `SegmentChooser` and `VideoFitting` (which part of a video plays, at what speed),
/// `TransitionPlacement` (transitions and their handles), `MotionMapping` and `EffectMapping`
/// (motion and filters), `LayerMapping` (layers, texts), `CaptionMapping` (captions) and
/// `MusicPlacement` (music).
package enum Resolver {
    /// The timeline of `template` filled with `given` media; throws when no timeline can be made, and reports compromises as diagnostics.
    package static func resolve(
        template: Template, templateFolder: String, media given: [MediaAsset],
        options: ResolveOptions = ResolveOptions()
    ) throws(ResolveError) -> Resolution {
        guard !template.slots.isEmpty else { throw .noSlots(template: template.name) }
        guard !given.isEmpty else { throw .noMedia(template: template.name) }
        let keys = template.textKeys
        if let unknown = options.texts.keys.sorted().first(where: { !keys.contains($0) }) {
            throw .unknownTextKey(template: template.name, key: unknown, known: keys)
        }
        try checkTextLengths(options)
        let media = MediaOrdering.ordered(given, by: options.order)
        let rate = template.frameRate
        let file = AssetPath.join(templateFolder, TemplateLoader.fileName)
        let mediaLayers = template.layers.enumerated().compactMap { i, layer -> (index: Int, layer: LayerSpec, spec: MediaLayerSpec)? in
            if case .media(let spec) = layer.content { return (i, layer, spec) }
            return nil
        }
        let slots = try SlotExpansion.slots(
            of: template, media: media.map(\.kind), layerAccepts: mediaLayers.map(\.spec.accepts), useAll: options.useAll)
        guard let cuts = CutGrid.cuts(durations: slots.map(\.spec.duration), frameRate: rate) else {
            throw .timeOverflow(template: template.name, slot: slots.last?.spec.id ?? "")
        }
        let duration = cuts[cuts.count - 1]
        func slotLocation(_ i: Int) -> SourceLocation {
            SourceLocation(file: file, path: JSONPath.root.appending("slots").appending(slots[i].templateIndex))
        }

        // Where everything goes, before any medium is chosen.
        var places: [(place: ClipBuilder.Place, accepts: SlotAccepts, orientation: PreferredOrientation, location: SourceLocation)] = []
        var diagnostics: [Diagnostic] = []
        var exactStart = RationalTime.zero
        // Main-track places whose slot is written in beats, with the count (`VideoClip.beats`).
        var writtenBeats: [Int: RationalTime] = [:]
        for (i, placed) in slots.enumerated() {
            let slot = placed.spec
            let range = TimeRange(start: cuts[i], end: max(cuts[i], cuts[i + 1]))
            defer { exactStart = exactStart.addingReportingOverflow(slot.duration) ?? exactStart }
            guard !range.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .warning, .slotTooShort, "slot '\(slot.id)' is shorter than one frame once cuts are snapped; left out",
                        at: slotLocation(i), notes: ["make the slot at least one frame long"]))
                continue
            }
            var place = ClipBuilder.Place(
                id: slot.id, range: range, fit: slot.fit, volume: slot.volume, playback: slot.playback,
                motion: slot.motion, filters: slot.filters)
            place.shift = exactStart.subtractingReportingOverflow(range.start) ?? .zero
            if i > 0 { place.lead = rate.frameDuration * TransitionPlacement.frames(slots[i - 1].spec.transition, rate: rate).before }
            if i + 1 < slots.count { place.tail = rate.frameDuration * TransitionPlacement.frames(slot.transition, rate: rate).after }
            places.append((place, slot.accepts, slot.orientation, slotLocation(i)))
            if case .beats(let n) = slot.length { writtenBeats[places.count - 1] = n }
        }
        let mainCount = places.count
        for m in mediaLayers {
            guard let range = LayerMapping.range(of: m.layer, duration: duration, rate: rate) else { continue }
            let s = m.spec
            var place = ClipBuilder.Place(
                id: m.layer.id, range: range, fit: s.fit, volume: s.volume, playback: s.playback, motion: s.motion,
                filters: s.filters, layer: m.index + 1,
                frame: LayerRect(x: s.rect.x, y: s.rect.y, width: s.rect.width, height: s.rect.height),
                opacity: m.layer.opacity)
            place.blend = m.layer.blend
            place.key = s.key
            place.shift = m.layer.start.subtractingReportingOverflow(range.start) ?? .zero
            places.append((place, s.accepts, .any, SourceLocation(file: file, path: JSONPath.root.appending("layers").appending(m.index))))
        }

        // Fill every place, main track first.
        var picker = MediaPicker(
            media: media,
            requests: places.map {
                SlotRequest(accepts: $0.accepts, orientation: $0.orientation, sourceNeeded: $0.place.sourceNeeded)
            })
        var used = Array(repeating: [TimeRange](), count: media.count)
        var lastStillMotion = Array(repeating: String?.none, count: media.count)
        var generator = SeededGenerator(seed: options.seed)
        var assignments: [SlotAssignment] = []
        for (k, entry) in places.enumerated() {
            let (index, isFallback) = picker.pick(k)
            let asset = media[index]
            var stillMotion: String?
            if asset.kind == .image && entry.place.motion == nil {
                // Vary the moves, but never give a photo used again the move it had before.
                var choices = MotionMapping.stillMotions.filter { $0 != lastStillMotion[index] }
                if choices.isEmpty { choices = MotionMapping.stillMotions }
                stillMotion = choices[generator.next(below: choices.count)]
                lastStillMotion[index] = stillMotion
            }
            guard
                let made = ClipBuilder.make(
                    entry.place, asset: asset, used: used[index], stillMotion: stillMotion,
                    templateFolder: templateFolder,
                    framing: ClipBuilder.Framing(reframe: options.reframe, settings: options.framing, canvas: template.canvas, rate: rate))
            else {
                throw .timeOverflow(template: template.name, slot: entry.place.id)
            }
            if asset.kind == .video { used[index].append(made.clip.sourceRange) }
            var clip = made.clip
            clip.beats = writtenBeats[k]
            var assignment = SlotAssignment(
                number: k + 1, slotID: entry.place.id, media: asset, clip: clip,
                holdsLastFrame: made.holdsLastFrame, isKindFallback: isFallback, loops: made.loops)
            assignment.defaultMotion = made.drifts ? "drift" : made.holdsStill ? nil : stillMotion
            assignment.framedOn = made.framedOn
            diagnostics += findings(for: assignment, accepts: entry.accepts, at: entry.location)
            assignments.append(assignment)
        }

        // Transitions on the main track's cuts, checked against the handles of the clips beside them.
        var transitions: [Transition] = []
        let mainAssignments = Array(assignments.prefix(mainCount))
        for (a, b) in zip(mainAssignments, mainAssignments.dropFirst()) {
            guard let clipA = a.clip, let clipB = b.clip, clipA.timelineRange.end == clipB.timelineRange.start,
                let i = slots.firstIndex(where: { $0.spec.id == a.slotID })
            else { continue }
            let (transition, finding) = TransitionPlacement.place(
                slots[i].spec.transition,
                from: .init(clip: clipA, mediaDuration: a.media.duration, holdsLastFrame: a.holdsLastFrame),
                to: .init(clip: clipB, mediaDuration: b.media.duration, holdsLastFrame: b.holdsLastFrame),
                rate: rate, templateFolder: templateFolder,
                location: SourceLocation(file: file, path: JSONPath.root.appending("slots").appending(slots[i].templateIndex).appending("transition"))
            )
            if let transition { transitions.append(transition) }
            if let finding { diagnostics.append(finding) }
        }

        // Overlays and texts, stacked with the media layers in the template's order (layer i + 1).
        var overlays: [OverlayItem] = []
        var texts: [TextItem] = []
        for (i, layer) in template.layers.enumerated() {
            guard let range = LayerMapping.range(of: layer, duration: duration, rate: rate) else { continue }
            switch layer.content {
            case .media, .captions: break
            case .image(let spec):
                overlays.append(LayerMapping.overlay(layer, spec, range: range, templateFolder: templateFolder, stacking: i + 1))
            case .text(let spec):
                texts.append(
                    try LayerMapping.text(
                        layer, spec, range: range, templateFolder: templateFolder, texts: options.texts,
                        template: template.name, stacking: i + 1))
            }
        }

        if let captions = options.captions {
            // The template's captions layer gives the style, the window and the stacking, unless
            // the options choose the style.
            let layer = template.captionsLayer
            let style = options.resolvedCaptionStyle(template: template, templateFolder: templateFolder)
            let window =
                layer.map { LayerMapping.range(of: $0.layer, duration: duration, rate: rate) ?? TimeRange(start: duration, end: duration) }
                ?? TimeRange(start: .zero, end: duration)
            let (items, findings) = CaptionMapping.texts(
                captions, style: style, canvas: template.canvas, rate: rate, window: window, titles: texts,
                stacking: layer.map { $0.index + 1 })
            texts += items
            diagnostics += captions.diagnostics + findings
        }

        let unused = picker.unused.map { media[$0] }
        if !unused.isEmpty {
            let names = unused.map(\.path).joined(separator: ", ")
            diagnostics.append(
                Diagnostic(
                    .note, .mediaLeftOut, "\(unused.count) of \(media.count) media left out: \(names)",
                    at: SourceLocation(file: file, path: JSONPath.root.appending("slots")),
                    notes: [
                        options.useAll
                            ? "with --use-all a video has at most \(Limits.slotCount.upperBound) slots, and these did not fit"
                            : "the template has \(places.count) places for media; --use-all repeats its slots to take them all"
                    ]))
        }
        let clips = assignments.compactMap(\.clip)
        let listens = assignments.contains { a in a.media.hasAudio && a.clip.map { $0.kind == .video && $0.volume > 0 } == true }
        let music = MusicPlacement.audio(
            template.music, duration: duration, musicDuration: options.musicDuration, templateFolder: templateFolder)
        let sounds = SoundPlacement.audio(
            music: music, template: template, templateFolder: templateFolder, duration: duration, options: options, listens: listens)
        let audio = sounds.audio
        var timeline = Timeline(
            canvas: template.canvas, frameRate: rate, duration: duration, clips: clips, transitions: transitions,
            texts: texts, overlays: overlays, grade: EffectMapping.effects(template.grade, templateFolder: templateFolder, duration: duration),
            audio: audio, output: options.output, source: template.name, template: MediaPathText.standardized(templateFolder))
        if let grid = template.music?.beats { timeline.music = MusicMapping.map(grid: grid, timeline: timeline) }
        return Resolution(
            timeline: timeline, diagnostics: diagnostics, assignments: assignments,
            leftOut: given.filter { g in unused.contains(g) }, soundLines: sounds.lines)
    }

    private static func findings(for assignment: SlotAssignment, accepts: SlotAccepts, at location: SourceLocation) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let name = assignment.media.path
        if assignment.isKindFallback {
            found.append(
                Diagnostic(
                    .warning, .kindFallback,
                    "slot '\(assignment.slotID)' accepts \(accepts.rawValue)s only, but no \(accepts.rawValue) was given; used \(name)",
                    at: location, notes: ["add \(accepts == .image ? "an image" : "a video") to the media"]))
        }
        guard let clip = assignment.clip, clip.kind == .video, !assignment.loops else { return found }
        if assignment.holdsLastFrame {
            found.append(
                Diagnostic(
                    .warning, .videoTooShort,
                    "\(name) is too short for slot '\(assignment.slotID)'; its last frame is held",
                    at: location, notes: ["use a longer video for this slot"]))
        } else if clip.speed < RationalTime(seconds: 1) && clip.sourceRange.end == (assignment.media.duration ?? .zero)
            && clip.sourceRange.start.isZero
        {
            found.append(
                Diagnostic(
                    .note, .videoSlowed,
                    "\(name) slowed to \(SlotAssignment.decimal(clip.speed))x to fill slot '\(assignment.slotID)'",
                    at: location))
        }
        return found
    }

    /// Refuses a text a person gave that a timeline could not hold (what its reader checks, T017):
    /// a `--text` value, or a caption cue, whose text is shown whole (the words of a pop caption
    /// are shorter still).
    static func checkTextLengths(_ options: ResolveOptions) throws(ResolveError) {
        // Scalars first: counting characters walks grapheme clusters, slow on a long run of marks.
        func tooLong(_ s: String) -> Bool { s.unicodeScalars.count > Limits.maxTextScalars || s.count > Limits.maxLongText }
        for key in options.texts.keys.sorted() {
            guard let text = options.texts[key], tooLong(text) else { continue }
            throw .textTooLong(source: "--text \(key)", line: nil, characters: text.count, scalars: text.unicodeScalars.count)
        }
        for cue in options.captions?.cues ?? [] {
            let text = cue.text
            guard tooLong(text) else { continue }
            throw .textTooLong(
                source: options.captions?.file ?? "captions", line: cue.line, characters: text.count, scalars: text.unicodeScalars.count)
        }
    }
}
