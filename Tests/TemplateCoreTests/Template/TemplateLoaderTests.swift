import Foundation
import MediaTime
import Testing

@testable import TemplateFormat
@testable import TimelineModel

@Suite struct TemplateLoaderTests {
    @Test func loadsTheValidTemplate() throws {
        let fixture = try TemplateFixture()
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        let template = try #require(result.template)
        #expect(template.name == "Postcard")
        #expect(template.description == "Six shots cut to music")
        #expect(template.canvas == Canvas(width: 1080, height: 1920, background: .black))
        #expect(template.frameRate == FrameRate(30))
        #expect(
            template.music
                == MusicSpec(
                    file: "music/track.m4a", start: .zero, volume: 0.8, fadeIn: .zero,
                    fadeOut: RationalTime(value: 3, timescale: 2)))
        #expect(
            template.slots == [
                SlotSpec(id: "opening", accepts: .any, duration: RationalTime(value: 5, timescale: 2), fit: .cover, volume: 0),
                SlotSpec(id: "two", accepts: .video, duration: RationalTime(value: 8, timescale: 5), length: .frames(48)),
            ])
        #expect(result.templateFile == fixture.templateFile)
    }

    @Test func musicIsOptionalAndDefaultsApply() throws {
        let fixture = try TemplateFixture(
            json: """
                { "format": 1, "name": "Bare", "canvas": { "width": 720, "height": 1280, "frameRate": 25 },
                  "slots": [{ "id": "a", "duration": "3003/30000s" }] }
                """)
        defer { fixture.remove() }
        let template = try #require(try fixture.load().template)
        #expect(template.music == nil)
        #expect(template.canvas.background == .black)
        #expect(template.slots[0] == SlotSpec(id: "a", accepts: .any, duration: RationalTime(value: 3003, timescale: 30000), fit: .cover, volume: 0))
    }

    @Test func missingFolderIsThrownWithItsPath() {
        let path = "/nonexistent/reel-template-\(UUID().uuidString)"
        #expect(throws: TemplateLoadError.folderNotFound(path: path)) { try TemplateLoader.load(folder: path) }
    }

    @Test func folderWithoutTemplateJSONIsThrown() throws {
        let fixture = try TemplateFixture(json: nil)
        defer { fixture.remove() }
        #expect(throws: TemplateLoadError.templateFileMissing(path: fixture.templateFile)) { try fixture.load() }
    }

    @Test func aFileInsteadOfAFolderIsThrown() throws {
        let fixture = try TemplateFixture()
        defer { fixture.remove() }
        #expect(throws: TemplateLoadError.notAFolder(path: fixture.templateFile)) { try TemplateLoader.load(folder: fixture.templateFile) }
    }

    @Test func allProblemsAreReportedAtOnce() throws {
        let fixture = try TemplateFixture(
            json: """
                { "format": 1, "name": "Many", "canvas": { "width": 1081, "height": 10, "frameRate": "500" },
                  "slots": [{ "id": "", "duration": 0 }, { "id": "b", "duration": "2.5 sec", "fit": "fill" }],
                  "colour": "red" }
                """)
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.template == nil)
        #expect(
            Set(result.diagnostics.codes) == [
                .canvasSize, .frameRate, .emptySlotID, .slotDuration, .timeSyntax, .unknownChoice, .unknownKey, .assetUnused,
            ])
        #expect(result.diagnostics.filter { $0.code == .canvasSize }.count == 2)
    }

    @Test func everyDiagnosticNamesFilePathPlaceAndFix() throws {
        let diagnostics = try findings(replacing: "\"width\": 1080", with: "\"width\": 1079")
        let d = try #require(diagnostics.first(.canvasSize))
        #expect(d.severity == .error)
        #expect(d.location.file?.hasSuffix("/template.json") == true)
        #expect(d.location.path?.description == "canvas.width")
        #expect(d.location.line == 5)
        #expect(d.location.column == 24)
        #expect(!d.notes.isEmpty)
        #expect(d.description.hasSuffix("template.json:5:24: error[T020]: /canvas/width: canvas width 1079 is odd\n  note: " + d.notes[0]))
    }

    @Test func warningsLeaveTheTemplateUsable() throws {
        let fixture = try TemplateFixture(replacing: "\"name\": \"Postcard\",", with: "\"name\": \"Postcard\", \"nmae\": 1,")
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.codes == [.unknownKey])
        #expect(result.template != nil)
        #expect(!result.diagnostics.hasFailures(strict: false))
        #expect(result.diagnostics.hasFailures(strict: true))
    }
}
