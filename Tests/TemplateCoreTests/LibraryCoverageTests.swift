import Foundation
import Testing

@testable import EffectCatalog
@testable import TemplateFormat
@testable import TimelineModel

/// The shipped templates are the product's shop window: together they must use every effect of
/// the catalog and cover the shapes people post in.
@Suite struct LibraryCoverageTests {
    /// Every template of templates/, loaded (shippedTemplatesLoadWithoutFindings checks they are clean).
    static func library() throws -> [(name: String, template: Template)] {
        let folder = RepositoryFiles.root.appendingPathComponent("templates")
        var result: [(String, Template)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let path = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path.appendingPathComponent("template.json").path) else { continue }
            let loaded = try TemplateLoader.load(folder: path.path)
            let template = try #require(loaded.template, "\(name): \(loaded.diagnostics.rendered())")
            result.append((name, template))
        }
        return result
    }

    /// The ids each template names, by family.
    struct Uses {
        var ids: [EffectFamily: [String: Set<String>]] = [:]

        mutating func add(_ family: EffectFamily, _ id: String, by template: String) {
            ids[family, default: [:]][id, default: []].insert(template)
        }

        mutating func add(_ motion: MotionSpec?, by template: String) {
            switch motion {
            case .preset(let kind, _)?: add(.motion, kind, by: template)
            case .keyframes(let poses)?: for pose in poses { add(.easing, pose.easing.rawValue, by: template) }
            case nil: break
            }
        }

        mutating func add(_ filters: [EffectSpec], by template: String) {
            for filter in filters {
                add(.filter, filter.kind, by: template)
                for case .keyframes(let keys) in filter.parameters.values {
                    for key in keys { add(.easing, key.easing.rawValue, by: template) }
                }
            }
        }

        mutating func add(_ animations: LayerAnimation?..., by template: String) {
            for animation in animations { if let animation { add(.textAnimation, animation.kind, by: template) } }
        }
    }

    static func uses(of library: [(name: String, template: Template)]) -> Uses {
        var uses = Uses()
        for (name, template) in library {
            for slot in template.slots {
                if let transition = slot.transition {
                    uses.add(.transition, transition.kind, by: name)
                    uses.add(.easing, transition.easing.rawValue, by: name)
                }
                uses.add(slot.motion, by: name)
                uses.add(slot.filters, by: name)
            }
            for layer in template.layers {
                switch layer.content {
                case .media(let media):
                    uses.add(media.motion, by: name)
                    uses.add(media.filters, by: name)
                case .image(let image):
                    uses.add(image.motion, by: name)
                    uses.add(image.animationIn, image.animationOut, by: name)
                case .text(let text):
                    uses.add(text.animationIn, text.animationOut, by: name)
                case .captions:
                    break
                }
            }
            uses.add(template.grade, by: name)
        }
        return uses
    }

    @Test func everyCatalogEntryIsUsedBySomeShippedTemplate() throws {
        let library = try Self.library()
        let uses = Self.uses(of: library)
        for family in [EffectFamily.transition, .filter, .motion, .textAnimation, .easing] {
            let used = uses.ids[family] ?? [:]
            let missing = Catalog.ids(of: family).filter { used[$0] == nil }
            #expect(missing.isEmpty, "no shipped template uses the \(family.singular)s \(missing.joined(separator: ", "))")
        }
    }

    @Test func theLibraryCoversTheUsualShapes() throws {
        let library = try Self.library()
        #expect(library.count >= 10, "\(library.map(\.name))")
        let shapes = Set(library.map { "\($0.template.canvas.width)x\($0.template.canvas.height)" })
        for shape in ["1080x1920", "1920x1080", "1080x1080", "1080x1350"] {
            #expect(shapes.contains(shape), "no template of \(shape): \(shapes.sorted())")
        }
        #expect(
            library.contains { $0.template.canvas.width * $0.template.canvas.height <= 320 * 320 },
            "a chat-sized template (about 240x320)")
    }

    @Test func shippedTemplatesAreShortAndCutOnTheirMusic() throws {
        for (name, template) in try Self.library() {
            let seconds = try #require(template.totalDuration, "\(name)").seconds
            #expect((6...30).contains(seconds), "\(name): \(seconds) s; shipped templates stay short so the demo and CI render them quickly")
            let music = try #require(template.music, "\(name) has music")
            #expect(music.beats != nil, "\(name): its music lists its beats")
            #expect(template.name.count > 0 && template.description?.isEmpty == false && template.license != nil, "\(name)")
        }
    }

    @Test func everyShippedTemplateHasALicenceFile() throws {
        for (name, _) in try Self.library() {
            let file = RepositoryFiles.root.appendingPathComponent("templates/\(name)/LICENSE.md")
            #expect(FileManager.default.fileExists(atPath: file.path), "templates/\(name)/LICENSE.md")
        }
    }

    /// The sound features people read about are heard in the templates they get: at least four
    /// keep the clips' own sound (a video slot at a volume above 0) with the music ducked under
    /// it, and at least two play sound effects.
    @Test func theLibraryLetsTheClipsBeHeardAndPlaysEffects() throws {
        let library = try Self.library()
        let voiced = library.filter { entry in
            entry.template.ducking != nil && entry.template.slots.contains { $0.accepts != .image && $0.volume > 0 }
        }
        #expect(voiced.count >= 4, "templates keeping the clips' sound under ducked music: \(voiced.map(\.name))")
        let effects = library.filter { !$0.template.sounds.isEmpty }
        #expect(effects.count >= 2, "templates with sound effects: \(effects.map(\.name))")
    }
}
