import Testing

@testable import DocumentJSON
@testable import EffectCatalog
@testable import TemplateFormat

/// The files made from the catalog are checked in (editors read the schema, people read the
/// documentation); each must be exactly what the catalog makes today.
@Suite struct GeneratedFilesTests {
    static let regenerate = "run scripts/generate-catalog to regenerate it"
    static let schemaFile = "templates/template.schema.json"
    static let documentation = "docs/template-format.md"
    static let tablesBegin =
        "<!-- Generated from the catalog by `reel catalog --format markdown`: edit the descriptors, then run scripts/generate-catalog. -->\n"
    static let tablesEnd = "<!-- End of the generated catalog tables. -->\n"

    @Test func theSchemaIsTheGeneratedOne() throws {
        let checkedIn = try RepositoryFiles.text(Self.schemaFile)
        let generated = TemplateSchema.text()
        let same = checkedIn == generated
        #expect(
            same,
            "\(Self.schemaFile) differs from `reel catalog --format schema` at line \(Self.firstDifference(checkedIn, generated)): \(Self.regenerate)"
        )
    }

    @Test func theDocumentationsTablesAreTheGeneratedOnes() throws {
        let doc = try RepositoryFiles.text(Self.documentation)
        let begin = try #require(doc.range(of: Self.tablesBegin), "\(Self.documentation) lacks the line \(Self.tablesBegin)")
        let end = try #require(doc.range(of: Self.tablesEnd, range: begin.upperBound..<doc.endIndex), "\(Self.documentation) lacks \(Self.tablesEnd)")
        let checkedIn = String(doc[begin.upperBound..<end.lowerBound])
        let generated = Catalog.markdown()
        let same = checkedIn == generated
        #expect(
            same,
            "the catalog tables of \(Self.documentation) differ from `reel catalog --format markdown` at their line \(Self.firstDifference(checkedIn, generated)): \(Self.regenerate)"
        )
    }

    /// The skeleton holds no catalog fact: no string of it is a transition's or a filter's id (they
    /// come from its placeholders), and every placeholder is filled.
    @Test func theSkeletonNamesNoEffect() throws {
        func strings(_ value: JSONValue) -> [String] {
            switch value {
            case .string(let s): [s]
            case .array(let items): items.flatMap(strings)
            case .object(let object): object.members.flatMap { strings($0.value) }
            default: []
            }
        }
        let skeleton = Set(strings(try JSONParser.parse(TemplateSchema.skeleton).root))
        for family in [EffectFamily.transition, .filter] {
            for id in Catalog.ids(of: family) { #expect(!skeleton.contains(id), "the schema's skeleton names \(family.rawValue) '\(id)'") }
        }
        let schema = TemplateSchema.text()
        #expect(!schema.contains(TemplateSchema.marker) && !schema.contains(TemplateSchema.limitMarker), "a placeholder is left in the schema")
    }

    /// The first line (from 1) where two texts differ.
    static func firstDifference(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        return (zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)) + 1
    }
}
