import Foundation
import Testing

@testable import TemplateFormat

/// One fixture per validation rule: the valid template with one change that must trigger it.
@Suite struct TemplateRuleTests {
    typealias Case = RuleCase

    static let cases: [Case] = [
        Case(original: "\"format\": 1", replacement: "\"format\": 2", code: .unsupportedFormat, path: "format"),
        Case(original: "\"format\": 1,", replacement: "", code: .missingKey, path: ""),
        Case(original: "\"name\": \"Postcard\",", replacement: "", code: .missingKey, path: ""),
        Case(original: "\"duration\": \"48f\"", replacement: "\"during\": \"48f\"", code: .missingKey, path: "slots[1]"),
        Case(original: "\"width\": 1080", replacement: "\"width\": \"1080\"", code: .wrongType, path: "canvas.width"),
        Case(original: "\"width\": 1080", replacement: "\"width\": 1080.5", code: .wrongType, path: "canvas.width"),
        Case(original: "\"name\": \"Postcard\"", replacement: "\"name\": 7", code: .wrongType, path: "name"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": true", code: .wrongType, path: "slots[0].duration"),
        Case(original: "\"slots\": [", replacement: "\"slots\": 3, \"x\": [", code: .wrongType, path: "slots"),
        Case(
            original: "\"frameRate\": \"30\"", replacement: "\"framerate\": \"30\", \"frameRate\": \"30\"", code: .unknownKey,
            path: "canvas.framerate", severity: .warning),
        Case(original: "\"accepts\": \"video\"", replacement: "\"accepts\": \"vidoe\"", code: .unknownChoice, path: "slots[1].accepts"),
        Case(original: "\"fit\": \"cover\"", replacement: "\"fit\": \"fill\"", code: .unknownChoice, path: "slots[0].fit"),
        Case(original: "\"width\": 1080", replacement: "\"width\": 1081", code: .canvasSize, path: "canvas.width"),
        Case(original: "\"height\": 1920", replacement: "\"height\": 8194", code: .canvasSize, path: "canvas.height"),
        Case(original: "\"height\": 1920", replacement: "\"height\": 14", code: .canvasSize, path: "canvas.height"),
        Case(original: "\"frameRate\": \"30\"", replacement: "\"frameRate\": \"121\"", code: .frameRate, path: "canvas.frameRate"),
        Case(original: "\"frameRate\": \"30\"", replacement: "\"frameRate\": 0", code: .frameRate, path: "canvas.frameRate"),
        Case(original: "\"frameRate\": \"30\"", replacement: "\"frameRate\": \"fast\"", code: .frameRate, path: "canvas.frameRate"),
        Case(original: "\"background\": \"#000000\"", replacement: "\"background\": \"black\"", code: .backgroundColor, path: "canvas.background"),
        Case(original: "\"background\": \"#000000\"", replacement: "\"background\": \"#00000\"", code: .backgroundColor, path: "canvas.background"),
        Case(original: "\"id\": \"two\"", replacement: "\"id\": \" \"", code: .emptySlotID, path: "slots[1].id"),
        Case(original: "\"id\": \"two\"", replacement: "\"id\": \"opening\"", code: .duplicateSlotID, path: "slots[1].id"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": \"2.5 sec\"", code: .timeSyntax, path: "slots[0].duration"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": 0", code: .slotDuration, path: "slots[0].duration"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": -1", code: .slotDuration, path: "slots[0].duration"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": 600.001", code: .slotDuration, path: "slots[0].duration"),
        Case(original: "\"duration\": 2.5", replacement: "\"duration\": \"0.03s\"", code: .slotDuration, path: "slots[0].duration"),
        Case(original: "\"volume\": 0 }", replacement: "\"volume\": 4.5 }", code: .volumeRange, path: "slots[0].volume"),
        Case(original: "\"volume\": 0.8", replacement: "\"volume\": -0.1", code: .volumeRange, path: "music.volume"),
        Case(original: "\"fadeIn\": 0", replacement: "\"fadeIn\": -1", code: .musicTime, path: "music.fadeIn"),
        Case(original: "\"fadeOut\": 1.5", replacement: "\"fadeOut\": 601", code: .musicTime, path: "music.fadeOut"),
        Case(original: "\"start\": 0", replacement: "\"start\": \"48f\"", code: .timeSyntax, path: "music.start"),
        Case(original: "\"name\": \"Postcard\"", replacement: "\"name\": \"\"", code: .emptyText, path: "name"),
        Case(original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"\"", code: .emptyText, path: "music.file"),
        Case(original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"/etc/hostname\"", code: .assetPathOutside, path: "music.file"),
        Case(original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"../track.m4a\"", code: .assetPathOutside, path: "music.file"),
        Case(
            original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"music/../music/track.m4a\"", code: .assetPathOutside,
            path: "music.file"),
        Case(original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"music/missing.m4a\"", code: .assetMissing, path: "music.file"),
        Case(original: "\"file\": \"music/track.m4a\"", replacement: "\"file\": \"music\"", code: .assetNotRegularFile, path: "music.file"),
    ]

    @Test(arguments: cases)
    func ruleIsTriggered(_ c: Case) throws {
        try c.check(try findings(replacing: c.original, with: c.replacement))
    }

    @Test func unknownKeySuggestsTheClosestKnownOne() throws {
        let diagnostics = try findings(replacing: "\"frameRate\": \"30\"", with: "\"framerate\": \"30\", \"frameRate\": \"30\"")
        let d = try #require(diagnostics.first(.unknownKey))
        #expect(d.notes.first == "did you mean 'frameRate'?")
        #expect(d.location.line == 5)
        #expect(d.location.column == 46, "at the key")
        let choice = try #require(try findings(replacing: "\"accepts\": \"video\"", with: "\"accepts\": \"vidoe\"").first(.unknownChoice))
        #expect(choice.notes.first == "did you mean 'video'?")
    }

    @Test func unsupportedFormatNamesTheSupportedOneAndStops() throws {
        let diagnostics = try findings(replacing: "\"format\": 1", with: "\"format\": 3, \"bogus\": 1")
        #expect(diagnostics.codes == [.unsupportedFormat])
        #expect(diagnostics[0].message.contains("format 1"))
    }

    @Test func jsonSyntaxErrorHasLineAndColumn() throws {
        let diagnostics = try findings(replacing: "\"fit\": \"cover\",", with: "\"fit\": \"cover\"")
        #expect(diagnostics.codes == [.jsonSyntax])
        #expect(diagnostics[0].location.line == 8)
        #expect(diagnostics[0].location.column == 74)
        #expect(diagnostics[0].description.contains("template.json:8:74: error[T001]: invalid JSON: object value separator ',' expected, found '\"'"))
    }

    @Test func templateLargerThanOneMebibyteIsAnError() throws {
        let padding = String(repeating: " ", count: TemplateLoader.maxFileSize)
        let fixture = try TemplateFixture(json: TemplateFixture.validJSON + padding)
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.codes == [.fileTooLarge])
        #expect(result.template == nil)
    }

    @Test func nestingDeeperThan64LevelsIsAnError() throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let diagnostics = try findings(replacing: "\"description\": \"Six shots cut to music\"", with: "\"description\": \(deep)")
        #expect(diagnostics.codes == [.nestingTooDeep])
        #expect(diagnostics[0].location.line == 4)
    }

    @Test func duplicateKeysAreWarnedAbout() throws {
        let diagnostics = try findings(replacing: "\"name\": \"Postcard\",", with: "\"name\": \"A\", \"name\": \"Postcard\",")
        #expect(diagnostics.codes == [.duplicateKey])
        #expect(diagnostics[0].severity == .warning)
        #expect(diagnostics[0].location.column == 16)
    }

    @Test func aTemplateNeedsOneTo200Slots() throws {
        let none = try findings(replacing: TemplateFixture.validJSON.slotsArray, with: "[]")
        #expect(none.codes == [.slotCount])
        let many = (0..<201).map { "{ \"id\": \"s\($0)\", \"duration\": 1 }" }.joined(separator: ",")
        let tooMany = try findings(replacing: TemplateFixture.validJSON.slotsArray, with: "[\(many)]")
        #expect(tooMany.codes == [.slotCount])
    }

    @Test func slotsMayLast3600SecondsInAll() throws {
        let six = (0..<6).map { "{ \"id\": \"s\($0)\", \"duration\": 600 }" }.joined(separator: ",")
        #expect(try findings(replacing: TemplateFixture.validJSON.slotsArray, with: "[\(six)]").isEmpty)
        let seven = (0..<7).map { "{ \"id\": \"s\($0)\", \"duration\": 600 }" }.joined(separator: ",")
        let diagnostics = try findings(replacing: TemplateFixture.validJSON.slotsArray, with: "[\(seven)]")
        #expect(diagnostics.codes == [.totalDuration])
        #expect(diagnostics[0].location.path?.description == "slots")
    }

    @Test func aSymlinkLeadingOutsideTheFolderIsAnError() throws {
        let outside = try TemplateFixture(json: nil, files: ["secret.m4a": "outside"])
        defer { outside.remove() }
        let fixture = try TemplateFixture(files: [:])
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.folder + "/music", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/music/track.m4a", withDestinationPath: outside.folder + "/secret.m4a")
        let diagnostics = try fixture.load().diagnostics
        #expect(diagnostics.codes == [.assetPathOutside])
        #expect(diagnostics[0].message.contains("symbolic link"))
    }

    @Test func aSymlinkedFolderLeadingOutsideIsAnError() throws {
        let outside = try TemplateFixture(json: nil, files: ["track.m4a": "outside"])
        defer { outside.remove() }
        let fixture = try TemplateFixture(files: [:])
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/music", withDestinationPath: outside.folder)
        #expect(try fixture.load().diagnostics.codes == [.assetPathOutside])
    }

    @Test func aSymlinkStayingInsideIsFine() throws {
        let fixture = try TemplateFixture(files: ["audio/real.m4a": "inside"])
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.folder + "/music", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/music/track.m4a", withDestinationPath: "../audio/real.m4a")
        #expect(try fixture.load().diagnostics.isEmpty)
    }
}

extension String {
    /// The `[...]` of the fixture's slots.
    var slotsArray: String {
        let start = range(of: "\"slots\": ")?.upperBound ?? endIndex
        let end = range(of: "]", options: .backwards)?.upperBound ?? endIndex
        return String(self[start..<end])
    }
}
