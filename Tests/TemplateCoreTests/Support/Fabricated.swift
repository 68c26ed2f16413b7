import MediaTime
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Exact seconds from a decimal literal's text: `seconds("2.5")`.
func seconds(_ text: String) -> RationalTime {
    guard let t = RationalTime(decimalString: text) else { preconditionFailure("not a decimal: \(text)") }
    return t
}

func video(_ path: String, _ duration: String, orientation: Orientation = .upright) -> MediaAsset {
    MediaAsset(
        path: path, kind: .video, duration: seconds(duration), displayWidth: 1080, displayHeight: 1920,
        orientation: orientation, frameRate: FrameRate(30), hasAudio: true)
}

func image(_ path: String) -> MediaAsset {
    MediaAsset(path: path, kind: .image, duration: nil, displayWidth: 3024, displayHeight: 4032)
}

/// A template of slots with the given durations (seconds as decimal text) at `rate`.
func template(
    _ durations: [String], accepts: [SlotAccepts]? = nil, rate: FrameRate = FrameRate(30),
    music: MusicSpec? = nil
) -> Template {
    let slots = durations.enumerated().map { i, d in
        SlotSpec(id: "s\(i + 1)", accepts: accepts?[i] ?? .any, duration: seconds(d))
    }
    return Template(name: "Test", canvas: Canvas(width: 1080, height: 1920), frameRate: rate, music: music, slots: slots)
}
