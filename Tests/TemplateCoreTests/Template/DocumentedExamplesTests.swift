import Foundation
import Testing

@testable import TemplateFormat
@testable import TimelineModel

/// The examples in docs/ must stay true: a stale example fails here.
@Suite struct DocumentedExamplesTests {
    @Test func templateExampleLoadsWithoutFindings() throws {
        let json = try #require(try RepositoryFiles.firstJSONBlock(in: "docs/template-format.md"))
        let fixture = try TemplateFixture(json: json)
        defer { fixture.remove() }
        let result = try fixture.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        #expect(result.template?.slots.count == 2)
    }

    @Test func timelineExampleIsCanonical() throws {
        let json = try #require(try RepositoryFiles.firstJSONBlock(in: "docs/timeline-format.md"))
        let timeline = try TimelineCodec.decode(json)
        #expect(TimelineCodec.encode(timeline) == json)
    }

    @Test func shippedTemplatesLoadWithoutFindings() throws {
        let templates = RepositoryFiles.root.appendingPathComponent("templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path)) ?? []
        for name in names.sorted() {
            let folder = templates.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("template.json").path) else { continue }
            let result = try TemplateLoader.load(folder: folder.path)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.rendered())")
            #expect(result.template != nil, "\(name)")
        }
    }
}
