import TemplateFormat
import TimelineModel

/// Which media smart framing needs analysed: the subject analysis costs a pass over the file,
/// so only media that some place of the template would frame smart are analysed.
package enum SmartFraming {
    /// True when `asset` could land in a place that frames it smart: a slot or media layer with
    /// `fit: "smart"` that accepts its kind, or with `reframe` smart a `cover` one in which cover
    /// would cut away more than `settings.reframeCutAway` of its picture.
    package static func needsSubjects(
        _ asset: MediaAsset, template: Template, reframe: Reframe, settings: FramingSettings = .standard
    ) -> Bool {
        var places: [(fit: Fit, accepts: SlotAccepts, width: Double, height: Double)] = template.slots.map {
            ($0.fit, $0.accepts, Double(template.canvas.width), Double(template.canvas.height))
        }
        for layer in template.layers {
            if case .media(let m) = layer.content {
                places.append((m.fit, m.accepts, m.rect.width * Double(template.canvas.width), m.rect.height * Double(template.canvas.height)))
            }
        }
        return places.contains { place in
            guard place.accepts.accepts(asset.kind) else { return false }
            if place.fit == .smart { return true }
            guard place.fit == .cover, reframe == .smart else { return false }
            let window = CoverWindow(
                pictureWidth: Double(asset.displayWidth), pictureHeight: Double(asset.displayHeight), frameWidth: place.width,
                frameHeight: place.height)
            return window.cutAway > settings.reframeCutAway
        }
    }
}
