import Foundation
import MediaTime
import Testing

@testable import Captions
@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// The template's `captions` layer: read and checked, its caption file's cues checked by
/// `validate`, and its style, area and stacking used by the resolver.
@Suite struct CaptionsLayerTests {
    let slots = #"{ "id": "two", "accepts": "video", "duration": "48f" }"#

    func load(_ layers: String, files: [String: String] = [:]) throws -> TemplateLoadResult {
        var all = files
        all["music/track.m4a"] = "not really audio"
        let fixture = try TemplateFixture(replacing: slots, with: slots + "\n  ], \"layers\": [" + layers, files: all)
        defer { fixture.remove() }
        return try fixture.load()
    }

    @Test func aCaptionsLayerIsRead() throws {
        let layer =
            ##"{ "id": "subs", "kind": "captions", "style": "karaoke", "lines": 1, "file": "talk.vtt", "size": 50, "highlight": "#00ff00", "area": { "x": 0.1, "y": 0.1, "width": 0.8, "height": 0.5 } }"##
        let result = try load(layer, files: ["talk.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nHi there\n"])
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics)")
        let captions = try #require(result.template?.captionsLayer)
        #expect(captions.index == 0)
        #expect(captions.spec.style == .karaoke && captions.spec.lines == 1 && captions.spec.file == "talk.vtt")
        let style = captions.spec.captionStyle(on: Canvas(width: 1080, height: 1920), templateFolder: "t")
        #expect(style.look?.size == 50 && style.highlight == RGBAColor(red: 0, green: 255, blue: 0))
        #expect(style.area == LayerRect(x: 0.1, y: 0.1, width: 0.8, height: 0.5))
    }

    @Test func badValuesAndASecondLayerAreErrors() throws {
        let result = try load(
            #"{ "id": "a", "kind": "captions", "style": "wavy", "lines": 9 }, { "id": "b", "kind": "captions", "bogus": 1 }"#)
        #expect(result.template == nil)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.unknownChoice, .outOfRange, .tooMany, .unknownKey]), "\(result.diagnostics)")
    }

    @Test func validateReportsTheCaptionFilesBadCuesWithTheirLines() throws {
        let srt = "1\n00:00:00,000 --> 00:00:01,000\nfine\n\n2\n00:00:0x,000 --> 00:00:02,000\nbroken\n"
        let result = try load(#"{ "id": "subs", "kind": "captions", "file": "talk.srt" }"#, files: ["talk.srt": srt])
        let finding = try #require(result.diagnostics.first(.captionTime))
        #expect(finding.location.line == 6 && finding.location.file?.hasSuffix("talk.srt") == true)
        #expect(result.template != nil, "a bad cue is a warning")
        let missing = try load(#"{ "id": "subs", "kind": "captions", "file": "nope.srt" }"#)
        #expect(missing.diagnostics.first(.assetMissing) != nil)
    }

    @Test func theResolverTakesTheLayersStyleWindowAndStacking() throws {
        let json = """
            { "format": 1, "name": "C", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "slots": [{ "id": "a", "duration": 4 }],
              "layers": [{ "id": "t", "kind": "text", "text": "Title" },
                         { "id": "subs", "kind": "captions", "style": "pop", "start": 1, "duration": 2 }] }
            """
        let fixture = try TemplateFixture(json: json, files: [:])
        defer { fixture.remove() }
        let template = try #require(try fixture.load().template)
        let track = CaptionParser.parse("WEBVTT\n\n00:00.500 --> 00:02.000\nab cd\n\n00:03.500 --> 00:04.000\nlate\n", file: "c.vtt")
        let resolution = try Resolver.resolve(
            template: template, templateFolder: fixture.folder, media: [image("a.jpg")], options: ResolveOptions(captions: track))
        let captions = resolution.timeline.texts.filter { $0.id.hasPrefix("caption-") }
        #expect(captions.map(\.text) == ["ab", "cd"])
        #expect(captions.first?.timelineRange.start == RationalTime(seconds: 1), "shown from the layer's start")
        #expect(captions.allSatisfy { $0.layer == 2 })
        #expect(resolution.diagnostics.map(\.code).contains(.captionPastEnd), "the late cue is past the layer's end")
    }
}
